import type { Migration } from 'kysely';
import * as shop from './2026-11-27-shop';

/** The shop's game-store migrations; never edit one that has shipped, add a new one. */
export const shopMigrations: Record<string, Migration> = {
  '2026-11-27-shop': shop,
};
