import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushOutcome } from '../platform/push-transport/sender';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../testing/test-stores';
import { markSending, outcomesUpdate } from './deliveries';
import type { Device } from './message-devices';
import { tokenKey } from './token-key';

/** Deliveries the message already has when the chunk is recorded: a send well under way. */
const EARLIER = 5_000;
const CHUNK = 40;

const device = (index: number): Device => {
  const token = `token-${index}`;
  return { token, key: tokenKey(token), userId: `player-${index % 100}` };
};

describe.each(TEST_DIALECTS)('a chunk’s deliveries on %s', (dialect) => {
  let t: TestStores;
  const db = () => t.stores.game.development;
  const chunk = Array.from({ length: CHUNK }, (_, index) => device(EARLIER + index));
  const outcomes: PushOutcome[] = chunk.map((sent, index) =>
    index === 0
      ? { token: sent.token, status: 'unregistered' }
      : index === 1
        ? { token: sent.token, status: 'failed', reason: 'FCM answered 500' }
        : { token: sent.token, status: 'sent', messageId: `projects/p/messages/${index}` },
  );

  beforeAll(async () => {
    t = await openTestStores(dialect);
    // PostgreSQL's statistics as a send leaves them: read while the table was small, before it grew.
    await markSending(db(), 'message-before', [device(0)]);
    if (dialect === 'postgres') await sql`analyze push_deliveries`.execute(db());
    const earlier = Array.from({ length: EARLIER }, (_, index) => device(index));
    for (let start = 0; start < EARLIER; start += 500) {
      await markSending(db(), 'message', earlier.slice(start, start + 500));
    }
    await db().updateTable('push_deliveries').set({ status: 'sent' }).where('message_id', '=', 'message').execute();
    await markSending(db(), 'message', chunk);
    // The same token in another message's chunk, still being sent.
    await markSending(db(), 'other-message', chunk.slice(0, 3));
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('finds each outcome’s row by the primary key, however many deliveries the message has', async () => {
    const query = outcomesUpdate(db(), 'message', chunk, outcomes).compile();
    if (dialect === 'sqlite') {
      const plan = await db().executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      const steps = plan.rows.map((row) => row.detail);
      expect(steps).toContainEqual(
        expect.stringMatching(
          /^SEARCH push_deliveries USING (PRIMARY KEY|INDEX sqlite_autoindex_push_deliveries_1) \(message_id=\? AND token_hash=\?\)$/,
        ),
      );
      expect(steps.filter((step) => step.includes('SCAN push_deliveries'))).toEqual([]);
    } else {
      const plan = await db().executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Index Scan using push_deliveries_pk on push_deliveries found/);
      expect(text).toMatch(/Index Cond: \(\(message_id = bulk\.message_id\) AND \(token_hash = bulk\.token_hash\)\)/);
      expect(text).toMatch(/Tid Scan on push_deliveries/);
      expect(text).not.toMatch(/(Seq Scan|Bitmap Heap Scan) on push_deliveries/);
    }
  });

  it('records the outcomes onto the chunk’s rows still being sent, and no other', async () => {
    // A takeover counted one failed meanwhile; another was erased with its player.
    await db()
      .updateTable('push_deliveries')
      .set({ status: 'failed', detail: 'interrupted' })
      .where('message_id', '=', 'message')
      .where('token_hash', '=', chunk[2]?.key ?? '')
      .execute();
    await db()
      .deleteFrom('push_deliveries')
      .where('message_id', '=', 'message')
      .where('token_hash', '=', chunk[3]?.key ?? '')
      .execute();
    const recorded = await db()
      .transaction()
      .execute((trx) => outcomesUpdate(trx, 'message', chunk, outcomes).execute());
    expect(recorded.map((row) => row.status).sort()).toEqual(
      ['unregistered', 'failed', ...Array<string>(CHUNK - 4).fill('sent')].sort(),
    );
    const rows = await db()
      .selectFrom('push_deliveries')
      .select(['message_id', 'token_hash', 'status', 'detail'])
      .where(
        'token_hash',
        'in',
        chunk.slice(0, 5).map((sent) => sent.key),
      )
      .orderBy('message_id')
      .orderBy('token_hash')
      .execute();
    const of = (messageID: string, index: number) =>
      rows.find((row) => row.message_id === messageID && row.token_hash === chunk[index]?.key);
    expect(of('message', 0)).toMatchObject({ status: 'unregistered', detail: null });
    expect(of('message', 1)).toMatchObject({ status: 'failed', detail: 'FCM answered 500' });
    expect(of('message', 2)).toMatchObject({ status: 'failed', detail: 'interrupted' });
    expect(of('message', 3)).toBeUndefined();
    expect(of('message', 4)).toMatchObject({ status: 'sent', detail: 'projects/p/messages/4' });
    expect(rows.filter((row) => row.message_id === 'other-message').map((row) => row.status)).toEqual([
      'sending',
      'sending',
      'sending',
    ]);
  });

  it('refuses outcomes out of the tokens’ order rather than record one device’s as another’s', () => {
    expect(() => outcomesUpdate(db(), 'message', chunk, [...outcomes].reverse())).toThrow(/order/);
  });
});
