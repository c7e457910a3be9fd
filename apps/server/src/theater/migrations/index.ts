import type { Migration } from 'kysely';
import * as theater from './2026-11-30-theater';

/** The theater domain's game-store migrations; never edit one that has shipped, add a new one. */
export const theaterMigrations: Record<string, Migration> = {
  '2026-11-30-theater': theater,
};
