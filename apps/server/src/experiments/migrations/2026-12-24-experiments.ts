import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('experiments')
    .addColumn('experiment_id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('parameter_key', 'text', (col) => col.notNull())
    .addColumn('segment_id', 'text')
    .addColumn('variants', 'text', (col) => col.notNull())
    .addColumn('metric', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('winner', 'text')
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text')
    .execute();
  // One experiment at a time per parameter: two starts at once on either store, one is refused here.
  await db.schema
    .createIndex('experiments_parameter_busy')
    .on('experiments')
    .column('parameter_key')
    .unique()
    .where(sql.ref('state'), 'in', sql`('scheduled', 'running')`)
    .execute();
  // The list's order, and the job's and the fetch's reads of what runs or waits.
  await db.schema.createIndex('experiments_state').on('experiments').columns(['state', 'starts_at']).execute();
  await db.schema
    .createTable('experiment_exposures')
    .addColumn('experiment_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('variant', 'text', (col) => col.notNull())
    .addColumn('exposed_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('experiment_exposures_pk', ['experiment_id', 'user_id'])
    .execute();
  // A player's exposures: their data's export and erasure.
  await db.schema.createIndex('experiment_exposures_user').on('experiment_exposures').column('user_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('experiment_exposures').execute();
  await db.schema.dropTable('experiments').execute();
}
