import type { Kysely } from 'kysely';

/*
 * Refunds and revocations by the day they were made: revenue (store-purchases/revenue.ts) sums a range
 * of reversed_at, which read every purchase without it.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('store_purchases_reversed').on('store_purchases').column('reversed_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('store_purchases_reversed').execute();
}
