import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * The change feed's table, in every store, and on PostgreSQL the one trigger function every
 * covered table's trigger calls (triggers.ts installs the triggers from the topics' declarations).
 * The function runs when its transaction commits (the triggers are deferred constraint triggers):
 * it takes a lock per store, so changes get their sequence numbers in commit order, records the
 * change in the table's own schema, and notifies the other instances (delivered at commit only).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('changes')
    .addColumn('seq', postgres ? 'bigserial' : 'integer', (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('topic', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('environment', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('changes_created_idx').on('changes').column('created_at').execute();
  if (!postgres) return;
  await sql`
    create or replace function outpost_record_change() returns trigger language plpgsql as $$
    declare
      old_key text;
      new_key text;
      at text := to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    begin
      -- TG_ARGV: topic, key column, environment, and optionally the keys recorded (comma-separated).
      if TG_OP <> 'INSERT' then old_key := to_jsonb(OLD) ->> TG_ARGV[1]; end if;
      if TG_OP <> 'DELETE' then new_key := to_jsonb(NEW) ->> TG_ARGV[1]; end if;
      if TG_NARGS > 3 then
        if old_key is not null and not (old_key = any (string_to_array(TG_ARGV[3], ','))) then old_key := null; end if;
        if new_key is not null and not (new_key = any (string_to_array(TG_ARGV[3], ','))) then new_key := null; end if;
      end if;
      if old_key is not distinct from new_key then old_key := null; end if;
      if old_key is null and new_key is null then return null; end if;
      perform pg_advisory_xact_lock(hashtext(TG_TABLE_SCHEMA || '.changes'));
      if old_key is not null then
        execute format('insert into %I.changes (topic, key, environment, created_at) values ($1, $2, $3, $4)', TG_TABLE_SCHEMA)
          using TG_ARGV[0], old_key, TG_ARGV[2], at;
      end if;
      if new_key is not null then
        execute format('insert into %I.changes (topic, key, environment, created_at) values ($1, $2, $3, $4)', TG_TABLE_SCHEMA)
          using TG_ARGV[0], new_key, TG_ARGV[2], at;
      end if;
      perform pg_notify('outpost_changes', TG_TABLE_SCHEMA);
      return null;
    end
    $$
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('changes').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists outpost_record_change()`.execute(db);
  }
}
