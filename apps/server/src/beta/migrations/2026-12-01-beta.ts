import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invites')
    .addColumn('invite_id', 'text', (col) => col.primaryKey())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('claimed', 'integer', (col) => col.notNull().defaultTo(0).check(sql`claimed in (0, 1)`))
    .addColumn('expiration', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .execute();
  // A player's shared invites, and the back office's newest-first list.
  await db.schema.createIndex('invites_source').on('invites').columns(['source', 'created']).execute();
  await db.schema.createIndex('invites_created').on('invites').columns(['created', 'invite_id']).execute();

  await db.schema
    .createTable('invite_claims')
    .addColumn('invite_id', 'text', (col) => col.notNull().references('invites.invite_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('invite_claims_pk', ['invite_id', 'user_id'])
    .execute();
  // The invite a player came in with.
  await db.schema.createIndex('invite_claims_user').on('invite_claims').columns(['user_id', 'claimed_at']).execute();

  await db.schema
    .createTable('beta_requests')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('display_name', 'text', (col) => col.notNull())
    .addColumn('max_invites', 'integer', (col) => col.notNull())
    .addColumn('invite_code', 'text')
    .addColumn('timestamp', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull().check(sql`status in (1, 2)`))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('accepted_at', 'text')
    .execute();
  await db.schema
    .createIndex('beta_requests_timestamp')
    .on('beta_requests')
    .columns(['timestamp', 'user_id'])
    .execute();

  await db.schema
    .createTable('testing_objectives')
    .addColumn('objective_id', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull().check(sql`active in (0, 1)`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('feedback_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('sentiment', 'text', (col) => col.notNull())
    .addColumn('mission', 'text')
    .addColumn('timestamp', 'text', (col) => col.notNull())
    .addColumn('reviewed', 'integer', (col) => col.notNull().defaultTo(0).check(sql`reviewed in (0, 1)`))
    .execute();
  // The review list: newest first, mostly "not reviewed yet", often for one objective.
  await db.schema.createIndex('feedback_timestamp').on('feedback').columns(['timestamp', 'feedback_id']).execute();
  await db.schema.createIndex('feedback_reviewed').on('feedback').columns(['reviewed', 'timestamp']).execute();
  await db.schema.createIndex('feedback_mission').on('feedback').columns(['mission', 'timestamp']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feedback').execute();
  await db.schema.dropTable('testing_objectives').execute();
  await db.schema.dropTable('beta_requests').execute();
  await db.schema.dropTable('invite_claims').execute();
  await db.schema.dropTable('invites').execute();
}
