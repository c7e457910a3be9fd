import type { Kysely } from 'kysely';

/*
 * Orders by kind, outcome and when they were paid: the live stats' credit purchases chart and the dashboard's
 * Credit IAPs (24hrs) (shop/pack-and-spin-orders.ts) count completed credit packs in a window of settled_at,
 * which read every order there was without it.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('payment_orders_settled')
    .on('payment_orders')
    .columns(['kind', 'status', 'settled_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_orders_settled').execute();
}
