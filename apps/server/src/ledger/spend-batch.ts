import type { Kysely, Selectable } from 'kysely';
import type { GameDatabase } from '../database';
import { bulkRows, selectRows } from '../platform/db/bulk-rows';
import { isPostgres } from '../platform/db/dialect';
import { assertAmount, InsufficientCreditsError, type LedgerChange } from './ledger';
import type { CreditLedgerTable } from './tables';

/*
 * Spends decided together in one transaction: the spins of a batch. The players' balances are
 * read once, each spend is checked against what the ones before it left, and all of them are
 * written at the end in two statements (the balances moved by each player's total, one ledger row
 * per spend with the balance it left), whatever the number of spends. spend() in ledger.ts does
 * one change in three statements, and looks its reference up first so a retried change applies
 * once; a batch's changes are made now with references of their own (`spin:<new id>`), so it does
 * not: a reference applied before fails the whole transaction at the ledger's unique key.
 */

/** A ledger row to write: the table's columns but its generated id. */
type PendingEntry = Omit<Selectable<CreditLedgerTable>, 'id' | 'note'>;

export class SpendBatch {
  readonly #balances: Map<string, number>;
  readonly #spent = new Map<string, number>();
  readonly #entries: PendingEntry[] = [];

  private constructor(balances: Map<string, number>) {
    this.#balances = balances;
  }

  /**
   * Reads the balances of `userIds` in the caller's transaction. On PostgreSQL their rows stay
   * locked until it ends, taken in one order by every batch, so two batches never wait on each
   * other in a circle; SQLite runs one transaction at a time.
   */
  static async open(trx: Kysely<GameDatabase>, userIds: readonly string[]): Promise<SpendBatch> {
    if (!trx.isTransaction) throw new Error('A spend batch reads and writes in one transaction.');
    const ids = [...new Set(userIds)].sort();
    const rows =
      ids.length === 0
        ? []
        : await trx
            .selectFrom('credit_balances')
            .select(['user_id', 'balance'])
            .where('user_id', 'in', ids)
            .orderBy('user_id')
            .$if(isPostgres(trx), (query) => query.forUpdate())
            .execute();
    return new SpendBatch(new Map(rows.map((row) => [row.user_id, row.balance])));
  }

  /** What the player has once the spends so far are taken (0 without a balance). */
  balance(userId: string): number {
    return this.#balances.get(userId) ?? 0;
  }

  /**
   * Takes the change's amount from what the spends before it left, and answers the balance after;
   * throws InsufficientCreditsError, recording nothing, when that is short.
   */
  spend(change: LedgerChange): number {
    assertAmount(change.amount);
    const balance = this.balance(change.userId);
    if (balance < change.amount) throw new InsufficientCreditsError(balance, change.amount);
    const after = balance - change.amount;
    this.#balances.set(change.userId, after);
    this.#spent.set(change.userId, (this.#spent.get(change.userId) ?? 0) + change.amount);
    this.#entries.push({
      user_id: change.userId,
      amount: -change.amount,
      reason: change.reason,
      reference: change.reference,
      balance_after: after,
      created_at: (change.now ?? new Date()).toISOString(),
    });
    return after;
  }

  /** Writes the spends made, in the transaction that opened the batch. */
  async write(trx: Kysely<GameDatabase>): Promise<void> {
    if (this.#entries.length === 0) return;
    const spent = [...this.#spent].map(([user_id, total]) => ({ user_id, total }));
    const moved = await trx
      .updateTable('credit_balances')
      .from(
        bulkRows<GameDatabase, { user_id: string; total: number }>(
          trx,
          { user_id: 'text', total: 'integer' },
          spent,
        ).as('spent'),
      )
      .set((eb) => ({ balance: eb('credit_balances.balance', '-', eb.ref('spent.total')) }))
      .whereRef('credit_balances.user_id', '=', 'spent.user_id')
      .where((eb) => eb('credit_balances.balance', '>=', eb.ref('spent.total')))
      .executeTakeFirst();
    // The balances were read in this transaction (and locked, on PostgreSQL): unreachable, unless
    // a caller spends outside the batch meanwhile; then nothing of the batch may commit.
    if (Number(moved.numUpdatedRows) !== spent.length) {
      throw new Error('A balance moved under a spend batch; nothing was spent.');
    }
    await trx
      .insertInto('credit_ledger')
      .columns(['user_id', 'amount', 'reason', 'reference', 'balance_after', 'created_at'])
      .expression(
        selectRows(
          trx,
          {
            user_id: 'text',
            amount: 'integer',
            reason: 'text',
            reference: 'text',
            balance_after: 'integer',
            created_at: 'text',
          },
          this.#entries,
        ),
      )
      .execute();
  }
}
