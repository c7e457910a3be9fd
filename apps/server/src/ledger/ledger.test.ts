import type { Credits } from '@outpost/contracts/economy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../identity/testing';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { credit, getBalance, InsufficientCreditsError, spend } from './ledger';

describe.each(TEST_DIALECTS)('the credits ledger on %s', (dialect) => {
  let t: TestApp;
  let counter = 0;
  /** A player id no other test uses. */
  const nextPlayer = () => {
    counter += 1;
    return `player-${counter}`;
  };
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function ledgerSum(userId: string): Promise<number> {
    const rows = await db().selectFrom('credit_ledger').select('amount').where('user_id', '=', userId).execute();
    return rows.reduce((sum, row) => sum + row.amount, 0);
  }

  it('credits and spends, each change a row with its reason, reference and the balance after it', async () => {
    const userId = nextPlayer();
    const bought = await credit(db(), { userId, amount: 500, reason: 'purchase', reference: 'paypal:ORDER-1' });
    expect(bought).toMatchObject({ applied: true, entry: { amount: 500, reason: 'purchase', balanceAfter: 500 } });
    const spun = await spend(db(), { userId, amount: 120, reason: 'spin', reference: 'spin:1' });
    expect(spun.entry).toMatchObject({ amount: -120, reason: 'spin', reference: 'spin:1', balanceAfter: 380 });
    expect(await getBalance(db(), userId)).toBe(380);
    expect(await ledgerSum(userId)).toBe(380);
  });

  it('refuses a spend larger than the balance, changing nothing', async () => {
    const userId = nextPlayer();
    await expect(spend(db(), { userId, amount: 1, reason: 'spin', reference: `spin:${userId}:0` })).rejects.toThrow(
      InsufficientCreditsError,
    );
    await credit(db(), { userId, amount: 50, reason: 'reward', reference: `reward:${userId}` });
    const refused = spend(db(), { userId, amount: 51, reason: 'spin', reference: `spin:${userId}:1` });
    await expect(refused).rejects.toMatchObject({ balance: 50, amount: 51 });
    expect(await getBalance(db(), userId)).toBe(50);
    const rows = await db().selectFrom('credit_ledger').select('reference').where('user_id', '=', userId).execute();
    expect(rows.map((row) => row.reference)).toEqual([`reward:${userId}`]);
  });

  it('credits a reference once however often it is retried, also concurrently', async () => {
    const userId = nextPlayer();
    const reference = `paypal:${userId}`;
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => credit(db(), { userId, amount: 300, reason: 'purchase', reference })),
    );
    expect(outcomes.filter((outcome) => outcome.applied)).toHaveLength(1);
    expect(new Set(outcomes.map((outcome) => outcome.entry.id)).size).toBe(1);
    expect(await getBalance(db(), userId)).toBe(300);
    expect(await ledgerSum(userId)).toBe(300);
  });

  it('never lets concurrent spends take the balance below zero', async () => {
    const userId = nextPlayer();
    await credit(db(), { userId, amount: 100, reason: 'purchase', reference: `paypal:${userId}` });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) =>
        spend(db(), { userId, amount: 10, reason: 'spin', reference: `spin:${userId}:${index}` }),
      ),
    );
    const spent = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(spent).toHaveLength(10);
    expect(refused).toHaveLength(30);
    for (const result of refused)
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientCreditsError);
    expect(await getBalance(db(), userId)).toBe(0);
    expect(await ledgerSum(userId)).toBe(0);
    const balances = (spent as PromiseFulfilledResult<{ entry: { balanceAfter: number } }>[])
      .map((result) => result.value.entry.balanceAfter)
      .sort((a, b) => a - b);
    expect(balances).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
  });

  it('refuses amounts that are not whole positive credits', async () => {
    const userId = nextPlayer();
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await expect(credit(db(), { userId, amount, reason: 'reward', reference: `r:${amount}` })).rejects.toThrow(
        RangeError,
      );
    }
  });

  it('shows a signed-in player their balance and history, newest first, and nobody else’s', async () => {
    const player = await signUp(t.app, { email: `credits-${dialect}@example.com` });
    const other = nextPlayer();
    await credit(db(), {
      userId: player.userId,
      amount: 200,
      reason: 'redemption',
      reference: `code:a:${player.userId}`,
    });
    await spend(db(), { userId: player.userId, amount: 75, reason: 'spin', reference: `spin:${player.userId}` });
    await credit(db(), { userId: other, amount: 999, reason: 'reward', reference: `reward:${other}` });

    const response = await t.app.inject({ url: '/api/account/credits', headers: { authorization: player.bearer } });
    expect(response.statusCode, response.body).toBe(200);
    const credits = response.json() as Credits;
    expect(credits.balance).toBe(125);
    expect(credits.history.total).toBe(2);
    expect(credits.history.rows.map((row) => [row.reason, row.amount, row.balanceAfter])).toEqual([
      ['spin', -75, 125],
      ['redemption', 200, 200],
    ]);
    const page = await t.app.inject({
      url: '/api/account/credits?pageSize=1&page=2',
      headers: { authorization: player.bearer },
    });
    expect((page.json() as Credits).history.rows.map((row) => row.amount)).toEqual([200]);
    expect((await t.app.inject({ url: '/api/account/credits' })).statusCode).toBe(401);
  });
});
