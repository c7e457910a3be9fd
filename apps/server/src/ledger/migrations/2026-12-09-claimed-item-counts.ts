import { type Kysely, sql } from 'kysely';

/*
 * Claims per item (quantities summed), kept by the inventory's one writer beside each grant, so
 * the live stats' item counts (docs/product.md §9.2) are one read. Filled from the inventory as it is.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('claimed_item_counts')
    .addColumn('item_id', 'text', (col) => col.primaryKey())
    .addColumn('count', 'bigint', (col) => col.notNull())
    .execute();
  await sql`
    insert into claimed_item_counts (item_id, count)
    select item_id, sum(quantity) from claimed_items group by item_id
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('claimed_item_counts').execute();
}
