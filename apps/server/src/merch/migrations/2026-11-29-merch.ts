import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = (col: ColumnDefinitionBuilder) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement());

  // A merch order pays through shop_orders (kind 'merch'), which now also takes Stripe Checkout.
  await db.schema.alterTable('shop_orders').addColumn('stripe_session_id', 'text').execute();
  await db.schema.alterTable('shop_orders').addColumn('stripe_payment_intent', 'text').execute();
  await db.schema
    .createIndex('shop_orders_stripe_session')
    .unique()
    .on('shop_orders')
    .column('stripe_session_id')
    .execute();

  await db.schema
    .createTable('merch_drops')
    .addColumn('drop_id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('opens_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('merch_drop_products')
    .addColumn('drop_id', 'text', (col) => col.notNull().references('merch_drops.drop_id').onDelete('cascade'))
    // One drop per product: the drop decides when the product goes on sale.
    .addColumn('product_id', 'text', (col) => col.notNull().unique())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('merch_drop_products_pk', ['drop_id', 'product_id'])
    .execute();
  await db.schema
    .createTable('merch_drop_subscriptions')
    .addColumn('drop_id', 'text', (col) => col.notNull().references('merch_drops.drop_id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('notified_at', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    // Once per address and drop, also when two requests race.
    .addPrimaryKeyConstraint('merch_drop_subscriptions_pk', ['drop_id', 'email'])
    .execute();
  await db.schema
    .createIndex('merch_drop_subscriptions_pending')
    .on('merch_drop_subscriptions')
    .columns(['notified_at', 'drop_id'])
    .execute();

  await db.schema
    .createTable('user_order_settings')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('profile', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('merch_orders')
    .addColumn('order_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('order_time', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('payment', 'text', (col) => col.notNull())
    .addColumn('total_cents', 'integer', (col) => col.notNull().check(sql`total_cents >= 0`))
    .addColumn('total_credits', 'integer')
    .addColumn('reserved_until', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('packed_at', 'text')
    .addColumn('shipped_at', 'text')
    .addColumn('tracking_reference', 'text')
    .addColumn('refunded_cents', 'integer', (col) =>
      col.notNull().defaultTo(0).check(sql`refunded_cents >= 0 and refunded_cents <= total_cents`),
    )
    .addColumn('shipping', 'text', (col) => col.notNull())
    .addColumn('checkout_url', 'text')
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('merch_orders_user').on('merch_orders').columns(['user_id', 'order_time']).execute();
  await db.schema.createIndex('merch_orders_time').on('merch_orders').column('order_time').execute();
  // The sweeper's question: reservations whose time ran out.
  await db.schema
    .createIndex('merch_orders_reservations')
    .on('merch_orders')
    .columns(['status', 'reserved_until'])
    .execute();
  await db.schema.createIndex('merch_orders_paid').on('merch_orders').column('paid_at').execute();

  await db.schema
    .createTable('merch_order_lines')
    .addColumn('order_id', 'text', (col) => col.notNull().references('merch_orders.order_id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (col) => col.notNull())
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('variety_id', 'text', (col) => col.notNull())
    .addColumn('product_name', 'text', (col) => col.notNull())
    .addColumn('variety_name', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price', 'integer', (col) => col.notNull().check(sql`unit_price >= 0`))
    .addPrimaryKeyConstraint('merch_order_lines_pk', ['order_id', 'line_no'])
    .execute();
  await db.schema
    .createIndex('merch_order_lines_variety')
    .on('merch_order_lines')
    .columns(['product_id', 'variety_id'])
    .execute();

  await db.schema
    .createTable('merch_refunds')
    .addColumn('refund_id', postgres ? 'serial' : 'integer', serial)
    .addColumn('order_id', 'text', (col) => col.notNull().references('merch_orders.order_id'))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('credits', 'integer')
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('provider_reference', 'text')
    // pending while the payment provider is asked; a crash then leaves it pending, to check there.
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('done'))
    .addColumn('admin', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('merch_refunds_order').on('merch_refunds').column('order_id').execute();

  await db.schema
    .createTable('merch_contacts')
    .addColumn('contact_id', postgres ? 'serial' : 'integer', serial)
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text')
    .execute();
  await db.schema.createIndex('merch_contacts_created').on('merch_contacts').column('created_at').execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('event_id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text')
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'stripe_events',
    'merch_contacts',
    'merch_refunds',
    'merch_order_lines',
    'merch_orders',
    'user_order_settings',
    'merch_drop_subscriptions',
    'merch_drop_products',
    'merch_drops',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('shop_orders_stripe_session').execute();
  await db.schema.alterTable('shop_orders').dropColumn('stripe_payment_intent').execute();
  await db.schema.alterTable('shop_orders').dropColumn('stripe_session_id').execute();
}
