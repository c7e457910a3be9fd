import type { Generated, Selectable } from 'kysely';

/**
 * The change feed of one store (docs/decisions/0037-the-change-feed.md): one row per row changed in a table a live
 * topic covers, written by that table's triggers in the writing transaction (a transactional outbox).
 * `seq` grows in commit order (see triggers.ts), so a reader that has seen up to `seq` n has seen
 * every change committed before it; rows older than the replay window are pruned.
 */
export interface ChangeTable {
  seq: Generated<number>;
  topic: string;
  /** The changed record's key in its topic (a machine's id, a player's user id). */
  key: string;
  /** The store's name: `identity`, or the game environment. */
  environment: string;
  /** ISO 8601, UTC. */
  created_at: string;
}

export type ChangeRow = Selectable<ChangeTable>;

export interface ChangeTables {
  changes: ChangeTable;
}
