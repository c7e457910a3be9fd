import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { putTestPack } from '../shop/testing';

/** Test helpers for store purchases: what the stores sell, written straight into a store. */

/** The product id the stores sell the test pack under: a credit pack's id is its store product id. */
export const STORE_PACK_ID = 'pack-500';

/**
 * The credit pack the stores sell, 500 credits, off the web shop: a store's purchase grants a pack
 * whatever the web shop offers (purchases.ts), so the tests hold that too.
 */
export async function putStorePack(db: Kysely<GameDatabase>): Promise<void> {
  await putTestPack(db, { packID: STORE_PACK_ID, credits: 500, costUSD: 499, available: false });
}
