import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileKeys } from './identity/queries';
import { type SignedIn, signUpWithProfile } from './identity/testing';
import { payWithCredits, placeOrder, putTestProduct, readyToShop } from './merch/testing';
import { registerDevice } from './push/devices';
import { everyoneRewardJob } from './rewards/everyone-job';
import { openSse, type SseEvent, type SseStream } from './testing/sse-client';
import { buildTestApp, TEST_DIALECTS, type TestApp } from './testing/test-stores';

/*
 * The back office's work under way, live: what the push outbox receives, a reward to everyone as its job
 * reaches each batch of players, and an order's refund that its provider confirms later are each published
 * on their topic, at the pace of their writes (a chunk of devices, a batch of players), never one per
 * device or player.
 */

const ENV = 'development';
const HOUR = 3_600_000;

type ChangeRows = Kysely<{ changes: { seq: number; topic: string; key: string } }>;

describe.each(TEST_DIALECTS)('live progress of pushes, rewards and refunds on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let admin: SignedIn;
  let player: SignedIn;
  const streams: SseStream[] = [];
  const game = () => t.stores.game[ENV];
  const setKeys = (userId: string, keys: string[]) => setProfileKeys(t.stores.identity, userId, keys);

  beforeAll(async () => {
    // The app's own runner stays out of the way: the reward's job is run here, batch by batch.
    t = await buildTestApp(dialect, { jobPollMs: HOUR });
    admin = await signUpWithProfile(t.app, setKeys, {
      email: 'progress-admin@example.com',
      displayName: 'ProgressAdmin',
      keys: ['admin'],
    });
    player = await signUpWithProfile(t.app, setKeys, {
      email: 'progress-player@example.com',
      displayName: 'ProgressPlayer',
    });
    base = await (t.app as FastifyInstance).listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.cleanup();
  });

  async function follow(topics: string) {
    const query = new URLSearchParams({ topics, env: ENV });
    const stream = await openSse(`${base}/api/live?${query}`, { authorization: admin.bearer });
    streams.push(stream);
    expect(stream.status, JSON.stringify(stream.body)).toBe(200);
    await stream.next((event) => event.event === 'ready');
    return stream;
  }
  const changed = (topic: string, key: string) => (event: SseEvent) =>
    event.event === topic && (event.data as { key: string }).key === key;
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: admin.bearer }, payload });

  async function lastSeq(db: ChangeRows): Promise<number> {
    const row = await db
      .selectFrom('changes')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }
  /** The changes of `topic` recorded in a store since `seq`. */
  async function changesSince(db: ChangeRows, seq: number, topic: string): Promise<string[]> {
    const rows = await db
      .selectFrom('changes')
      .select('key')
      .where('seq', '>', seq)
      .where('topic', '=', topic)
      .orderBy('seq')
      .execute();
    return rows.map((row) => row.key);
  }

  it('publishes what the push outbox receives: a test notification sent from another tab', async () => {
    const live = await follow('push-outbox');
    const now = new Date();
    for (const token of ['progress-phone-1', 'progress-phone-2']) {
      await registerDevice(game(), { token, platform: 'android', userId: player.userId, now });
    }
    const identity = t.stores.identity as unknown as ChangeRows;
    const before = await lastSeq(identity);
    const sent = await post(`/api/fn/${ENV}-push-sendtestnotificatio`, { userID: player.userId });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await live.next(changed('push-outbox', 'outbox'))).data).toEqual({ key: 'outbox', record: null });
    // Both phones in one statement: one change on PostgreSQL (once per transaction); SQLite's triggers
    // cannot tell a statement's rows apart and record each, of which the hub sends the latest.
    expect(await changesSince(identity, before, 'push-outbox')).toEqual(
      dialect === 'postgres' ? ['outbox'] : ['outbox', 'outbox'],
    );
  });

  it('publishes a reward to everyone as it is queued, at each batch of players, and when it is done', async () => {
    const live = await follow('everyone-rewards');
    const requestID = `progress-everyone-${dialect}`;
    const sent = await post(`/api/callable/${ENV}-admin-distributereward`, {
      data: { requestID, audience: 'everyone', credits: 5, reason: 'Live progress' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await live.next(changed('everyone-rewards', requestID))).data).toEqual({ key: requestID, record: null });

    const gameChanges = game() as unknown as ChangeRows;
    const before = await lastSeq(gameChanges);
    const counted = await t.app.inject({
      url: `/api/admin/${ENV}/rewards/everyone/players`,
      headers: { authorization: admin.bearer },
    });
    const { players } = counted.json() as { players: number };
    expect(players).toBeGreaterThanOrEqual(2);
    // One player a batch: each batch's checkpoint is a change, and the last batch says done.
    const job = everyoneRewardJob({ game: t.stores.game, identity: t.stores.identity, batchSize: 1 });
    await job.run({ environment: ENV, requestID }, { attempt: 1, extendLease: async () => true });
    await live.next(changed('everyone-rewards', requestID));
    // Every batch a change (a batch of one reached, then an empty batch that finds nobody left and ends it):
    // as many as the batches, never more.
    expect(await changesSince(gameChanges, before, 'everyone-rewards')).toEqual(
      Array.from({ length: players + 1 }, () => requestID),
    );
    const list = await t.app.inject({
      url: `/api/admin/${ENV}/rewards/everyone`,
      headers: { authorization: admin.bearer },
    });
    expect((list.json() as { rows: { requestID: string; state: string; reached: number }[] }).rows).toContainEqual(
      expect.objectContaining({ requestID, state: 'done', reached: players }),
    );
  });

  it("publishes a refund its provider confirms later as a change of the refund's order", async () => {
    const live = await follow('merch-orders');
    await readyToShop(t.app, game(), player, 5000);
    await putTestProduct(game(), { productID: 'progress-tee', varieties: [['m', 5]] });
    const placed = await placeOrder(t.app, player, {
      lines: [{ productID: 'progress-tee', varietyID: 'm', quantity: 1 }],
      payment: 'credits',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderID } = placed.json() as { orderID: string };
    const paid = await payWithCredits(t.app, player, orderID);
    expect(paid.statusCode, paid.body).toBe(200);
    await live.next(changed('merch-orders', orderID));
    const refunded = await post(`/api/admin/${ENV}/merch/orders/${orderID}/refunds`, {
      amountCents: 100,
      reason: 'Live progress',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await live.next(changed('merch-orders', orderID));

    // As the provider's late answer is recorded: the refund's own row moves, not the order's.
    const before = await lastSeq(game() as unknown as ChangeRows);
    await game()
      .updateTable('merch_refunds')
      .set({ provider_reference: 'progress-ref' })
      .where('order_id', '=', orderID)
      .execute();
    await live.next(changed('merch-orders', orderID));
    expect(await changesSince(game() as unknown as ChangeRows, before, 'merch-orders')).toEqual([orderID]);
  });
});
