import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../testing/test-stores';
import * as storeRevenueDays from './migrations/2026-12-28-store-revenue-days';
import { grantStorePurchase, restoreStorePurchase, reverseStorePurchase } from './purchases';
import { storePurchasesRevenue } from './revenue';
import type { GameStore, VerifiedStoreTransaction } from './store-report';
import { putStorePack, STORE_PACK_ID } from './testing';

const DAY_MS = 24 * 60 * 60_000;
const T0 = Date.parse('2026-11-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const STORES: readonly GameStore[] = ['app-store', 'google-play'];

/*
 * The stores' revenue reads the day sums the store keeps of store_purchases
 * (migrations/2026-12-28-store-revenue-days.ts). Through grants (some the store priced, some not, a
 * repeat of one), refunds and revocations, refunds the store reversed and made again, and grants and
 * reversals side by side, every range must read what the purchases add up to, as revenue read them
 * before the sums.
 */
describe.each(TEST_DIALECTS)('revenue’s day sums of store purchases on %s', (dialect) => {
  let t: TestStores;
  const game = () => t.stores.game.development;
  let next = 0;

  const pack = (purchasedAt: string, amount?: VerifiedStoreTransaction['amount']): VerifiedStoreTransaction => {
    next += 1;
    return {
      store: STORES[next % STORES.length] ?? 'app-store',
      transactionId: `${dialect}-tx-${next}`,
      productId: STORE_PACK_ID,
      type: 'consumable',
      purchasedAt,
      ...(amount ? { amount } : {}),
      environment: 'production',
    };
  };
  const grant = (transaction: VerifiedStoreTransaction) =>
    grantStorePurchase(game(), { transaction, subscriptionReports: [] }, `player-${next % 5}`);
  const reverse = (transaction: VerifiedStoreTransaction, when: string, kind: 'refund' | 'revoke' = 'refund') =>
    reverseStorePurchase(game(), {
      store: transaction.store,
      transactionId: transaction.transactionId,
      kind,
      at: when,
    });
  const restore = (transaction: VerifiedStoreTransaction) =>
    restoreStorePurchase(game(), {
      store: transaction.store,
      transactionId: transaction.transactionId,
      subscriptionReports: [],
    });

  /** Sold and reversed per day, store and currency in a range, as revenue read the purchases before the sums. */
  const fromPurchases = async (since: string, until: string) => {
    const purchases = await game().selectFrom('store_purchases').selectAll().execute();
    const sums = new Map<string, [number, number]>();
    const add = (time: string | null, key: string, cents: number, reversed: boolean) => {
      if (time === null || time < since || time >= until) return;
      const dayKey = `${time.slice(0, 10)} ${key}`;
      const [gross, refunds] = sums.get(dayKey) ?? [0, 0];
      sums.set(dayKey, reversed ? [gross, refunds + cents] : [gross + cents, refunds]);
    };
    for (const purchase of purchases) {
      if (purchase.amount_cents === null) continue;
      const key = `${purchase.store} ${(purchase.currency ?? 'USD').toUpperCase()}`;
      add(purchase.purchased_at, key, purchase.amount_cents, false);
      add(purchase.reversed_at, key, purchase.amount_cents, true);
    }
    return sums;
  };
  const read = async (since: string, until: string) => {
    const sums = new Map<string, [number, number]>();
    for (const entry of await storePurchasesRevenue(game(), { since, until })) {
      const key = `${entry.day} ${entry.channel} ${entry.currency}`;
      const [gross, refunds] = sums.get(key) ?? [0, 0];
      sums.set(key, [gross + entry.grossCents, refunds + entry.refundCents]);
    }
    return sums;
  };
  const expectSameAsPurchases = async () => {
    for (const [since, until] of [
      [at(-30 * DAY_MS), at(400 * DAY_MS)],
      [at(0), at(30 * DAY_MS)],
      [at(10 * DAY_MS), at(17 * DAY_MS)],
      [at(3 * DAY_MS), at(4 * DAY_MS)],
      [at(-10 * DAY_MS), at(-9 * DAY_MS)],
    ] as const) {
      expect(await read(since, until), `${since} – ${until}`).toEqual(await fromPurchases(since, until));
    }
  };

  beforeAll(async () => {
    t = await openTestStores(dialect);
    await putStorePack(game());
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const bought: VerifiedStoreTransaction[] = [];

  it('reads what the purchases add up to through grants, reversals and restorations', async () => {
    for (let index = 0; index < 90; index += 1) {
      const amount =
        index % 10 === 9 ? undefined : { cents: 299 + (index % 7) * 100, currency: index % 4 === 0 ? 'eur' : 'USD' };
      const transaction = pack(at(((index * 7919) % 40) * DAY_MS + ((index * 104_729) % DAY_MS)), amount);
      bought.push(transaction);
      await grant(transaction);
      if (index % 11 === 0) await grant(transaction);
    }
    // Refunds and revocations days later; some refunds the store reverses, and one it makes again.
    for (const [index, transaction] of bought.entries()) {
      if (index % 3 !== 0) continue;
      const when = at(((index * 7919) % 40) * DAY_MS + (1 + (index % 5)) * DAY_MS);
      expect(await reverse(transaction, when, index % 2 ? 'refund' : 'revoke')).toBe('reversed');
      expect(await reverse(transaction, when)).toBe('already-reversed');
      if (index % 9 === 0) expect(await restore(transaction)).toBe('restored');
      if (index === 9) expect(await reverse(transaction, at(45 * DAY_MS))).toBe('reversed');
    }
    const all = await read(at(-30 * DAY_MS), at(400 * DAY_MS));
    expect([...all.values()].filter(([, refunds]) => refunds > 0).length).toBeGreaterThan(10);
    await expectSameAsPurchases();
  });

  it('counts grants and reversals side by side exactly once each', async () => {
    const day = 60 * DAY_MS;
    const onDay = (count: number) =>
      Array.from({ length: count }, (_, index) =>
        pack(at(day + index * 60_000), { cents: 100 + index, currency: 'USD' }),
      );
    const first = onDay(20);
    const then = onDay(20);
    const twice = <Value>(values: readonly Value[]) => [...values, ...values];
    // Every purchase reported twice at once (the game's receipt and the store's notification), all one
    // player's; then more bought while the first are refunded, the same day: a grant credits the player
    // after its purchase is counted, a refund takes credits back before its reversal is.
    await Promise.all(twice(first).map(grant));
    const [, outcomes] = await Promise.all([
      Promise.all(twice(then).map(grant)),
      Promise.all(twice(first).map((transaction) => reverse(transaction, at(day + 30 * 60_000)))),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'reversed')).toHaveLength(first.length);
    const sums = await game()
      .selectFrom('store_revenue_days')
      .select((eb) => [
        eb.fn.sum<number | string>('purchases').as('purchases'),
        eb.fn.sum<number | string>('purchase_cents').as('purchase_cents'),
        eb.fn.sum<number | string>('reversals').as('reversals'),
        eb.fn.sum<number | string>('reversal_cents').as('reversal_cents'),
      ])
      .where('day', '=', at(day).slice(0, 10))
      .executeTakeFirstOrThrow();
    const cents = (transactions: readonly VerifiedStoreTransaction[]) =>
      transactions.reduce((sum, transaction) => sum + (transaction.amount?.cents ?? 0), 0);
    expect(Object.values(sums).map(Number)).toEqual([
      first.length + then.length,
      cents([...first, ...then]),
      first.length,
      cents(first),
    ]);
    await expectSameAsPurchases();
  });

  it('fills the sums from the purchases already there when the migration runs', async () => {
    await storeRevenueDays.down(game());
    await storeRevenueDays.up(game());
    expect((await game().selectFrom('store_revenue_days').selectAll().execute()).length).toBeGreaterThan(30);
    await expectSameAsPurchases();
    // And keeps them from then on.
    const [first] = bought;
    if (first) expect(await reverse(first, at(50 * DAY_MS))).toBe('reversed');
    await grant(pack(at(5 * DAY_MS), { cents: 777, currency: 'USD' }));
    await expectSameAsPurchases();
  });
});
