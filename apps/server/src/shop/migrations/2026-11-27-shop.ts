import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('credit_packs')
    .addColumn('pack_id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('credits', 'integer', (col) => col.notNull().check(sql`credits > 0`))
    .addColumn('cost_usd', 'integer', (col) => col.notNull().check(sql`cost_usd > 0`))
    .addColumn('available', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // Players' list: available packs by price.
  await db.schema.createIndex('credit_packs_price').on('credit_packs').columns(['available', 'cost_usd']).execute();

  await db.schema
    .createTable('machines')
    .addColumn('machine_id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('available', 'integer', (col) => col.notNull())
    .addColumn('cost_credits', 'integer', (col) => col.notNull().check(sql`cost_credits > 0`))
    .addColumn('cost_usd', 'integer')
    // Bumped by every save and every spin: a save started before either is refused.
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('machine_prizes')
    .addColumn('machine_id', 'text', (col) => col.notNull().references('machines.machine_id').onDelete('cascade'))
    .addColumn('prize_id', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('item_id', 'text', (col) => col.notNull())
    .addColumn('weight', 'integer', (col) => col.notNull().check(sql`weight > 0`))
    // The guard of "never oversell": a draw's decrement that would go below zero fails.
    .addColumn('stock', 'integer', (col) => col.notNull().check(sql`stock >= 0`))
    .addPrimaryKeyConstraint('machine_prizes_pk', ['machine_id', 'prize_id'])
    .execute();

  await db.schema
    .createTable('drops')
    .addColumn('drop_id', 'text', (col) => col.primaryKey())
    .addColumn('machine_id', 'text', (col) => col.notNull().references('machines.machine_id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('opens_at', 'text', (col) => col.notNull())
    .addColumn('closes_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('drops_machine').on('drops').columns(['machine_id', 'closes_at']).execute();

  // Outpost's own record of what a player pays for: the price, never the client's, is checked against PayPal's.
  await db.schema
    .createTable('shop_orders')
    .addColumn('order_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('payment', 'text', (col) => col.notNull())
    .addColumn('pack_id', 'text')
    .addColumn('machine_id', 'text')
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('credits', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('paypal_order_id', 'text', (col) => col.unique())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('shop_orders_user').on('shop_orders').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('paypal_transactions')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('result', 'text', (col) => col.notNull())
    .addColumn('shipping', 'text')
    .addColumn('amounts', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('paypal_transactions_created').on('paypal_transactions').column('created_at').execute();

  await db.schema
    .createTable('spins')
    .addColumn('spin_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('machine_id', 'text', (col) => col.notNull())
    .addColumn('prize_id', 'text', (col) => col.notNull())
    .addColumn('item_id', 'text', (col) => col.notNull())
    // A paid order spins once, however often its settlement is retried.
    .addColumn('order_id', 'text', (col) => col.unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('spins_user').on('spins').columns(['user_id', 'created_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'spins',
    'paypal_transactions',
    'shop_orders',
    'drops',
    'machine_prizes',
    'machines',
    'credit_packs',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
