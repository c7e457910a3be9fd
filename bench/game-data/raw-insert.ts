import pg from 'pg';
import type { Setting } from '../http/app-target';
import type { BenchEvent, IngestionBaseline } from './events';

/*
 * PostgreSQL's ingestion baseline: the same events written the cheapest way a program can, in the game store's
 * schema: one row per event, one multi-row INSERT per batch in one transaction, through the raw driver (one
 * `pg` query). No checks, no aggregates, no query builder. (SQLite's baseline makes the app's own writes by
 * hand: by-hand.ts.)
 */

const COLUMNS = ['event_id', 'type', 'user_id', 'at', 'seconds', 'key', 'item_id', 'level'] as const;

const CREATE = `create table bench_raw_events (
  event_id text primary key, type text not null, user_id text not null, at text not null,
  seconds integer, key text, item_id text, level integer
)`;

const valuesOf = (events: readonly BenchEvent[]) =>
  events.flatMap((event) => [
    event.id,
    event.type,
    event.userID,
    event.at,
    event.seconds ?? null,
    event.key ?? null,
    event.itemID ?? null,
    event.level ?? null,
  ]);

/** `rows` groups of numbered placeholders ($1 …). */
function placeholders(rows: number): string {
  return Array.from(
    { length: rows },
    (_, row) => `(${COLUMNS.map((_, column) => `$${row * COLUMNS.length + column + 1}`).join(', ')})`,
  ).join(', ');
}

const insertSql = (rows: number) => `insert into bench_raw_events (${COLUMNS.join(', ')}) values ${placeholders(rows)}`;

/** PostgreSQL's baseline, on the game store of `setting`'s stores named `name` (openBenchStores). */
export async function openRawInserter(databaseUrl: string, setting: Setting, name: string): Promise<IngestionBaseline> {
  // The game store's schema on the search path, set in the URL as app-target.ts does.
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${setting.runPrefix}${name}_game_development`);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(CREATE);
  return {
    async write(events) {
      await client.query('begin');
      await client.query(insertSql(events.length), valuesOf(events));
      await client.query('commit');
    },
    close: () => client.end(),
  };
}
