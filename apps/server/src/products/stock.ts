import { PRODUCT_STATUS } from '@outpost/contracts/products';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { bulkRows } from '../platform/db/bulk-rows';
import { isPostgres } from '../platform/db/dialect';

/*
 * Stock moves of orders: the merch shop takes units of a variety when an order reserves them and
 * gives them back when a reservation lapses or is cancelled. Each move also moves the variety's
 * original quantity, the baseline of docs/product.md §5.4's lifetime rule, so a later raise by the back office
 * counts exactly the units it adds; and each bumps the product's version, so an edit screen
 * loaded before a sale cannot save its stale quantity over the sale (it gets the 409 instead).
 */

/** A product an order batch is taking stock of, with its varieties, locked for the rest of the transaction. */
export interface LockedProduct {
  productID: string;
  name: string;
  /** US cents, the price now. */
  price: number;
  varieties: { varietyID: string; varietyName: string; stripeID: string; quantity: number }[];
}

/**
 * Locks the Active ones of `productIDs` for the caller's transaction (on PostgreSQL a row lock,
 * taken in product order by every batch, so two never wait on each other in a circle; SQLite runs
 * one transaction at a time) and answers them with their varieties, in two statements whatever
 * their number. A product missing or not Active is not in the answer.
 */
export async function lockProductsForSale(
  trx: Kysely<GameDatabase>,
  productIDs: readonly string[],
): Promise<Map<string, LockedProduct>> {
  const ids = [...new Set(productIDs)].sort();
  const products = await trx
    .selectFrom('products')
    .select(['product_id', 'name', 'price'])
    .where('product_id', 'in', ids)
    .where('status', '=', PRODUCT_STATUS.active)
    .orderBy('product_id')
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .execute();
  const locked = new Map<string, LockedProduct>(
    products.map((row) => [
      row.product_id,
      { productID: row.product_id, name: row.name, price: row.price, varieties: [] },
    ]),
  );
  if (locked.size === 0) return locked;
  const varieties = await trx
    .selectFrom('product_varieties')
    .select(['product_id', 'variety_id', 'variety_name', 'stripe_id', 'quantity'])
    .where('product_id', 'in', [...locked.keys()])
    .execute();
  for (const row of varieties) {
    locked.get(row.product_id)?.varieties.push({
      varietyID: row.variety_id,
      varietyName: row.variety_name,
      stripeID: row.stripe_id,
      quantity: row.quantity,
    });
  }
  return locked;
}

/**
 * Takes the units a batch of orders sold, in two statements whatever their number: every
 * variety moves by its total and every product's version by one. Call inside the transaction that
 * locked the products (lockProductsForSale) and decided the sales on the quantities it read.
 */
export async function takeSoldStock(
  trx: Kysely<GameDatabase>,
  sold: readonly { productID: string; varietyID: string; quantity: number }[],
): Promise<void> {
  if (sold.length === 0) return;
  // One row per variety: an update joined to two rows of one variety would move it once.
  const totals = new Map<string, { product_id: string; variety_id: string; units: number }>();
  for (const line of sold) {
    const key = JSON.stringify([line.productID, line.varietyID]);
    const row = totals.get(key) ?? { product_id: line.productID, variety_id: line.varietyID, units: 0 };
    row.units += line.quantity;
    totals.set(key, row);
  }
  const rows = [...totals.values()];
  const moved = await trx
    .updateTable('product_varieties')
    .from(
      bulkRows<GameDatabase, { product_id: string; variety_id: string; units: number }>(
        trx,
        { product_id: 'text', variety_id: 'text', units: 'integer' },
        rows,
      ).as('sold'),
    )
    .set((eb) => ({
      quantity: eb('product_varieties.quantity', '-', eb.ref('sold.units')),
      original_quantity: eb('product_varieties.original_quantity', '-', eb.ref('sold.units')),
    }))
    .whereRef('product_varieties.product_id', '=', 'sold.product_id')
    .whereRef('product_varieties.variety_id', '=', 'sold.variety_id')
    .where((eb) => eb('product_varieties.quantity', '>=', eb.ref('sold.units')))
    .executeTakeFirst();
  // The products' locks make this unreachable; the guard keeps the stock whole if that ever changes.
  if (Number(moved.numUpdatedRows) !== rows.length) throw new Error('Stock moved under a batch of orders.');
  await trx
    .updateTable('products')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('product_id', 'in', [...new Set(sold.map((line) => line.productID))])
    .execute();
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
