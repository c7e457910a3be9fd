import type { AdminListPage } from '@outpost/contracts/admin-list';
import type { CreditsQuery, LedgerEntry, LedgerReason } from '@outpost/contracts/economy';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { isPostgres } from '../platform/db/dialect';
import { isUniqueViolation } from '../platform/db/errors';
import { fetchListPage } from '../platform/db/list-page';
import type { CreditLedgerRow } from './tables';

/*
 * The credits ledger: the only code that changes a player's credits. A change is a ledger row
 * and the balance moved by it, in one transaction; a change whose reference was already applied
 * changes nothing and answers the first one's row, so a purchase, redemption or reward retried
 * any number of times (also concurrently) credits once.
 */

export interface LedgerChange {
  userId: string;
  /** A positive whole number of credits. */
  amount: number;
  reason: LedgerReason;
  /** Unique per change: `paypal:<orderID>`, `code:<codeID>:<userID>`, `spin:<spinID>`. */
  reference: string;
  /** Staff's reason, for a change made by hand: the player reads it in their history. */
  note?: string;
  now?: Date;
}

export interface LedgerOutcome {
  /** False when the reference had been applied before; `entry` is then that first change. */
  applied: boolean;
  entry: LedgerEntry;
}

/** A spend larger than the balance; nothing was changed. */
export class InsufficientCreditsError extends Error {
  constructor(
    readonly balance: number,
    readonly amount: number,
  ) {
    super(`A spend of ${amount} credits is more than the balance of ${balance}.`);
  }
}

/** A ledger row as the player and staff read it. */
export function ledgerEntryOf(row: CreditLedgerRow): LedgerEntry {
  return {
    id: Number(row.id),
    amount: row.amount,
    reason: row.reason as LedgerReason,
    reference: row.reference,
    note: row.note,
    balanceAfter: row.balance_after,
    createdAt: row.created_at,
  };
}

/** Refuses anything but a positive whole number of credits (a programming error, not a player's). */
export function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`Not a credit amount: ${amount}`);
}

async function findByReference(db: Kysely<GameDatabase>, reference: string): Promise<LedgerEntry | undefined> {
  const row = await db.selectFrom('credit_ledger').selectAll().where('reference', '=', reference).executeTakeFirst();
  return row && ledgerEntryOf(row);
}

export async function getBalance(db: Kysely<GameDatabase>, userId: string): Promise<number> {
  const row = await db.selectFrom('credit_balances').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return row?.balance ?? 0;
}

/** The balances of `userIds` in one statement (0 for a player without one). */
export async function getBalances(db: Kysely<GameDatabase>, userIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(userIds)];
  const rows =
    ids.length === 0
      ? []
      : await db.selectFrom('credit_balances').select(['user_id', 'balance']).where('user_id', 'in', ids).execute();
  const balances = new Map<string, number>(ids.map((id) => [id, 0]));
  for (const row of rows) balances.set(row.user_id, row.balance);
  return balances;
}

/** Moves the balance by `delta`; a spend only when the balance covers it (the row lock orders rivals). */
async function moveBalance(trx: Kysely<GameDatabase>, userId: string, delta: number): Promise<number> {
  if (delta < 0) {
    const spent = await trx
      .updateTable('credit_balances')
      .set((eb) => ({ balance: eb('balance', '+', delta) }))
      .where('user_id', '=', userId)
      .where('balance', '>=', -delta)
      .returning('balance')
      .executeTakeFirst();
    if (!spent) throw new InsufficientCreditsError(await getBalance(trx, userId), -delta);
    return spent.balance;
  }
  const credited = await trx
    .insertInto('credit_balances')
    .values({ user_id: userId, balance: delta })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet((eb) => ({ balance: eb('credit_balances.balance', '+', delta) })),
    )
    .returning('balance')
    .executeTakeFirstOrThrow();
  return credited.balance;
}

async function applyIn(trx: Kysely<GameDatabase>, change: LedgerChange, delta: number): Promise<LedgerOutcome> {
  const earlier = await findByReference(trx, change.reference);
  if (earlier) return { applied: false, entry: earlier };
  const balanceAfter = await moveBalance(trx, change.userId, delta);
  const row = await trx
    .insertInto('credit_ledger')
    .values({
      user_id: change.userId,
      amount: delta,
      reason: change.reason,
      reference: change.reference,
      note: change.note ?? null,
      balance_after: balanceAfter,
      created_at: (change.now ?? new Date()).toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { applied: true, entry: ledgerEntryOf(row) };
}

/**
 * Applies one change. In the caller's transaction (a spin that pays and draws together) it joins
 * it; otherwise it runs in its own. Two changes of one reference racing: the database's unique key
 * lets one commit, the other rolls back whole (its balance move included) and answers the first.
 * Inside a caller's transaction that race fails the caller's transaction instead, for it to retry.
 */
async function apply(db: Kysely<GameDatabase>, change: LedgerChange, delta: number): Promise<LedgerOutcome> {
  if (db.isTransaction) return applyIn(db, change, delta);
  try {
    return await db.transaction().execute((trx) => applyIn(trx, change, delta));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const earlier = await findByReference(db, change.reference);
    if (!earlier) throw error;
    return { applied: false, entry: earlier };
  }
}

/** Adds credits once per reference. */
export async function credit(db: Kysely<GameDatabase>, change: LedgerChange): Promise<LedgerOutcome> {
  assertAmount(change.amount);
  return apply(db, change, change.amount);
}

/** Takes credits once per reference; throws InsufficientCreditsError, changing nothing, when the balance is short. */
export async function spend(db: Kysely<GameDatabase>, change: LedgerChange): Promise<LedgerOutcome> {
  assertAmount(change.amount);
  return apply(db, change, -change.amount);
}

/**
 * Takes back up to `amount` credits once per reference (a purchase the store refunded): as much as
 * the balance holds, never below zero, since credits already spent on spins and items cannot be
 * taken back. Answers how many were taken; 0 leaves no ledger row. In the caller's transaction.
 */
export async function takeBack(trx: Kysely<GameDatabase>, change: LedgerChange): Promise<number> {
  assertAmount(change.amount);
  const earlier = await findByReference(trx, change.reference);
  if (earlier) return -earlier.amount;
  // PostgreSQL: the balance read and moved under one row lock (SQLite runs one write transaction at a time).
  const row = await trx
    .selectFrom('credit_balances')
    .select('balance')
    .where('user_id', '=', change.userId)
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .executeTakeFirst();
  const taken = Math.min(row?.balance ?? 0, change.amount);
  if (taken > 0) await applyIn(trx, change, -taken);
  return taken;
}

/** A player's whole history, as it happened (their data download). */
export async function wholeLedger(db: Kysely<GameDatabase>, userId: string): Promise<LedgerEntry[]> {
  const rows = await db.selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  return rows.map(ledgerEntryOf);
}

/** A player's history, newest first, one page at a time. */
export async function listLedger(
  db: Kysely<GameDatabase>,
  userId: string,
  query: Pick<CreditsQuery, 'page' | 'pageSize' | 'order'>,
): Promise<AdminListPage<LedgerEntry>> {
  const mine = db.selectFrom('credit_ledger').where('user_id', '=', userId);
  const { rows, ...page } = await fetchListPage(
    mine,
    // Ids grow with time and never repeat, so they order the history as it happened.
    mine.selectAll().orderBy('id', query.order),
    query,
  );
  return { ...page, rows: rows.map(ledgerEntryOf) };
}
