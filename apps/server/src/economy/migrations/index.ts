import type { Migration } from 'kysely';
import * as credits from './2026-11-26-credits';

/** The economy domain's game-store migrations; never edit one that has shipped, add a new one. */
export const economyMigrations: Record<string, Migration> = {
  '2026-11-26-credits': credits,
};
