import type { Migration } from 'kysely';
import * as rewards from './2026-12-01-rewards';

/** Reward distribution's game-store migrations; never edit one that has shipped, add a new one. */
export const rewardMigrations: Record<string, Migration> = {
  '2026-12-01-rewards': rewards,
};
