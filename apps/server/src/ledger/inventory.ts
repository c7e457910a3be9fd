import { type ClaimedItem, ITEM_TAKE_BACK_SOURCE } from '@outpost/contracts/economy';
import type { PlayerHolding } from '@outpost/contracts/player-record';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { GameDatabase } from '../database';
import { selectRows } from '../platform/db/bulk-rows';
import { isPostgres } from '../platform/db/dialect';

/*
 * The player's game inventory (claimed-items): the only code that writes it. A grant runs in the
 * caller's transaction, beside the charge or the redemption that caused it, and is keyed by its
 * cause, so a cause retried grants nothing twice. A take-back is a row of its own with a negative
 * quantity: nothing is ever updated or deleted, and what a player holds is the sum of their rows.
 */

/** What grants items; a take-back's rows are ITEM_TAKE_BACK_SOURCE's. */
export const ITEM_SOURCES = ['spin', 'redemption', 'reward', 'game', 'support'] as const;
export type ItemSource = (typeof ITEM_SOURCES)[number];

export interface ItemGrant {
  userId: string;
  /** Item ids of items-master; one listed twice is granted with quantity 2. */
  itemIDs: readonly string[];
  source: ItemSource;
  /**
   * The cause, unique per grant: `spin:<spinID>`, `code:<code>:<userID>`, `reward:<requestID>:<userID>`,
   * `game:<eventID>` (an item the game reports claimed), `support:<id>` (staff on the player page).
   */
  reference: string;
  now?: Date;
}

/** Grants the items of one cause; a cause already granted changes nothing. */
export function grantItems(trx: Kysely<GameDatabase>, grant: ItemGrant): Promise<void> {
  return grantAllItems(trx, [grant]);
}

/**
 * Grants the items of many causes in one statement (the game's reported claims come a batch at a
 * time); each cause already granted changes nothing, and the claims per item move by what was
 * really granted.
 */
export async function grantAllItems(trx: Kysely<GameDatabase>, grants: readonly ItemGrant[]): Promise<void> {
  const rows = grants.flatMap((grant) => {
    const quantities = new Map<string, number>();
    for (const itemID of grant.itemIDs) quantities.set(itemID, (quantities.get(itemID) ?? 0) + 1);
    const claimedAt = (grant.now ?? new Date()).toISOString();
    return [...quantities].map(([itemID, quantity]) => ({
      user_id: grant.userId,
      item_id: itemID,
      quantity,
      source: grant.source,
      reference: grant.reference,
      claimed_at: claimedAt,
    }));
  });
  if (rows.length === 0) return;
  // Sorted by key, rows and counts: concurrent grants lock them in one order (no deadlock).
  const keyOf = (row: { reference: string; item_id: string }) => `${row.reference}\u0000${row.item_id}`;
  rows.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  const granted = await trx
    .insertInto('claimed_items')
    .columns(['user_id', 'item_id', 'quantity', 'source', 'reference', 'claimed_at'])
    .expression(
      selectRows(
        trx,
        {
          user_id: 'text',
          item_id: 'text',
          quantity: 'integer',
          source: 'text',
          reference: 'text',
          claimed_at: 'text',
        },
        rows,
      ),
    )
    .onConflict((conflict) => conflict.columns(['reference', 'item_id']).doNothing())
    .returning(['item_id', 'quantity'])
    .execute();
  // One row per item: an upsert may not move a row twice in one statement.
  const counts = new Map<string, number>();
  for (const row of granted) counts.set(row.item_id, (counts.get(row.item_id) ?? 0) + row.quantity);
  await moveClaimCounts(trx, counts);
}

/** Moves each item's claims count by `delta` (one upsert per item, in one order: see grantAllItems). */
async function moveClaimCounts(trx: Kysely<GameDatabase>, counts: ReadonlyMap<string, number>): Promise<void> {
  if (counts.size === 0) return;
  await trx
    .insertInto('claimed_item_counts')
    .values(
      [...counts]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([itemID, count]) => ({ item_id: itemID, count })),
    )
    .onConflict((conflict) =>
      conflict
        .column('item_id')
        .doUpdateSet((eb) => ({ count: eb('claimed_item_counts.count', '+', eb.ref('excluded.count')) })),
    )
    .execute();
}

export interface ItemTakeBack {
  userId: string;
  itemID: string;
  /** A positive whole number: how many to take back. */
  quantity: number;
  /** Staff's reason, which the player reads in their item history. */
  note: string;
  now?: Date;
}

/** A take-back of more of an item than the player holds; nothing was changed. */
export class NotEnoughItemsError extends Error {
  constructor(
    readonly held: number,
    readonly quantity: number,
  ) {
    super(`A take-back of ${quantity} is more than the ${held} the player holds.`);
  }
}

/** What a player holds of one item: their rows' quantities summed (take-backs are negative). */
export async function heldOf(db: Kysely<GameDatabase>, userId: string, itemID: string): Promise<number> {
  const row = await db
    .selectFrom('claimed_items')
    .select((eb) => eb.fn.sum<number | string | null>('quantity').as('held'))
    .where('user_id', '=', userId)
    .where('item_id', '=', itemID)
    .executeTakeFirst();
  return Number(row?.held ?? 0);
}

