import type { Migration } from 'kysely';
import * as items from './2026-11-28-items';

/** items-master's game-store migrations; never edit one that has shipped, add a new one. */
export const itemMigrations: Record<string, Migration> = {
  '2026-11-28-items': items,
};
