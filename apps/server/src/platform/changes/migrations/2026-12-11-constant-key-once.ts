import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * A constant-key source (an aggregate's rows, one record to their topic) records its change once
 * per transaction instead of once per row: its record is the same whichever row moved, and a
 * batch of the game's events moved hundreds of rows, each a deferred trigger taking the feed's lock
 * and inserting a change at commit (12 ms of a batch's commit on PostgreSQL). The first such change
 * of a transaction marks its schema, topic and key in a transaction-local setting, which later rows
 * of the same key read and skip. The function is otherwise the one of 2026-12-09-constant-keys.
 * SQLite's triggers cannot tell one transaction from the next, so they still record a row each;
 * there the rows are appended to the end of the table and cost little, and the hub keeps each key's
 * latest change.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create or replace function outpost_record_change() returns trigger language plpgsql as $$
    declare
      old_key text;
      new_key text;
      recorded text;
      mark text;
      at text := to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    begin
      -- TG_ARGV: topic, key column (or '=' and a constant key), environment, and optionally the keys recorded.
      if left(TG_ARGV[1], 1) = '=' then
        new_key := substr(TG_ARGV[1], 2);
        -- Keys and topics are plain words (triggers.ts checks them): '|' cannot occur in them.
        mark := '|' || TG_TABLE_SCHEMA || ' ' || TG_ARGV[0] || ' ' || new_key || '|';
        recorded := coalesce(current_setting('outpost.recorded_changes', true), '');
        if strpos(recorded, mark) > 0 then return null; end if;
        perform set_config('outpost.recorded_changes', recorded || mark, true);
      else
        if TG_OP <> 'INSERT' then old_key := to_jsonb(OLD) ->> TG_ARGV[1]; end if;
        if TG_OP <> 'DELETE' then new_key := to_jsonb(NEW) ->> TG_ARGV[1]; end if;
      end if;
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
export async function down(_db: Kysely<any>): Promise<void> {
  // The function of 2026-12-09 records a change per row: the same changes, more of them.
}
