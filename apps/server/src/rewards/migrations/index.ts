import type { Migration } from 'kysely';
import * as rewards from './2026-12-01-rewards';
import * as everyone from './2026-12-10-reward-everyone';
import * as scheduled from './2026-12-25-reward-everyone-scheduled';

/** Reward distribution's game-store migrations; never edit one that has shipped, add a new one. */
export const rewardMigrations: Record<string, Migration> = {
  '2026-12-01-rewards': rewards,
  '2026-12-10-reward-everyone': everyone,
  '2026-12-25-reward-everyone-scheduled': scheduled,
};
