import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppStores, GameDatabase } from '../../database';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../../testing/test-stores';
import { ChangeFeed, listenForChanges } from './feed';
import type { ChangeRow } from './tables';
import { type ChangeSource, installChangeTriggers } from './triggers';

const SOURCES: ChangeSource[] = [
  { topic: 'credit-packs', table: 'credit_packs', key: 'pack_id' },
  { topic: 'beta-config', table: 'config_documents', key: 'config_id', keys: ['beta-config/v1'] },
  { topic: 'live-stats', table: 'game_totals', key: 'name', as: 'figures' },
];
const quiet = { error() {} };

function pack(id: string) {
  const at = new Date().toISOString();
  return { pack_id: id, name: `Pack ${id}`, credits: 100, cost_usd: 99, available: 1, created_at: at, updated_at: at };
}

describe.each(TEST_DIALECTS)('the change feed on %s', (dialect) => {
  let test: TestStores;
  let other: AppStores;
  const db = () => test.stores.game.development;

  beforeAll(async () => {
    test = await openTestStores(dialect);
    other = await test.reopen();
    await installChangeTriggers(db(), 'development', SOURCES);
  });
  afterAll(async () => {
    await other.close();
    await test.cleanup();
  });
  beforeEach(async () => {
    await db().deleteFrom('changes').execute();
  });

  /** Starts `feed`, listening on PostgreSQL as an instance does (its NOTIFY wakes the feed); answers the listener. */
  async function started(feed: ChangeFeed) {
    const listener =
      dialect === 'postgres'
        ? listenForChanges(
            test.stores.postgres?.databaseUrl as string,
            new Map([[test.stores.postgres?.schemas.development as string, feed]]),
            quiet,
          )
        : undefined;
    await feed.start();
    return listener;
  }

  const changes = async () =>
    (await db().selectFrom('changes').select(['topic', 'key', 'environment']).orderBy('seq').execute()).map(
      (row) => `${row.topic}:${row.key}@${row.environment}`,
    );

  it('records every insert, update and delete of a covered table, in the writing transaction', async () => {
    await db().insertInto('credit_packs').values(pack('starter')).execute();
    await db().updateTable('credit_packs').set({ credits: 120 }).where('pack_id', '=', 'starter').execute();
    // A key that changes names both: the record went from one key and came to the other.
    await db().updateTable('credit_packs').set({ pack_id: 'beginner' }).where('pack_id', '=', 'starter').execute();
    await db().deleteFrom('credit_packs').where('pack_id', '=', 'beginner').execute();
    expect(await changes()).toEqual([
      'credit-packs:starter@development',
      'credit-packs:starter@development',
      'credit-packs:starter@development',
      'credit-packs:beginner@development',
      'credit-packs:beginner@development',
    ]);
  });

  it('records nothing for a transaction rolled back, and only the documents a topic names', async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('credit_packs').values(pack('ghost')).execute();
          throw new Error('changed my mind');
        }),
    ).rejects.toThrow('changed my mind');
    const at = new Date().toISOString();
    await db()
      .insertInto('config_documents')
      .values([
        { config_id: 'beta-config/v1', data: '{}', updated_at: at },
        { config_id: 'container-spin', data: '{}', updated_at: at },
      ])
      .execute();
    expect(await changes()).toEqual(['beta-config:beta-config/v1@development']);
    await db().deleteFrom('config_documents').execute();
  });

  it('records a constant key once per transaction on PostgreSQL, and a row per write on SQLite', async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('game_totals')
          .values(['a', 'b', 'c'].map((name) => ({ name, value: 1 })))
          .execute();
        await trx.updateTable('game_totals').set({ value: 2 }).where('name', '=', 'a').execute();
        await trx
          .insertInto('credit_packs')
          .values([pack('one'), pack('two')])
          .execute();
      });
    // The next transaction records its own.
    await db().updateTable('game_totals').set({ value: 3 }).where('name', 'in', ['b', 'c']).execute();
    const figures = 'live-stats:figures@development';
    expect(await changes()).toEqual(
      dialect === 'postgres'
        ? // The deferred triggers run at commit, in the order the rows were written.
          [figures, 'credit-packs:one@development', 'credit-packs:two@development', figures]
        : [
            figures,
            figures,
            figures,
            figures,
            'credit-packs:one@development',
            'credit-packs:two@development',
            figures,
            figures,
          ],
    );
    await db().deleteFrom('game_totals').execute();
    await db().deleteFrom('credit_packs').execute();
  });

  it('hands every committed change to its listeners once, in order, as it commits', async () => {
    const feed = new ChangeFeed('development', db(), { pollMs: 60_000 });
    const listener = await started(feed);
    const seen: ChangeRow[] = [];
    feed.subscribe((rows) => seen.push(...rows));
    try {
      // On PostgreSQL, written through another instance's pool: its NOTIFY wakes this one.
      const writer = dialect === 'postgres' ? other.game.development : db();
      if (dialect === 'postgres') await new Promise((resolve) => setTimeout(resolve, 200));
      await writer
        .insertInto('credit_packs')
        .values([pack('a'), pack('b')])
        .execute();
      await writer.deleteFrom('credit_packs').where('pack_id', '=', 'a').execute();
      await expect
        .poll(() => seen.map((row) => `${row.key}`), { timeout: 3_000, interval: 20 })
        .toEqual(['a', 'b', 'a']);
      const seqs = seen.map((row) => row.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(feed.lastSeq).toBe(seqs.at(-1));
    } finally {
      await feed.stop();
      await listener?.close();
      await db().deleteFrom('credit_packs').execute();
    }
  });

  it('reads a commit after a quiet spell at once, and the commits that keep coming at most once a gap, each once', async () => {
    const gapMs = 250;
    const feed = new ChangeFeed('development', db(), { pollMs: 60_000, readGapMs: gapMs });
    const listener = await started(feed);
    const reads: ChangeRow[][] = [];
    feed.subscribe((rows) => reads.push([...rows]));
    const keys = () => reads.flat().map((row) => row.key);
    try {
      if (dialect === 'postgres') await new Promise((resolve) => setTimeout(resolve, 200));
      await db().insertInto('credit_packs').values(pack('first')).execute();
      await expect.poll(keys, { timeout: 3_000, interval: 10 }).toEqual(['first']);
      // Forty commits one after another: read together, a read per gap at most.
      const started = performance.now();
      const burst = Array.from({ length: 40 }, (_, index) => `burst-${index}`);
      for (const id of burst) await db().insertInto('credit_packs').values(pack(id)).execute();
      const elapsed = performance.now() - started;
      await expect.poll(keys, { timeout: 5_000, interval: 10 }).toEqual(['first', ...burst]);
      const burstReads = reads.length - 1;
      expect(burstReads).toBeLessThanOrEqual(Math.ceil(elapsed / gapMs) + 1);
      expect(burstReads).toBeLessThan(burst.length);
      const seqs = reads.flat().map((row) => row.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    } finally {
      await feed.stop();
      await listener?.close();
      await db().deleteFrom('credit_packs').execute();
    }
  });

  it.runIf(dialect === 'postgres')('numbers changes in the order their transactions commit', async () => {
    // The first to write commits last: its change must come after the other's, or a reader that
    // saw the second would skip the first for ever.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let wrote: () => void = () => undefined;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const slow = db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('credit_packs').values(pack('first-written')).execute();
        wrote();
        await held;
      });
    await written;
    await other.game.development.insertInto('credit_packs').values(pack('first-committed')).execute();
    release();
    await slow;
    const rows = await db().selectFrom('changes').select(['key', 'seq']).orderBy('seq').execute();
    expect(rows.map((row) => row.key)).toEqual(['first-committed', 'first-written']);
    await db().deleteFrom('credit_packs').execute();
  });

  it('prunes changes older than the replay window, never the last one read', async () => {
    const feed = new ChangeFeed('development', db(), { pollMs: 60_000 });
    await db()
      .insertInto('credit_packs')
      .values([pack('old'), pack('new')])
      .execute();
    await sql`update changes set created_at = '2000-01-01T00:00:00.000Z'`.execute(db());
    await feed.start();
    expect(await feed.prune(new Date())).toBe(1);
    expect(await changes()).toEqual(['credit-packs:new@development']);
    expect(await feed.oldestSeq()).toBe(feed.lastSeq);
    await feed.stop();
    await db().deleteFrom('credit_packs').execute();
  });

  it('installs its triggers again as declared, dropping the ones no longer declared', async () => {
    await installChangeTriggers<GameDatabase>(db(), 'development', [SOURCES[0] as ChangeSource]);
    const at = new Date().toISOString();
    await db()
      .insertInto('config_documents')
      .values({ config_id: 'beta-config/v1', data: '{}', updated_at: at })
      .execute();
    expect(await changes()).toEqual([]);
    await installChangeTriggers(db(), 'development', SOURCES);
    await db().deleteFrom('config_documents').execute();
    expect(await changes()).toEqual(['beta-config:beta-config/v1@development']);
  });
});
