import type { ClaimedItem } from '@outpost/contracts/economy';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { selectRows } from '../platform/db/bulk-rows';

/*
 * The player's game inventory (claimed-items): the only code that writes it. A grant runs in the
 * caller's transaction, beside the charge or the redemption that caused it, and is keyed by its
 * cause, so a cause retried grants nothing twice.
 */

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

/** A player's latest items (all of them without a limit), newest first, each with its name from items-master. */
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