/**
 * Takes `quantity` of an item back from a player, in the caller's transaction: one row of its own
 * (source ITEM_TAKE_BACK_SOURCE, the quantity negative, staff's reason as its note), and the item's
 * claims count moved by it. Throws NotEnoughItemsError, changing nothing, when the player holds
 * fewer. However many run at once, the player never holds less than none: on PostgreSQL each locks
 * the player's rows of the item first, in one order, so rivals read the sum one after another (each
 * reads it in a statement of its own, which sees what the one before committed); SQLite runs one
 * write transaction at a time.
 */
export async function takeBackItems(
  trx: Kysely<GameDatabase>,
  takeBack: ItemTakeBack,
): Promise<{ heldBefore: number; held: number }> {
  if (!trx.isTransaction) throw new Error('takeBackItems runs in its caller’s transaction.');
  if (!Number.isSafeInteger(takeBack.quantity) || takeBack.quantity <= 0) {
    throw new RangeError(`Not a quantity to take back: ${takeBack.quantity}`);
  }
  const { userId, itemID, quantity } = takeBack;
  if (isPostgres(trx)) {
    await trx
      .selectFrom('claimed_items')
      .select('reference')
      .where('user_id', '=', userId)
      .where('item_id', '=', itemID)
      .orderBy('reference')
      .forUpdate()
      .execute();
  }
  const heldBefore = await heldOf(trx, userId, itemID);
  if (heldBefore < quantity) throw new NotEnoughItemsError(heldBefore, quantity);
  await trx
    .insertInto('claimed_items')
    .values({
      user_id: userId,
      item_id: itemID,
      quantity: -quantity,
      source: ITEM_TAKE_BACK_SOURCE,
      reference: `${ITEM_TAKE_BACK_SOURCE}:${uuidv7()}`,
      claimed_at: (takeBack.now ?? new Date()).toISOString(),
      note: takeBack.note,
    })
    .execute();
  // The counts are the rows' quantities summed, as the live stats read them: a take-back undoes a claim.
  await moveClaimCounts(trx, new Map([[itemID, -quantity]]));
  return { heldBefore, held: heldBefore - quantity };
}

/** What a player holds now, item by item (none of those they no longer hold), by name. */
export async function listHoldings(db: Kysely<GameDatabase>, userId: string): Promise<PlayerHolding[]> {
  const rows = await db
    .selectFrom('claimed_items')
    .leftJoin('items_master', 'items_master.item_id', 'claimed_items.item_id')
    .select((eb) => [
      'claimed_items.item_id',
      'items_master.name',
      eb.fn.sum<number | string>('claimed_items.quantity').as('held'),
    ])
    .where('claimed_items.user_id', '=', userId)
    .groupBy(['claimed_items.item_id', 'items_master.name'])
    .execute();
  return rows
    .map((row) => ({ itemID: row.item_id, name: row.name ?? row.item_id, held: Number(row.held) }))
    .filter((holding) => holding.held > 0)
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || (a.itemID < b.itemID ? -1 : 1));
}

/**
 * A player's latest inventory rows (all of them without a limit), newest first, each with its name
 * from items-master: grants, and take-backs with staff's reason.
 */
export async function listClaimedItems(
  db: Kysely<GameDatabase>,
  userId: string,
  limit?: number,
): Promise<ClaimedItem[]> {
  const rows = await db
    .selectFrom('claimed_items')
    .leftJoin('items_master', 'items_master.item_id', 'claimed_items.item_id')
    .select([
      'claimed_items.item_id',
      'items_master.name',
      'claimed_items.quantity',
      'claimed_items.source',
      'claimed_items.note',
      'claimed_items.claimed_at',
    ])
    .where('claimed_items.user_id', '=', userId)
    .orderBy('claimed_items.claimed_at', 'desc')
    .orderBy('claimed_items.item_id')
    .$if(limit !== undefined, (query) => query.limit(limit as number))
    .execute();
  return rows.map((row) => ({
    itemID: row.item_id,
    name: row.name ?? row.item_id,
    quantity: row.quantity,
    source: row.source,
    // Only a take-back has a note: a grant's row reads as it always did.
    ...(row.note === null ? {} : { note: row.note }),
    claimedAt: row.claimed_at,
  }));
}

/** Claims of each of `itemIDs` (quantities summed), 0 for an item never claimed. */
export async function countItemClaims(
  db: Kysely<GameDatabase>,
  itemIDs: readonly string[],
): Promise<{ itemID: string; count: number }[]> {
  const rows =
    itemIDs.length === 0
      ? []
      : await db.selectFrom('claimed_item_counts').selectAll().where('item_id', 'in', itemIDs).execute();
  const counts = new Map(rows.map((row) => [row.item_id, Number(row.count)]));
  return itemIDs.map((itemID) => ({ itemID, count: counts.get(itemID) ?? 0 }));
}
