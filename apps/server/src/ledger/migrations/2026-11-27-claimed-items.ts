import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('claimed_items')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('item_id', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    // One grant of an item per cause: a retried spin or redemption grants nothing twice.
    .addPrimaryKeyConstraint('claimed_items_pk', ['reference', 'item_id'])
    .execute();
  // A player's inventory, newest first.
  await db.schema.createIndex('claimed_items_user').on('claimed_items').columns(['user_id', 'claimed_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('claimed_items').execute();
}
