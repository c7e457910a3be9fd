import type { Migration } from 'kysely';
import * as storeMeta from './2026-11-22-store-meta';

/** Operations' game-store migrations; never edit one that has shipped, add a new one. */
export const opsMigrations: Record<string, Migration> = {
  '2026-11-22-store-meta': storeMeta,
};
