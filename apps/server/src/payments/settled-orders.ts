import { type Kysely, sql } from 'kysely';
import type { GameDatabase } from '../database';
import { bucketKey, bucketOf, bucketValues, type TimeUnit } from '../platform/db/time-buckets';

/**
 * How many orders of a kind were settled (completed) in each bucket of a chart, from `since`, the start of its
 * first bucket, on. By the day from the day sums the store keeps (migrations/2026-12-31-settled-order-days.ts),
 * whole days from `since`'s, so a range costs its days, not its orders; by the hour (the last day's chart) from
 * the orders themselves, a day's worth through their settled_at index.
 */
export async function countSettledOrdersPerBucket(
  db: Kysely<GameDatabase>,
  kind: string,
  since: string,
  unit: TimeUnit,
): Promise<ReadonlyMap<string, number>> {
  if (unit === 'day') {
    const days = await db
      .selectFrom('payment_order_days')
      .select(['day as bucket', 'orders as value'])
      .where('kind', '=', kind)
      .where('day', '>=', bucketKey(new Date(since), 'day'))
      .where('orders', '>', 0)
      .execute();
    return bucketValues(days);
  }
  const bucket = bucketOf(sql.ref('settled_at'), unit);
  const hours = await db
    .selectFrom('payment_orders')
    .where('kind', '=', kind)
    .where('status', '=', 'completed')
    .where('settled_at', '>=', since)
    .select((eb) => [bucket.as('bucket'), eb.fn.countAll<string | number>().as('value')])
    .groupBy(bucket)
    .execute();
  return bucketValues(hours);
}
