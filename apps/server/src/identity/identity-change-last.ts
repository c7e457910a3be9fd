import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';

/** A change of the identity store, and how to take it back. */
export interface IdentityChange<Applied> {
  /** Makes the change (committed on its own); throws to refuse it, rolling the game work back. */
  apply(): Promise<Applied>;
  /** Takes the applied change back, when the game store's commit fails after it. */
  undo(applied: Applied): Promise<void>;
}

/**
 * Runs `work` in a transaction of an environment's game store (an admin-log entry, written first)
 * and, last inside it, a change of the identity store, which holds accounts for every environment.
 * Two stores cannot share a transaction: making the identity change last means a refused change
 * leaves nothing of `work`, and should the game commit fail after it, the change is undone.
 */
export async function withIdentityChangeLast<Result, Applied>(
  game: Kysely<GameDatabase>,
  work: (trx: Kysely<GameDatabase>) => Promise<Result>,
  change: IdentityChange<Applied>,
): Promise<{ result: Result; applied: Applied }> {
  let applied: { value: Applied } | undefined;
  try {
    return await game.transaction().execute(async (trx) => {
      const result = await work(trx);
      applied = { value: await change.apply() };
      return { result, applied: applied.value };
    });
  } catch (error) {
    if (!applied) throw error;
    try {
      await change.undo(applied.value);
    } catch (undoError) {
      // Both stores now disagree: an internal error that keeps both causes for the log.
      throw new AggregateError([error, undoError], 'An identity change stayed after its game transaction failed');
    }
    throw error;
  }
}
