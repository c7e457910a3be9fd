import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { planOf } from '../../testing/query-plans';
import { Database } from './sqlite-driver';
import { createSqliteKysely } from './sqlite-kysely';
import { optimizeAtOpen, sqliteStatistics } from './statistics';

interface Balances {
  balances: { user_id: string; balance: number };
}

const RUN = { attempt: 1, extendLease: async () => true };
/** A batch's players joined with their balances: how a spend reads and writes them (ledger/spend-batch.ts). */
const spent = JSON.stringify([['player-7', 1]]);
const SPEND = CompiledQuery.raw(
  `update balances set balance = balances.balance - spent.total
   from (select value ->> 0 as user_id, value ->> 1 as total from json_each(?)) as spent
   where balances.user_id = spent.user_id`,
  [spent],
);
const READ = CompiledQuery.raw(
  `select balances.balance from (select value ->> 0 as user_id from json_each(?)) as spent
   join balances on balances.user_id = spent.user_id`,
  [spent],
);

/** A store as stores.ts opens one: statistics gathered at open, then a read-only reader beside the writer. */
function openStore(file: string): { db: Kysely<Balances>; readersOpened: () => number } {
  const writer = new Database(file);
  writer.pragma('journal_mode = WAL');
  optimizeAtOpen(writer);
  let opened = 0;
  const openReader = () => {
    opened += 1;
    return new Database(file, { readonly: true });
  };
  return { db: createSqliteKysely<Balances>(writer, { openReader }), readersOpened: () => opened };
}

/** How the reader plans `query`: a read outside the transaction that holds the writer goes to it. */
async function readerPlan(db: Kysely<Balances>, query: CompiledQuery): Promise<string> {
  let plan = '';
  await db.transaction().execute(async () => {
    plan = await planOf(db, 'sqlite', query);
  });
  return plan;
}

/** The statistics job over one store (as the identity store and every game environment). */
function jobOver(db: Kysely<unknown>) {
  const [job] = sqliteStatistics({
    dialect: 'sqlite',
    identity: db,
    game: { development: db, beta: db, production: db },
  });
  if (!job) throw new Error('No statistics job on SQLite.');
  return job;
}

describe('SQLite statistics as a table grows', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A store file made by `setup` (raw SQL), then opened as stores.ts opens one. */
  function storeWith(setup: string) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-statistics-'));
    dirs.push(dir);
    const file = path.join(dir, 'store.sqlite');
    const raw = new Database(file);
    raw.exec(setup);
    raw.close();
    return openStore(file);
  }

  it('takes a nearly empty table as one that will grow: a spend looks its balances up by key', async () => {
    // Opened with two balances, as a server opens before its launch.
    const { db } = storeWith(`create table balances (user_id text primary key, balance integer not null);
      insert into balances values ('player-0', 10), ('player-1', 10);`);
    try {
      const { rows } = await sql<{ stat: string }>`select stat from sqlite_stat1 where tbl = 'balances'`.execute(db);
      expect(rows).toEqual([{ stat: '1000 1' }]);
      await sql`with recursive n(i) as (select 2 union all select i + 1 from n where i < 20000)
                insert into balances select 'player-' || i, 10 from n`.execute(db);
      const byKey = /^SEARCH balances USING INDEX sqlite_autoindex_balances_1 \(user_id=\?\)$/m;
      expect(await planOf(db, 'sqlite', SPEND)).toMatch(byKey);
      expect(await readerPlan(db, READ)).toMatch(byKey);
      await db.transaction().execute(async () => {
        expect((await db.executeQuery<{ balance: number }>(READ)).rows).toEqual([{ balance: 10 }]);
      });
    } finally {
      await db.destroy();
    }
  });

  it('are taken again every minute once a table grew tenfold, and the reader is opened again to plan with them', async () => {
    // Each kind of event once, all of one player: a player's events of a kind are read by kind. The
    // kinds sort after 'spin': a limited analysis reads an index's first entries, the spins to come.
    const { db, readersOpened } = storeWith(`create table events (kind text not null, player text not null);
      create index events_kind on events (kind);
      create index events_player on events (player);
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
      insert into events select 'z-kind-' || i, 'player-1' from n;`);
    const query = CompiledQuery.raw('select count(*) as n from events where kind = ? and player = ?', [
      'spin',
      'player-7',
    ]);
    try {
      expect(await planOf(db, 'sqlite', query)).toMatch(/USING INDEX events_kind /);
      // Then a launch: 30,000 spins, each by another player; the kind no longer narrows, the player does.
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 30000)
                insert into events select 'spin', 'player-' || i from n`.execute(db);
      expect(await readerPlan(db, query)).toMatch(/USING INDEX events_kind /);

      const job = jobOver(db as Kysely<unknown>);
      expect(job.everyMs).toBe(60_000);
      await job.run(null, RUN);
      expect(await planOf(db, 'sqlite', query)).toMatch(/USING INDEX events_player /);
      expect(await readerPlan(db, query)).toMatch(/USING INDEX events_player /);
      expect(readersOpened()).toBe(2);
    } finally {
      await db.destroy();
    }
  });

  it('leave the reader open when nothing moved', async () => {
    const { db, readersOpened } = storeWith(`create table balances (user_id text primary key, balance integer not null);
      with recursive n(i) as (select 0 union all select i + 1 from n where i < 5000)
      insert into balances select 'player-' || i, 10 from n;`);
    try {
      await jobOver(db as Kysely<unknown>).run(null, RUN);
      expect(readersOpened()).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
