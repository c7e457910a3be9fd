import { type Kysely, sql } from 'kysely';
import type { JobDefinition } from '../jobs/runner';
import type { Database } from './sqlite-driver';
import type { Stores } from './stores';

/*
 * SQLite's query planner chooses between indexes by the statistics ANALYZE keeps in the file
 * (sqlite_stat1); without them it guesses, and picks e.g. merch_orders_reservations (status) over
 * merch_orders_paid (paid_at range) for a week's sales, reading every sale ever. SQLite's advice for
 * long-lived connections (its documentation of PRAGMA optimize): a limited analysis of every table
 * when a connection opens, then a plain optimize now and then, which analyzes only the tables whose
 * size has moved since. A connection loads the statistics with the schema: the read-only reader
 * (stores.ts) as it opens, after the writer's analysis, and again when the schema changes (the first
 * analysis creates sqlite_stat1); later refreshes reach it at its next open. PostgreSQL's autovacuum
 * keeps its own.
 */

/** Gathers a store's statistics as it opens, so connections opened after it plan with them. */
export function optimizeAtOpen(db: Database): void {
  db.pragma('analysis_limit = 1000');
  db.pragma('optimize = 0x10002');
}

const HOUR_MS = 60 * 60_000;

/** The job that keeps every SQLite store's statistics up to date as its tables grow; none on PostgreSQL. */
export function sqliteStatistics<Identity, Game>(
  stores: Pick<Stores<Identity, Game>, 'dialect' | 'identity' | 'game'>,
): JobDefinition[] {
  if (stores.dialect !== 'sqlite') return [];
  return [
    {
      name: 'stores.optimize',
      everyMs: HOUR_MS,
      run: async () => {
        await optimize(stores.identity);
        for (const game of Object.values<Kysely<Game>>(stores.game)) await optimize(game);
      },
    },
  ];
}

// In a transaction, so it runs on the writing connection: SQLite calls the pragma read-only, which
// would send it to the read-only connection while the writer is held (decision 0007).
const optimize = <DB>(db: Kysely<DB>) => db.transaction().execute((trx) => sql`pragma optimize`.execute(trx));
