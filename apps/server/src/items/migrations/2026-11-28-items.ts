import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('items_master')
    .addColumn('item_id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('items_master_updated_at')
    .on('items_master')
    .columns(['updated_at', 'item_id'])
    .execute();

  await db.schema
    .createTable('purchasables')
    .addColumn('purchasable_id', 'text', (col) => col.primaryKey())
    // No cascade: the database refuses to delete an item a purchasable sells, also when the delete
    // races a merge that names it, and refuses a purchasable of an item that does not exist.
    .addColumn('item_id', 'text', (col) => col.notNull().references('items_master.item_id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('cost_credits', 'integer', (col) => col.notNull().check(sql`cost_credits >= 0`))
    .addColumn('available', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // The foreign key's check on delete and the "purchasables of this item" filter.
  await db.schema.createIndex('purchasables_item').on('purchasables').column('item_id').execute();
  // The list and the refresh open on the recently changed.
  await db.schema
    .createIndex('purchasables_updated_at')
    .on('purchasables')
    .columns(['updated_at', 'purchasable_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('purchasables').execute();
  await db.schema.dropTable('items_master').execute();
}
