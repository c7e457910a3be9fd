import type { Kysely, KyselyPlugin } from 'kysely';
import { isPostgres } from './dialect';

/*
 * SQLite runs in the process and its driver is synchronous: a transaction of many statements holds the
 * event loop from BEGIN to COMMIT, and every request that arrives meanwhile (a back-office read, which
 * the read-only connection could answer at once) waits it out, as do the answers of requests the
 * process made (the push service's). A game server's batch is such a transaction: a statement per
 * table, 40–60 ms in all at 100,000 players (docs/decisions/0146-sqlite-off-the-event-loop.md); so is
 * each chunk of a push's claim and record.
 *
 * A transaction that opts in lets the loop take a turn after each of its statements. Only one that
 * asks: while it waits for its turn, other requests and jobs run, and a transaction that assumed it
 * ran alone from start to end (one reading what the process holds in memory, say) would be wrong. The
 * writing connection stays the transaction's the whole time; other writes wait for it as they would,
 * and reads outside a transaction run on the read-only connection (sqlite-kysely.ts).
 */
const turnAfterEachStatement: KyselyPlugin = {
  transformQuery: ({ node }) => node,
  async transformResult({ result }) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return result;
  },
};

/**
 * The transaction `trx`, letting the event loop take a turn after each statement on SQLite. On
 * PostgreSQL every statement already awaits the network, so it answers `trx` itself.
 */
export function withTurnsBetweenStatements<DB>(trx: Kysely<DB>): Kysely<DB> {
  return isPostgres(trx) ? trx : trx.withPlugin(turnAfterEachStatement);
}
