import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('products')
    // The database refuses a second product of one id, also when two creates race.
    .addColumn('product_id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('price', 'integer', (col) => col.notNull())
    .addColumn('is_digital_double', 'integer', (col) => col.notNull())
    .addColumn('release_date', 'text')
    .addColumn('total_quantity', 'integer', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // Live Products counts by status; the list opens on the recently changed.
  await db.schema.createIndex('products_status').on('products').column('status').execute();
  await db.schema.createIndex('products_updated_at').on('products').columns(['updated_at', 'product_id']).execute();

  await db.schema
    .createTable('product_varieties')
    .addColumn('product_id', 'text', (col) => col.notNull().references('products.product_id').onDelete('cascade'))
    .addColumn('variety_id', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('variety_name', 'text', (col) => col.notNull())
    .addColumn('stripe_id', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('original_quantity', 'integer', (col) => col.notNull())
    .addColumn('lifetime_quantity', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_varieties_pk', ['product_id', 'variety_id'])
    .execute();

  await db.schema
    .createTable('product_images')
    .addColumn('product_id', 'text', (col) => col.notNull().references('products.product_id').onDelete('cascade'))
    .addColumn('image_key', 'text', (col) => col.primaryKey())
    .addColumn('thumbnail_key', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('product_images_product')
    .on('product_images')
    .columns(['product_id', 'position'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_images').execute();
  await db.schema.dropTable('product_varieties').execute();
  await db.schema.dropTable('products').execute();
}
