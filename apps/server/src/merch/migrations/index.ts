import type { Migration } from 'kysely';
import * as merch from './2026-11-29-merch';
import * as openOrdersByPlayer from './2026-12-14-open-orders-by-player';

/** The merch shop's game-store migrations; never edit one that has shipped, add a new one. */
export const merchMigrations: Record<string, Migration> = {
  '2026-11-29-merch': merch,
  '2026-12-14-open-orders-by-player': openOrdersByPlayer,
};
