import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ingested_events')
    .addColumn('event_id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ingested_events_received').on('ingested_events').column('received_at').execute();

  await db.schema
    .createTable('user_playtime')
    .addColumn('event_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('seconds', 'integer', (col) => col.notNull())
    .addColumn('played_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('user_playtime_user').on('user_playtime').columns(['user_id', 'played_at']).execute();
  // The live stats' 24-hour chart sums the last day's sessions by the hour.
  await db.schema.createIndex('user_playtime_played').on('user_playtime').column('played_at').execute();
  await db.schema
    .createTable('playtime_days')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('seconds', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('game_totals')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('levels')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('level', 'integer', (col) => col.notNull())
    .addColumn('reached_at', 'text', (col) => col.notNull())
    .execute();
  // The top of levels: the highest, the first to reach it first.
  await db.schema.createIndex('levels_top').on('levels').columns(['level', 'reached_at']).execute();

  await db.schema
    .createTable('objective_tracking')
    .addColumn('event_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('tracked_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('objective_tracking_user')
    .on('objective_tracking')
    .columns(['user_id', 'tracked_at'])
    .execute();
  await db.schema
    .createTable('objective_counts')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('user_presence')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('last_seen', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('user_presence_seen').on('user_presence').column('last_seen').execute();
  await db.schema
    .createTable('presence_hours')
    .addColumn('hour', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('presence_hours_pk', ['hour', 'user_id'])
    .execute();
  await db.schema.createIndex('presence_hours_user').on('presence_hours').column('user_id').execute();

  await db.schema
    .createTable('map_presence')
    .addColumn('map_id', 'text', (col) => col.primaryKey())
    .addColumn('active_now', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('map_data')
    .addColumn('map_id', 'text', (col) => col.primaryKey())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('ingest_keys')
    .addColumn('key_id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('digest', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'ingest_keys',
    'map_data',
    'map_presence',
    'presence_hours',
    'user_presence',
    'objective_counts',
    'objective_tracking',
    'levels',
    'game_totals',
    'playtime_days',
    'user_playtime',
    'ingested_events',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
