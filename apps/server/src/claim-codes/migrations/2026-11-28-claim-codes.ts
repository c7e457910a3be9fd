import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('claim_code_batches')
    .addColumn('claim_code_id', 'text', (col) => col.primaryKey())
    .addColumn('batch_name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('uses', 'integer', (col) => col.notNull().check(sql`uses >= 1`))
    .addColumn('credits', 'integer', (col) => col.notNull().check(sql`credits >= 0`))
    .addColumn('rewards', 'text', (col) => col.notNull())
    .addColumn('is_available', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .execute();
  // The admin list: available batches, newest first.
  await db.schema
    .createIndex('claim_code_batches_available')
    .on('claim_code_batches')
    .columns(['is_available', 'created_at'])
    .execute();

  await db.schema
    .createTable('claim_codes')
    // Unique in the environment: a code a player types names one batch.
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('claim_code_id', 'text', (col) =>
      col.notNull().references('claim_code_batches.claim_code_id').onDelete('cascade'),
    )
    .addColumn('uses_left', 'integer', (col) => col.notNull().check(sql`uses_left >= 0`))
    .execute();
  await db.schema.createIndex('claim_codes_batch').on('claim_codes').columns(['claim_code_id', 'code']).execute();

  await db.schema
    .createTable('claim_code_redemptions')
    // Deleting a batch deletes its codes' redemptions; the ledger keeps what they credited.
    .addColumn('code', 'text', (col) => col.notNull().references('claim_codes.code').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('redeemed_at', 'text', (col) => col.notNull())
    // One redemption of a code per player, also when the same player redeems twice at once.
    .addPrimaryKeyConstraint('claim_code_redemptions_pk', ['code', 'user_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('claim_code_redemptions').execute();
  await db.schema.dropTable('claim_codes').execute();
  await db.schema.dropTable('claim_code_batches').execute();
}
