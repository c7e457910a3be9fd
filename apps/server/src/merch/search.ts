import { adminMerchOrderPath } from '@outpost/contracts/admin-routes';
import { parseShortNumber, shortNumber } from '@outpost/contracts/short-numbers';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { SearchSource } from '../domain';
import { startsWithText } from '../platform/db/text-search';

/**
 * The back office's search among merch orders: the one whose number the query is ("1047", "#1047"),
 * or those whose id starts with it (an id pasted from a payment provider's page or a log). Each is its
 * own indexed read (the number by payment_orders_order_number, the id as a range of the key): as one
 * `or` the store walked every order newest first.
 */
export const searchMerchOrders: SearchSource = async ({ game }, query, limit) => {
  const orderNumber = parseShortNumber(query);
  const [byId, byNumber] = await Promise.all([
    ordersWithIdPrefix(game, query, limit),
    orderNumber === undefined ? [] : ordersNumbered(game, orderNumber),
  ]);
  const found = new Map([...byNumber, ...byId].map((row) => [row.order_id, row]));
  return [...found.values()]
    .sort((a, b) => b.order_time.localeCompare(a.order_time) || b.order_id.localeCompare(a.order_id))
    .slice(0, limit)
    .map((row) => ({
      kind: 'order' as const,
      id: row.order_id,
      title: `Order ${shortNumber(row.order_number)}`,
      detail: `${row.status[0]?.toUpperCase()}${row.status.slice(1)}, placed ${row.order_time.slice(0, 10)}`,
      path: adminMerchOrderPath(row.order_id),
    }));
};

function foundOrders(game: Kysely<GameDatabase>) {
  return game
    .selectFrom('merch_orders')
    .innerJoin('payment_orders', 'payment_orders.order_id', 'merch_orders.order_id')
    .select(['merch_orders.order_id', 'payment_orders.order_number', 'merch_orders.status', 'merch_orders.order_time']);
}

function ordersNumbered(game: Kysely<GameDatabase>, orderNumber: number) {
  return foundOrders(game).where('payment_orders.order_number', '=', orderNumber).execute();
}

/**
 * The key range holding every id that starts with `query`. Ids are lower-case UUIDs (payment-orders.ts
 * makes them with randomUUID): hex digits and hyphens, each of which sorts below 'g' in code point
 * order and in the collations a PostgreSQL database is commonly created with (en_US.UTF-8, ICU's
 * root and most languages'), so an id starting with the query lies between it lower-cased and the
 * same text followed by 'g'. The query's last character's successor would not do: after '9' comes
 * ':', which those collations sort before the digits, so the range ended before it began. A
 * collation that joins letters into one (Danish 'aa', Welsh 'dd') or sorts digits by their value
 * would still miss ids; a `COLLATE "C"` index on the key is the way past those. The prefix test
 * keeps the answer exact.
 */
export function idPrefixRange(query: string): { from: string; to: string } {
  const from = query.toLowerCase();
  return { from, to: `${from}g` };
}

function ordersWithIdPrefix(game: Kysely<GameDatabase>, query: string, limit: number) {
  const { from, to } = idPrefixRange(query);
  return foundOrders(game)
    .where('merch_orders.order_id', '>=', from)
    .where('merch_orders.order_id', '<', to)
    .where(startsWithText('merch_orders.order_id', query))
    .orderBy('merch_orders.order_time', 'desc')
    .orderBy('merch_orders.order_id', 'desc')
    .limit(limit)
    .execute();
}
