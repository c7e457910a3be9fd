import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * shop_orders is payments' record of every order (packs, spins, merch): it is payment_orders now,
 * with its indexes and constraints named after it (`<table>_<suffix>`). PostgreSQL renames them in
 * place; SQLite renames the table and its automatic indexes but no index of ours, so those are
 * made again under their new names. The rows stay where they are.
 */

const INDEXES = [
  { suffix: 'user', unique: false, columns: ['user_id', 'created_at'] },
  { suffix: 'stripe_session', unique: true, columns: ['stripe_session_id'] },
] as const;

/** What PostgreSQL named the key and the unique PayPal order id, after the table. */
const CONSTRAINTS = ['pkey', 'paypal_order_id_key'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
async function renameOrders(db: Kysely<any>, from: string, to: string): Promise<void> {
  await db.schema.alterTable(from).renameTo(to).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const suffix of CONSTRAINTS) {
      await sql`alter table ${sql.id(to)} rename constraint ${sql.id(`${from}_${suffix}`)} to ${sql.id(`${to}_${suffix}`)}`.execute(
        db,
      );
    }
    for (const { suffix } of INDEXES) {
      await sql`alter index ${sql.id(`${from}_${suffix}`)} rename to ${sql.id(`${to}_${suffix}`)}`.execute(db);
    }
    return;
  }
  for (const { suffix, unique, columns } of INDEXES) {
    await db.schema.dropIndex(`${from}_${suffix}`).execute();
    const index = db.schema
      .createIndex(`${to}_${suffix}`)
      .on(to)
      .columns([...columns]);
    await (unique ? index.unique() : index).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see renameOrders()
export async function up(db: Kysely<any>): Promise<void> {
  await renameOrders(db, 'shop_orders', 'payment_orders');
}

// biome-ignore lint/suspicious/noExplicitAny: see renameOrders()
export async function down(db: Kysely<any>): Promise<void> {
  await renameOrders(db, 'payment_orders', 'shop_orders');
}
