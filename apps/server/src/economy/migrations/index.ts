import type { Migration } from 'kysely';
import * as credits from './2026-11-26-credits';
import * as claimedItems from './2026-11-27-claimed-items';
import * as shop from './2026-11-27-shop';
import * as claimCodes from './2026-11-28-claim-codes';
import * as items from './2026-11-28-items';
import * as merch from './2026-11-29-merch';

/** The economy domain's game-store migrations; never edit one that has shipped, add a new one. */
export const economyMigrations: Record<string, Migration> = {
  '2026-11-26-credits': credits,
  '2026-11-27-claimed-items': claimedItems,
  '2026-11-27-shop': shop,
  '2026-11-28-claim-codes': claimCodes,
  '2026-11-28-items': items,
  '2026-11-29-merch': merch,
};
