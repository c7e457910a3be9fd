import { type Kysely, sql } from 'kysely';
import type { JobDefinition } from '../jobs/runner';
import type { Database } from './sqlite-driver';
import { reopenSqliteReader } from './sqlite-kysely';
import type { Stores } from './stores';

/*
 * SQLite's query planner chooses between indexes, and the order of a join, by the statistics
 * ANALYZE keeps in the file (sqlite_stat1); without them it guesses, and picks e.g.
 * merch_orders_reservations (status) over merch_orders_paid (paid_at range) for a week's sales,
 * reading every sale ever. SQLite's advice for long-lived connections (its documentation of PRAGMA
 * optimize): a limited analysis of every table when a connection opens, then an optimize now and
 * then, which analyzes only the tables whose size moved tenfold since. Here that is every minute
 * (0.04 ms when nothing moved, 100 tables) and over every table: a plain optimize looks only at the
 * tables this connection's queries planned, and the writer plans few of the reads.
 *
 * Statistics of a nearly empty table are the trap: taken as the server opened with two credit
 * balances, they had a spin's balance update (the spent amounts, a JSON batch, joined with
 * credit_balances) read every balance as the outer loop once 10,000 players held one, 3 to 50 ms a
 * spin with the writer held (decision 0145); SQLite plans that join by key from 20 rows up. So a
 * table is taken to hold at least ROWS_AT_LEAST rows (SQLite lets an application write its
 * statistics, its documentation of sqlite_stat1): below that every plan is fast, and a table
 * growing from there is planned as what it becomes.
 *
 * A connection loads the statistics as it opens and when the schema changes; the first analysis
 * creates sqlite_stat1, later ones only update it, which the read-only reader (stores.ts, decision
 * 0007) cannot reload itself: it is opened again when they changed. PostgreSQL's autovacuum keeps
 * its own.
 */

/** Analysis reads at most this many rows of an index: enough to plan, cheap on a large table. */
const ANALYSIS_LIMIT = 1000;
/** PRAGMA optimize's flags: analyze what may benefit (0x02), looking at every table (0x10000). */
const OPTIMIZE_EVERY_TABLE = 'optimize = 0x10002';
/** The fewest rows the planner takes a table to hold: a game server's batch. */
const ROWS_AT_LEAST = 1000;
// A statistic is the row count, then per-key averages and flags, space-separated; the count is raised.
const RAISE_SMALL_COUNTS = `update sqlite_stat1 set stat = '${ROWS_AT_LEAST}' || substr(stat, instr(stat || ' ', ' '))
  where cast(stat as integer) < ${ROWS_AT_LEAST}`;
const KEEPS_STATISTICS = "select 1 from sqlite_schema where name = 'sqlite_stat1'";
/** Loads the statistics again from sqlite_stat1 (its documentation of ANALYZE). */
const RELOAD_STATISTICS = 'analyze sqlite_schema';

/** Gathers a store's statistics as it opens, so connections opened after it plan with them. */
export function optimizeAtOpen(db: Database): void {
  db.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
  db.pragma(OPTIMIZE_EVERY_TABLE);
  if (db.prepare(KEEPS_STATISTICS).get() && db.prepare(RAISE_SMALL_COUNTS).run().changes > 0) {
    db.exec(RELOAD_STATISTICS);
  }
}

const MINUTE_MS = 60_000;

/** The job that keeps every SQLite store's statistics up to date as its tables grow; none on PostgreSQL. */
export function sqliteStatistics<Identity, Game>(
  stores: Pick<Stores<Identity, Game>, 'dialect' | 'identity' | 'game'>,
): JobDefinition[] {
  if (stores.dialect !== 'sqlite') return [];
  return [
    {
      name: 'stores.optimize',
      everyMs: MINUTE_MS,
      run: async () => {
        await optimize(stores.identity);
        for (const game of Object.values<Kysely<Game>>(stores.game)) await optimize(game);
      },
    },
  ];
}

/** Updates a store's statistics where its tables moved, and has its reader plan with them. */
async function optimize<DB>(db: Kysely<DB>): Promise<void> {
  // In a transaction, so it runs on the writing connection: SQLite calls the pragma read-only, which
  // would send it to the read-only connection while the writer is held (decision 0007).
  const changed = await db.transaction().execute(async (trx) => {
    const before = await statisticsOf(trx);
    await sql.raw(`pragma ${OPTIMIZE_EVERY_TABLE}`).execute(trx);
    if ((await sql.raw(KEEPS_STATISTICS).execute(trx)).rows.length === 0) return false;
    const raised = await sql.raw(RAISE_SMALL_COUNTS).execute(trx);
    if (Number(raised.numAffectedRows ?? 0) > 0) await sql.raw(RELOAD_STATISTICS).execute(trx);
    return (await statisticsOf(trx)) !== before;
  });
  if (changed) reopenSqliteReader(db);
}

/** The statistics as one text, to tell whether an optimize changed them ('' before the first analysis). */
const statisticsOf = async <DB>(trx: Kysely<DB>) => {
  if ((await sql.raw(KEEPS_STATISTICS).execute(trx)).rows.length === 0) return '';
  const { rows } = await sql<{ statistics: string | null }>`
    select group_concat(tbl || ' ' || coalesce(idx, '') || ' ' || stat, char(10)) as statistics
    from (select * from sqlite_stat1 order by tbl, idx)`.execute(trx);
  return rows[0]?.statistics ?? '';
};
