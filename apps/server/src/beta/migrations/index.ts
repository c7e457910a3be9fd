import type { Migration } from 'kysely';
import * as beta from './2026-12-01-beta';

/** The beta programme's game-store migrations; never edit one that has shipped, add a new one. */
export const betaMigrations: Record<string, Migration> = {
  '2026-12-01-beta': beta,
};
