import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../testing/test-stores';
import { subscriptionsPersonalData } from './personal-data';
import { foldEvents, type SubscriptionEvent } from './state-machine';
import {
  findSubscription,
  recordSubscriptionEvent,
  type SubscriptionRef,
  subscriptionIdOf,
} from './subscription-events';
import { hours, reportsAndDelivery } from './testing';

describe.each(TEST_DIALECTS)('subscription reports on %s', (dialect) => {
  let t: TestStores;
  const db = () => t.stores.game.development;
  let next = 0;
  const newRef = (userId = 'player-1'): SubscriptionRef => ({
    channel: 'app-store',
    channelId: `otx-${next++}`,
    userId,
  });

  beforeAll(async () => {
    t = await openTestStores(dialect);
  });
  afterAll(() => t.cleanup());

  it('records one report once when the store and the game send it at the same time', async () => {
    const ref = newRef();
    const purchase: SubscriptionEvent = { eventId: 'tx-1', kind: 'purchase', at: hours(0), until: hours(720) };
    const answers = await Promise.all(Array.from({ length: 6 }, () => recordSubscriptionEvent(db(), ref, purchase)));
    expect(answers.filter((answer) => answer.recorded)).toHaveLength(1);
    expect(answers.map((answer) => answer.status.state)).toEqual(Array(6).fill('active'));
    const rows = await db()
      .selectFrom('subscription_events')
      .select('event_id')
      .where('subscription_id', '=', subscriptionIdOf(ref))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('stores the state its reports add up to, whatever order and concurrency they arrive in, repeats included', async () => {
    await fc.assert(
      fc.asyncProperty(
        reportsAndDelivery({ minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 4 }),
        async ([events, delivered], together) => {
          const ref = newRef();
          for (let start = 0; start < delivered.length; start += together) {
            await Promise.all(
              delivered.slice(start, start + together).map((event) => recordSubscriptionEvent(db(), ref, event)),
            );
          }
          const { userId, ...stored } = (await findSubscription(db(), ref)) ?? { userId: '' };
          expect(userId).toBe(ref.userId);
          expect(stored).toEqual(foldEvents(events));
        },
      ),
      { numRuns: 15 },
    );
  });

  it("puts a player's subscriptions in their download with every report, and keeps them under the anonymous id", async () => {
    const ref = newRef('player-2');
    await recordSubscriptionEvent(db(), ref, { eventId: 'buy', kind: 'purchase', at: hours(0), until: hours(720) });
    await recordSubscriptionEvent(db(), ref, { eventId: 'off', kind: 'cancel', at: hours(5) });
    const subject = { userId: 'player-2', email: 'p2@example.com', displayName: null, writtenBefore: hours(10) };
    expect(await subscriptionsPersonalData.export(db(), subject)).toEqual({
      subscriptions: [
        {
          channel: 'app-store',
          state: 'cancelled',
          periodEnd: hours(720),
          history: [
            { kind: 'purchase', at: hours(0), until: hours(720) },
            { kind: 'cancel', at: hours(5), until: null },
          ],
        },
      ],
    });
    await db()
      .transaction()
      .execute((trx) => subscriptionsPersonalData.erase(trx, { ...subject, anonymousId: 'anon-2' }));
    expect((await findSubscription(db(), ref))?.userId).toBe('anon-2');
    expect(await subscriptionsPersonalData.export(db(), subject)).toEqual({ subscriptions: [] });
  });
});
