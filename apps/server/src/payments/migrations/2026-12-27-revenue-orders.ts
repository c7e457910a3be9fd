import type { Kysely } from 'kysely';

/*
 * Orders paid with money by outcome and when they were settled, carrying what the revenue sums
 * (payments/revenue.ts), so a range of days reads only its own orders from the index and never the
 * table: payment_orders_settled leads with kind, which revenue does not name.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('payment_orders_revenue')
    .on('payment_orders')
    .columns(['status', 'settled_at', 'payment', 'currency', 'amount_cents'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_orders_revenue').execute();
}
