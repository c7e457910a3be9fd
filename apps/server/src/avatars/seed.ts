import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { upsertAvatars } from './queries';

/** The demo avatars a player can claim at /account. */
export const DEMO_AVATARS = [
  {
    avatarID: 'dock-scavenger',
    name: 'Dock Scavenger',
    description: 'Patched overalls, a crowbar and a pocket full of bolts from the container yard.',
  },
  {
    avatarID: 'neon-medic',
    name: 'Neon Medic',
    description: 'A glowing field kit and a visor that lights up the lobby at night.',
  },
  {
    avatarID: 'rooftop-dj',
    name: 'Rooftop DJ',
    description: 'Headphones, a salvaged deck and a jacket covered in resistance patches.',
  },
] as const;

export async function seedAvatars(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  await upsertAvatars(db, DEMO_AVATARS, now);
}
