import type { Migration } from 'kysely';
import * as credits from './2026-11-26-credits';
import * as claimedItems from './2026-11-27-claimed-items';
import * as claimedItemCounts from './2026-12-09-claimed-item-counts';
import * as ledgerNotes from './2026-12-21-ledger-notes';
import * as itemTakeBacks from './2026-12-22-item-take-backs';

/** The ledger's game-store migrations; never edit one that has shipped, add a new one. */
export const ledgerMigrations: Record<string, Migration> = {
  '2026-11-26-credits': credits,
  '2026-11-27-claimed-items': claimedItems,
  '2026-12-09-claimed-item-counts': claimedItemCounts,
  '2026-12-21-ledger-notes': ledgerNotes,
  '2026-12-22-item-take-backs': itemTakeBacks,
};
