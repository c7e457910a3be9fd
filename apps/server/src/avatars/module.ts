import type { Domain } from '../domain';
import { avatarMigrations } from './migrations/index';
import { avatarPersonalData } from './personal-data';
import { registerAvatarRoutes } from './routes';
import { seedAvatars } from './seed';

/** Avatars: the looks players claim. */
export const domain: Domain = {
  name: 'avatars',
  migrations: { game: avatarMigrations },
  seed: seedAvatars,
  register(app, { game }) {
    registerAvatarRoutes(app, { game });
  },
  personalData: avatarPersonalData,
};
