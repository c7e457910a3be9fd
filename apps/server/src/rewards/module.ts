import type { Domain } from '../domain';
import { rewardMigrations } from './migrations/index';
import { rewardPersonalData } from './personal-data';
import { registerRewardRoutes } from './routes';

/** Rewards: credits and items an admin distributes to an audience of players. */
export const rewardsDomain: Domain = {
  name: 'rewards',
  migrations: { game: rewardMigrations },
  register(app, { stores, identity }) {
    registerRewardRoutes(app, { game: stores.game, identity });
  },
  personalData: rewardPersonalData,
};
