import type { ClaimedItem } from '@outpost/contracts/economy';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../stores';

/*
 * The player's game inventory (claimed-items): the only code that writes it. A grant runs in the
 * caller's transaction, beside the charge or the redemption that caused it, and is keyed by its
 * cause, so a cause retried grants nothing twice.
 */

export const ITEM_SOURCES = ['spin', 'redemption', 'reward'] as const;
export type ItemSource = (typeof ITEM_SOURCES)[number];

export interface ItemGrant {
  userId: string;
  /** Item ids of items-master; one listed twice is granted with quantity 2. */
  itemIDs: readonly string[];
  source: ItemSource;
  /** The cause, unique per grant: `spin:<spinID>`, `code:<code>:<userID>`, `reward:<requestID>:<userID>`. */
  reference: string;
  now?: Date;
}

/** Grants the items of one cause; a cause already granted changes nothing. */
export async function grantItems(trx: Kysely<GameDatabase>, grant: ItemGrant): Promise<void> {
  const quantities = new Map<string, number>();
  for (const itemID of grant.itemIDs) quantities.set(itemID, (quantities.get(itemID) ?? 0) + 1);
  if (quantities.size === 0) return;
  const claimedAt = (grant.now ?? new Date()).toISOString();
  await trx
    .insertInto('claimed_items')
    .values(
      [...quantities].map(([itemID, quantity]) => ({
        user_id: grant.userId,
        item_id: itemID,
        quantity,
        source: grant.source,
        reference: grant.reference,
        claimed_at: claimedAt,
      })),
    )
    .onConflict((conflict) => conflict.columns(['reference', 'item_id']).doNothing())
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
