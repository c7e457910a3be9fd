import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameDatabase } from '../database';
import { STORE_MIGRATIONS } from '../stores';
import { TEST_DIALECTS } from '../testing/test-stores';
import { openUnmigratedStore, type UnmigratedStore } from '../testing/unmigrated-store';
import type { RewardDistributionTable, RewardEveryoneTable } from './tables';

const SCHEDULED = '2026-12-25-reward-everyone-scheduled';

const distribution = (requestID: string, at: string): RewardDistributionTable => ({
  request_id: requestID,
  reason: 'Launch gift',
  credits: 25,
  items: '[]',
  distributed_at: at,
  distributed_by: 'admin-1',
});

/** A row as the store held it before rewards could be scheduled. */
type OldEveryoneRow = Omit<RewardEveryoneTable, 'send_at' | 'reached'> & { reached: number };
/** The store with the table as it was: withTables would add to today's type, which has send_at. */
const asBefore = (db: Kysely<GameDatabase>) => db as unknown as Kysely<{ reward_everyone: OldEveryoneRow }>;
const OLD: OldEveryoneRow = {
  request_id: 'sent-before',
  state: 'done',
  players_at_send: 3,
  last_user_id: null,
  reached: 3,
  started_at: '2026-12-10T12:00:01.000Z',
  finished_at: '2026-12-10T12:00:02.000Z',
  last_error: null,
};

describe.each(TEST_DIALECTS)('the scheduled rewards migration on %s', (dialect) => {
  let store: UnmigratedStore | undefined;
  afterEach(async () => {
    await store?.cleanup();
    store = undefined;
  });

  it('keeps each reward to everyone, sent at its send, takes the new states, and is taken back', async () => {
    store = await openUnmigratedStore(dialect, STORE_MIGRATIONS.game);
    await store.migrateToJustBefore(SCHEDULED);
    const { db } = store;
    await db
      .insertInto('reward_distributions')
      .values(distribution('sent-before', '2026-12-10T12:00:00.000Z'))
      .execute();
    await asBefore(db).insertInto('reward_everyone').values(OLD).execute();

    await store.migrateToLatest();
    expect(await db.selectFrom('reward_everyone').selectAll().execute()).toEqual([
      { ...OLD, send_at: '2026-12-10T12:00:00.000Z' },
    ]);
    await db.insertInto('reward_distributions').values(distribution('later', '2026-12-11T09:00:00.000Z')).execute();
    const scheduled = { ...OLD, request_id: 'later', state: 'scheduled' as const, send_at: '2026-12-12T18:00:00.000Z' };
    await db.insertInto('reward_everyone').values(scheduled).execute();
    // The check still holds: no state but the six.
    await expect(
      db
        .updateTable('reward_everyone')
        .set({ state: 'lost' as RewardEveryoneTable['state'] })
        .where('request_id', '=', 'later')
        .execute(),
    ).rejects.toThrow();

    // Taken back: the one sent keeps its row; the scheduled one goes, with its distribution.
    await store.migrateToJustBefore(SCHEDULED);
    expect(await asBefore(db).selectFrom('reward_everyone').selectAll().execute()).toEqual([OLD]);
    expect(
      (await db.selectFrom('reward_distributions').select('request_id').execute()).map((row) => row.request_id),
    ).toEqual(['sent-before']);
  });
});
