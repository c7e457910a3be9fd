import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../testing/test-stores';
import { credit, getBalance, InsufficientCreditsError } from './ledger';
import { SpendBatch } from './spend-batch';

describe.each(TEST_DIALECTS)('a batch of spends on %s', (dialect) => {
  let t: TestStores;
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await openTestStores(dialect);
    await credit(db(), { userId: 'ana', amount: 100, reason: 'purchase', reference: 'paypal:ana' });
    await credit(db(), { userId: 'bo', amount: 30, reason: 'purchase', reference: 'paypal:bo' });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const ledgerOf = (userId: string) =>
    db()
      .selectFrom('credit_ledger')
      .select(['amount', 'reason', 'reference', 'balance_after'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('decides each spend on what the ones before it left, and writes one ledger row each', async () => {
    const refusals: unknown[] = [];
    await db()
      .transaction()
      .execute(async (trx) => {
        const batch = await SpendBatch.open(trx, ['bo', 'ana', 'cy', 'ana']);
        expect([batch.balance('ana'), batch.balance('bo'), batch.balance('cy')]).toEqual([100, 30, 0]);
        const spend = (userId: string, amount: number, index: number) => {
          try {
            return batch.spend({ userId, amount, reason: 'spin', reference: `spin:batch-${index}` });
          } catch (error) {
            refusals.push(error);
            return null;
          }
        };
        expect([
          spend('ana', 40, 1),
          spend('bo', 20, 2),
          spend('ana', 40, 3),
          spend('bo', 20, 4),
          spend('ana', 40, 5),
          spend('cy', 1, 6),
          spend('ana', 20, 7),
        ]).toEqual([60, 10, 20, null, null, null, 0]);
        await batch.write(trx);
      });
    expect(refusals).toHaveLength(3);
    expect(refusals.every((error) => error instanceof InsufficientCreditsError)).toBe(true);
    expect(refusals[0]).toMatchObject({ balance: 10, amount: 20 });
    expect([await getBalance(db(), 'ana'), await getBalance(db(), 'bo'), await getBalance(db(), 'cy')]).toEqual([
      0, 10, 0,
    ]);
    expect(await ledgerOf('ana')).toEqual([
      { amount: 100, reason: 'purchase', reference: 'paypal:ana', balance_after: 100 },
      { amount: -40, reason: 'spin', reference: 'spin:batch-1', balance_after: 60 },
      { amount: -40, reason: 'spin', reference: 'spin:batch-3', balance_after: 20 },
      { amount: -20, reason: 'spin', reference: 'spin:batch-7', balance_after: 0 },
    ]);
    expect((await ledgerOf('bo')).map((row) => row.balance_after)).toEqual([30, 10]);
    expect(await ledgerOf('cy')).toEqual([]);
  });

  it('writes nothing when the transaction it was written in rolls back', async () => {
    await credit(db(), { userId: 'di', amount: 50, reason: 'purchase', reference: 'paypal:di' });
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          const batch = await SpendBatch.open(trx, ['di']);
          batch.spend({ userId: 'di', amount: 50, reason: 'spin', reference: 'spin:rolled-back' });
          await batch.write(trx);
          throw new Error('the spin failed after its spend');
        }),
    ).rejects.toThrow('the spin failed after its spend');
    expect(await getBalance(db(), 'di')).toBe(50);
    expect((await ledgerOf('di')).map((row) => row.reference)).toEqual(['paypal:di']);
  });

  it('fails its transaction on a reference applied before, instead of spending twice', async () => {
    await credit(db(), { userId: 'ed', amount: 50, reason: 'purchase', reference: 'paypal:ed' });
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          const batch = await SpendBatch.open(trx, ['ed']);
          batch.spend({ userId: 'ed', amount: 10, reason: 'spin', reference: 'paypal:ed' });
          await batch.write(trx);
        }),
    ).rejects.toThrow();
    expect(await getBalance(db(), 'ed')).toBe(50);
  });

  it('is only opened in a transaction, and refuses amounts that are not credits', async () => {
    await expect(SpendBatch.open(db(), ['ana'])).rejects.toThrow('one transaction');
    await db()
      .transaction()
      .execute(async (trx) => {
        const batch = await SpendBatch.open(trx, ['bo']);
        expect(() => batch.spend({ userId: 'bo', amount: 0, reason: 'spin', reference: 'spin:zero' })).toThrow(
          RangeError,
        );
        expect(() => batch.spend({ userId: 'bo', amount: 1.5, reason: 'spin', reference: 'spin:half' })).toThrow(
          RangeError,
        );
        // Nothing spent: writing changes nothing.
        await batch.write(trx);
      });
    expect(await getBalance(db(), 'bo')).toBe(10);
  });
});
