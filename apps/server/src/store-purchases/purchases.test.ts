import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBalance, spend } from '../ledger/index';
import { readPremium } from '../subscriptions/index';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../testing/test-stores';
import { applyStoreNotification } from './notifications';
import { grantStorePurchase, reverseStorePurchase, StorePurchaseRefusal } from './purchases';
import { listStorePurchases } from './queries';
import type { GameStore, VerifiedPurchase, VerifiedStoreTransaction } from './store-report';
import { putStorePack, STORE_PACK_ID } from './testing';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse('2026-12-01T12:00:00.000Z');
const at = (days: number) => new Date(T0 + days * DAY).toISOString();

describe.each(TEST_DIALECTS)('store purchases on %s', (dialect) => {
  let t: TestStores;
  const db = () => t.stores.game.development;
  let next = 0;
  const player = () => `store-player-${next++}`;

  const pack = (transactionId: string, store: GameStore = 'app-store'): VerifiedStoreTransaction => ({
    store,
    transactionId,
    productId: STORE_PACK_ID,
    type: 'consumable',
    purchasedAt: at(0),
    amount: { cents: 499, currency: 'USD' },
    environment: 'sandbox',
  });
  const period = (
    subscriptionId: string,
    transactionId: string,
    days: number,
    store: GameStore = 'google-play',
  ): VerifiedStoreTransaction => ({
    store,
    transactionId,
    productId: 'premium.monthly',
    type: 'subscription',
    subscriptionId,
    purchasedAt: at(days),
    expiresAt: at(days + 30),
    environment: 'production',
  });
  const verified = (transaction: VerifiedStoreTransaction): VerifiedPurchase => ({
    transaction,
    subscriptionReports: [],
  });

  beforeAll(async () => {
    t = await openTestStores(dialect);
    await putStorePack(db());
  });
  afterAll(() => t.cleanup());

  it('grants a credit pack once when the game reports it six times at once, and answers each report the first grant', async () => {
    const userId = player();
    const transaction = pack(`tx-${next++}`);
    const grants = await Promise.all(
      Array.from({ length: 6 }, () => grantStorePurchase(db(), verified(transaction), userId)),
    );
    expect(grants.filter((grant) => grant.firstGrant)).toHaveLength(1);
    expect(new Set(grants.map((grant) => grant.grantedAt)).size).toBe(1);
    expect(grants.every((grant) => grant.kind === 'credit-pack' && grant.credits === 500)).toBe(true);
    expect(await getBalance(db(), userId)).toBe(500);
    const ledger = await db().selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).execute();
    expect(ledger.map((row) => [row.amount, row.reason, row.reference])).toEqual([
      [500, 'purchase', `app-store:${transaction.transactionId}`],
    ]);
  });

  it("refuses another player's transaction, a reversed one and a product Outpost does not sell, changing nothing", async () => {
    const owner = player();
    const other = player();
    const transaction = pack(`tx-${next++}`);
    await grantStorePurchase(db(), verified(transaction), owner);
    await expect(grantStorePurchase(db(), verified(transaction), other)).rejects.toThrow(
      'This purchase belongs to another player',
    );
    const named = { ...pack(`tx-${next++}`), accountToken: owner };
    await expect(grantStorePurchase(db(), verified(named), other)).rejects.toBeInstanceOf(StorePurchaseRefusal);
    const revoked = { ...pack(`tx-${next++}`), revokedAt: at(1) };
    await expect(grantStorePurchase(db(), verified(revoked), other)).rejects.toThrow('refunded or revoked');
    const unknown = { ...pack(`tx-${next++}`), productId: 'pack-nope' };
    await expect(grantStorePurchase(db(), verified(unknown), other)).rejects.toThrow(
      'There is no credit pack or premium plan sold as "pack-nope"',
    );
    expect(await getBalance(db(), other)).toBe(0);
    expect(await listStorePurchases(db(), other)).toEqual([]);
  });

  it('takes a refunded pack back out of the balance, never below zero, once, and says what had been spent', async () => {
    const userId = player();
    const transaction = pack(`tx-${next++}`);
    await grantStorePurchase(db(), verified(transaction), userId);
    await spend(db(), { userId, amount: 300, reason: 'spin', reference: `spin:${transaction.transactionId}` });
    const reversal = {
      store: 'app-store',
      transactionId: transaction.transactionId,
      kind: 'refund',
      at: at(2),
    } as const;
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => reverseStorePurchase(db(), reversal)));
    expect(outcomes.filter((outcome) => outcome === 'reversed')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'already-reversed')).toHaveLength(3);
    expect(await getBalance(db(), userId)).toBe(0);
    const [purchase] = await listStorePurchases(db(), userId);
    expect(purchase?.reversal).toEqual({ kind: 'refund', at: at(2), creditsTakenBack: 200, creditsAlreadySpent: 300 });
    const refunds = await db()
      .selectFrom('credit_ledger')
      .select(['amount', 'reason'])
      .where('user_id', '=', userId)
      .where('reason', '=', 'refund')
      .execute();
    expect(refunds).toEqual([{ amount: -200, reason: 'refund' }]);
    expect(await reverseStorePurchase(db(), { ...reversal, transactionId: 'tx-never' })).toBe('unknown-transaction');
  });

  it("gives premium to a paid period's end, renews it, and ends it when the store refunds the renewal", async () => {
    const userId = player();
    const subscriptionId = `token-${next++}`;
    const first = await grantStorePurchase(
      db(),
      verified(period(subscriptionId, `GPA.${next}`, 0)),
      userId,
      new Date(T0),
    );
    expect(first.premium).toMatchObject({ premium: true, until: at(30), channel: 'google-play', state: 'active' });
    const renewal = period(subscriptionId, `GPA.${next}..0`, 30);
    const renewed = await grantStorePurchase(db(), verified(renewal), userId, new Date(T0 + 31 * DAY));
    expect(renewed.premium).toMatchObject({ premium: true, until: at(60), state: 'active' });
    const history = await db()
      .selectFrom('subscription_events')
      .select(['kind'])
      .where('subscription_id', '=', `google-play:${subscriptionId}`)
      .orderBy('at')
      .execute();
    expect(history.map((row) => row.kind)).toEqual(['purchase', 'renew']);
    await reverseStorePurchase(db(), {
      store: 'google-play',
      transactionId: renewal.transactionId,
      kind: 'refund',
      at: at(32),
    });
    expect(await readPremium(db(), userId, new Date(T0 + 33 * DAY))).toMatchObject({
      premium: false,
      state: 'refunded',
    });
  });

  it("grants one renewal when the store's notification and the game's report of it race", async () => {
    const userId = player();
    const subscriptionId = `otx-${next++}`;
    await grantStorePurchase(db(), verified(period(subscriptionId, subscriptionId, 0, 'app-store')), userId);
    const renewal = period(subscriptionId, `tx-${next++}`, 30, 'app-store');
    const outcomes = await Promise.all([
      ...Array.from({ length: 3 }, (_, index) =>
        applyStoreNotification(db(), {
          kind: 'subscription',
          store: 'app-store',
          notificationId: `n-${renewal.transactionId}-${index % 2}`,
          subscriptionId,
          productId: renewal.productId,
          event: 'renew',
          at: renewal.purchasedAt,
          until: renewal.expiresAt,
          transaction: renewal,
        }),
      ),
      ...Array.from({ length: 3 }, () => grantStorePurchase(db(), verified(renewal), userId)),
    ]);
    expect(outcomes.length).toBe(6);
    const rows = await db()
      .selectFrom('store_purchases')
      .select('transaction_id')
      .where('store', '=', 'app-store')
      .where('subscription_id', '=', subscriptionId)
      .execute();
    expect(rows).toHaveLength(2);
    const events = await db()
      .selectFrom('subscription_events')
      .select('event_id')
      .where('subscription_id', '=', `app-store:${subscriptionId}`)
      .execute();
    expect(events).toHaveLength(2);
    expect(await readPremium(db(), userId, new Date(T0 + 31 * DAY))).toMatchObject({ premium: true, until: at(60) });
  });

  it("follows a store's notifications once each, and leaves a stranger's subscription for the game's report", async () => {
    const userId = player();
    const subscriptionId = `otx-${next++}`;
    await grantStorePurchase(db(), verified(period(subscriptionId, subscriptionId, 0, 'app-store')), userId);
    const cancel = {
      kind: 'subscription',
      store: 'app-store',
      notificationId: `n-cancel-${subscriptionId}`,
      subscriptionId,
      productId: 'premium.monthly',
      event: 'cancel',
      at: at(5),
    } as const;
    expect(await applyStoreNotification(db(), cancel)).toBe('applied');
    expect(await applyStoreNotification(db(), cancel)).toBe('duplicate');
    expect(await readPremium(db(), userId, new Date(T0 + 6 * DAY))).toMatchObject({
      premium: true,
      state: 'cancelled',
    });
    expect(
      await applyStoreNotification(db(), { ...cancel, notificationId: 'n-stranger', subscriptionId: 'otx-stranger' }),
    ).toBe('unknown-player');
    expect(
      await applyStoreNotification(db(), {
        kind: 'ignored',
        store: 'app-store',
        notificationId: 'n-test',
        reason: 'TEST',
      }),
    ).toBe('ignored');
  });
});
