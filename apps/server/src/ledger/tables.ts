import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * The credits ledger (the in-game currency g00wiy): every change of a player's credits is one
 * row, never updated or deleted. `reference` names what caused it (an order, a code redemption,
 * a spin) and is unique, so a change retried with the same reference is applied once.
 */
export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: string;
  /** Credits added (positive) or spent (negative). */
  amount: number;
  /** Why, in a word a person reads: purchase, redemption, reward, spin, adjustment. */
  reason: string;
  reference: string;
  /** Staff's reason for a change made by hand (an adjustment), which the player reads; null otherwise. */
  note: ColumnType<string | null, string | null | undefined, never>;
  /** The player's balance once this change applied. */
  balance_after: number;
  /** ISO 8601, UTC. */
  created_at: string;
}

/** Each player's balance: the sum of their ledger rows, kept beside it in the same transactions. */
export interface CreditBalanceTable {
  user_id: string;
  /** Never negative: a CHECK constraint backs the spend's guarded update. */
  balance: number;
}

/**
 * The player's game inventory (docs/product.md §3.16's claimed-items): what spins, codes and rewards granted,
 * and what support took back. One row per item per cause, never updated or deleted; `reference` is the cause
 * (`spin:<spinID>`, `code:<code>:<userID>`, `takeBack:<id>`). What a player holds of an item is the sum of
 * its rows' quantities.
 */
export interface ClaimedItemTable {
  user_id: string;
  item_id: string;
  /** Items granted (positive), or taken back (negative, source `takeBack` only: a CHECK constraint). */
  quantity: number;
  /** What caused it, in a word a person reads: spin, redemption, reward, game, support, takeBack. */
  source: string;
  reference: string;
  /** ISO 8601, UTC. */
  claimed_at: string;
  /** Staff's reason for a take-back, which the player reads; null otherwise. */
  note: ColumnType<string | null, string | null | undefined, never>;
}

/** Claims per item, quantities summed (take-backs subtract): kept by the inventory's writers beside every row. */
export interface ClaimedItemCountTable {
  item_id: string;
  /** bigint: PostgreSQL answers it as text. */
  count: number | string;
}

export type CreditLedgerRow = Selectable<CreditLedgerTable>;

export interface LedgerTables {
  credit_ledger: CreditLedgerTable;
  credit_balances: CreditBalanceTable;
  claimed_items: ClaimedItemTable;
  claimed_item_counts: ClaimedItemCountTable;
}

declare module '../database' {
  interface GameDatabase extends LedgerTables {}
}
