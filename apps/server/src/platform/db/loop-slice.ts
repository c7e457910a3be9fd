import { setImmediate as nextTurn } from 'node:timers/promises';

/*
 * better-sqlite3 answers synchronously, so a transaction's statements, awaited one after another,
 * only ever yield microtasks: a game server's batch of thousands of rows held the event loop for its
 * whole transaction (174.5 ms p95 for the live stats read while batches were ingested back to back,
 * docs/decisions/0142-live-stats-series-from-counters.md), though the read itself runs on the
 * reader connection. A held connection's statements run back to back for up to a slice of the
 * loop; past it, the next statement waits one turn (setImmediate, after the turn's I/O), so the
 * requests that arrived meanwhile are answered between two statements of the batch. The connection
 * stays held across the turn: nobody else's statement runs in the transaction.
 */

/** How long statements may hold the event loop back to back before it gets a turn. */
export const LOOP_SLICE_MS = 2;

export class LoopSlice {
  readonly #sliceMs: number;
  readonly #now: () => number;
  /** When the first statement since the loop's last turn ran; undefined until one does. */
  #startedAt: number | undefined;

  constructor(sliceMs = LOOP_SLICE_MS, now: () => number = () => performance.now()) {
    this.#sliceMs = sliceMs;
    this.#now = now;
  }

  /**
   * Resolves when the caller may run its next statement: at once (undefined) while this turn's
   * slice lasts, or after the loop's next turn once it is spent.
   */
  turn(): Promise<void> | undefined {
    const now = this.#now();
    if (this.#startedAt === undefined) {
      this.#startedAt = now;
      // The loop's next turn ends this slice, whether or not anyone waited for it.
      void nextTurn().then(() => {
        this.#startedAt = undefined;
      });
      return undefined;
    }
    if (now - this.#startedAt < this.#sliceMs) return undefined;
    return nextTurn();
  }
}
