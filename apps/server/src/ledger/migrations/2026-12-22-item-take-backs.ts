import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Support takes items back from the player page (docs/decisions/0130-the-player-page.md): a take-back is an
 * inventory row of its own (source `takeBack`, a negative quantity, staff's reason in the new `note`), so the
 * grant it undoes stays and the player's history says what happened to it. The quantity's check becomes
 * "positive, or negative on a take-back". PostgreSQL swaps the check; SQLite cannot alter a check, so the
 * table is built again under the same name, with its rows, key and index.
 */

const QUANTITY_RULE = sql`case when source = 'takeBack' then quantity < 0 else quantity > 0 end`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.alterTable('claimed_items').addColumn('note', 'text').execute();
    await sql`alter table claimed_items drop constraint claimed_items_quantity_check`.execute(db);
    await sql`alter table claimed_items add constraint claimed_items_quantity_check check (${QUANTITY_RULE})`.execute(
      db,
    );
    return;
  }
  await db.schema
    .createTable('claimed_items_next')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('item_id', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addPrimaryKeyConstraint('claimed_items_pk', ['reference', 'item_id'])
    .addCheckConstraint('claimed_items_quantity_check', QUANTITY_RULE)
    .execute();
  await sql`
    insert into claimed_items_next (user_id, item_id, quantity, source, reference, claimed_at)
    select user_id, item_id, quantity, source, reference, claimed_at from claimed_items
  `.execute(db);
  await db.schema.dropTable('claimed_items').execute();
  await db.schema.alterTable('claimed_items_next').renameTo('claimed_items').execute();
  await db.schema.createIndex('claimed_items_user').on('claimed_items').columns(['user_id', 'claimed_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  // Take-backs cannot be kept under the old check: they go, and their grants count again.
  await db.deleteFrom('claimed_items').where('source', '=', 'takeBack').execute();
  await sql`
    update claimed_item_counts
    set count = (select coalesce(sum(quantity), 0) from claimed_items where claimed_items.item_id = claimed_item_counts.item_id)
  `.execute(db);
  // SQLite keeps the looser check (a check is only changed by building the table again); no row needs it now.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table claimed_items drop constraint claimed_items_quantity_check`.execute(db);
    await sql`alter table claimed_items add constraint claimed_items_quantity_check check (quantity > 0)`.execute(db);
  }
  await db.schema.alterTable('claimed_items').dropColumn('note').execute();
}
