import path from 'node:path';
import pg from 'pg';
import { Database, type Statement } from '../../apps/server/src/platform/db/sqlite-driver';
import type { Setting } from '../http/app-target';
import type { BenchEvent } from './events';

/*
 * The ingestion's baseline: the same events written the cheapest way a program can, in the same store (the
 * game store's SQLite file, or its PostgreSQL schema): one row per event, one multi-row INSERT per batch in
 * one transaction, through the raw driver (a prepared better-sqlite3 statement; one `pg` query). No checks,
 * no aggregates, no query builder: what ingestion adds over this is its cost.
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

/** `rows` placeholders groups, numbered ($1 …) for PostgreSQL or plain (?) for SQLite. */
function placeholders(rows: number, numbered: boolean): string {
  return Array.from(
    { length: rows },
    (_, row) =>
      `(${COLUMNS.map((_, column) => (numbered ? `$${row * COLUMNS.length + column + 1}` : '?')).join(', ')})`,
  ).join(', ');
}

const insertSql = (rows: number, numbered: boolean) =>
  `insert into bench_raw_events (${COLUMNS.join(', ')}) values ${placeholders(rows, numbered)}`;

export interface RawInserter {
  /** Writes one batch in one transaction. */
  insert(events: readonly BenchEvent[]): Promise<void>;
  close(): Promise<void>;
}

/** The baseline on the game store of `setting`'s stores named `name` (openBenchStores). */
export async function openRawInserter(setting: Setting, name: string): Promise<RawInserter> {
  if (setting.databaseUrl) {
    // The game store's schema on the search path, set in the URL as app-target.ts does.
    const url = new URL(setting.databaseUrl);
    url.searchParams.set('options', `-c search_path=${setting.runPrefix}${name}_game_development`);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(CREATE);
    return {
      async insert(events) {
        await client.query('begin');
        await client.query(insertSql(events.length, true), valuesOf(events));
        await client.query('commit');
      },
      close: () => client.end(),
    };
  }
  // The store's own file (openSqlite names it after the store), with its pragmas.
  const db = new Database(path.join(setting.dataDir, name, 'game-development.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(CREATE);
  const statements = new Map<number, Statement>();
  const statementFor = (rows: number) => {
    const cached = statements.get(rows) ?? db.prepare(insertSql(rows, false));
    statements.set(rows, cached);
    return cached;
  };
  const write = db.transaction((events: readonly BenchEvent[]) => statementFor(events.length).run(valuesOf(events)));
  return {
    async insert(events) {
      write(events);
    },
    async close() {
      db.close();
    },
  };
}
