import { PRODUCT_STATUS } from '@outpost/contracts/products';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../stores';

/*
 * Stock moves of orders: the merch shop takes units of a variety when an order reserves them and
 * gives them back when a reservation lapses or is cancelled. Each move also moves the variety's
 * original quantity, the baseline of spec §5's lifetime rule, so a later raise by the back office
 * counts exactly the units it adds; and each bumps the product's version, so an edit screen
 * loaded before a sale cannot save its stale quantity over the sale (it gets the 409 instead).
 */

/** The product an order is taking stock of, locked for the rest of the transaction. */
export interface LockedProduct {
  productID: string;
  name: string;
  /** US cents, the price now. */
  price: number;
}

/**
 * Locks an Active product for the caller's transaction (the row lock queues concurrent orders of
 * it) and answers its name and current price; undefined when it is missing or not Active.
 */
export async function lockProductForSale(
  trx: Kysely<GameDatabase>,
  productID: string,
): Promise<LockedProduct | undefined> {
  const row = await trx
    .updateTable('products')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('product_id', '=', productID)
    .where('status', '=', PRODUCT_STATUS.active)
    .returning(['product_id', 'name', 'price'])
    .executeTakeFirst();
  return row && { productID: row.product_id, name: row.name, price: row.price };
}

export type TakeStockOutcome =
  | { taken: true; varietyName: string; stripeID: string }
  | { taken: false; reason: 'no-variety' | 'sold-out'; varietyName?: string };

/** Bumps a product's version (and takes its row lock): its stock is about to move outside a sale. */
export async function touchProduct(trx: Kysely<GameDatabase>, productID: string): Promise<void> {
  await trx
    .updateTable('products')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('product_id', '=', productID)
    .execute();
}

/** Takes `quantity` units of a variety, never below zero; call inside the transaction that locked its product. */
export async function takeVarietyStock(
  trx: Kysely<GameDatabase>,
  line: { productID: string; varietyID: string; quantity: number },
): Promise<TakeStockOutcome> {
  const taken = await trx
    .updateTable('product_varieties')
    .set((eb) => ({
      quantity: eb('quantity', '-', line.quantity),
      original_quantity: eb('original_quantity', '-', line.quantity),
    }))
    .where('product_id', '=', line.productID)
    .where('variety_id', '=', line.varietyID)
    .where('quantity', '>=', line.quantity)
    .returning(['variety_name', 'stripe_id'])
    .executeTakeFirst();
  if (taken) return { taken: true, varietyName: taken.variety_name, stripeID: taken.stripe_id };
  const variety = await trx
    .selectFrom('product_varieties')
    .select('variety_name')
    .where('product_id', '=', line.productID)
    .where('variety_id', '=', line.varietyID)
    .executeTakeFirst();
  return variety
    ? { taken: false, reason: 'sold-out', varietyName: variety.variety_name }
    : { taken: false, reason: 'no-variety' };
}

/**
 * Gives units back (a lapsed or cancelled reservation). A variety the back office removed since
 * gets nothing back; the product's version moves so open edit screens reload the stock.
 */
export async function returnVarietyStock(
  trx: Kysely<GameDatabase>,
  line: { productID: string; varietyID: string; quantity: number },
): Promise<void> {
  await touchProduct(trx, line.productID);
  await trx
    .updateTable('product_varieties')
    .set((eb) => ({
      quantity: eb('quantity', '+', line.quantity),
      original_quantity: eb('original_quantity', '+', line.quantity),
    }))
    .where('product_id', '=', line.productID)
    .where('variety_id', '=', line.varietyID)
    .execute();
}
