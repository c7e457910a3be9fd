/*
 * Group commit for a hot key. When every call on a key must lock the same row (a machine's stock),
 * the calls queue on that lock one after the other, and each holds it through its own commit: the
 * key's rate is one commit at a time, whatever the number of instances. Here the calls on a key
 * are gathered and run together, one batch per key at a time: a call joins the batch being
 * gathered, the batch starts once this turn of the event loop has handed over the calls it read,
 * and the calls that arrive while it runs form the next one. The row is then locked, and the
 * commit paid, once per batch. When calls come one at a time, a batch is one call, started at once.
 */

/** What one call of a batch came to: its result, or the refusal only it gets. */
export type BatchOutcome<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

/** Runs one batch of a key: one outcome per item, in the items' order. Throwing fails every item. */
export type BatchRunner<Key, Item, Result> = (key: Key, items: readonly Item[]) => Promise<BatchOutcome<Result>[]>;

interface Waiting<Item, Result> {
  item: Item;
  resolve(value: Result): void;
  reject(error: unknown): void;
}

interface KeyState<Item, Result> {
  waiting: Waiting<Item, Result>[];
  running: boolean;
}

export class BatchQueue<Key, Item, Result> {
  readonly #run: BatchRunner<Key, Item, Result>;
  readonly #maxBatch: number;
  readonly #keys = new Map<Key, KeyState<Item, Result>>();

  /** `maxBatch` bounds one batch (its statements' size, the time it holds its locks). */
  constructor(run: BatchRunner<Key, Item, Result>, options: { maxBatch: number }) {
    if (!Number.isInteger(options.maxBatch) || options.maxBatch < 1) {
      throw new RangeError(`maxBatch must be a positive whole number, not ${options.maxBatch}`);
    }
    this.#run = run;
    this.#maxBatch = options.maxBatch;
  }

  /** Runs `item` in a batch of `key`; resolves with its own result or rejects with its own refusal. */
  submit(key: Key, item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      let state = this.#keys.get(key);
      if (!state) {
        state = { waiting: [], running: false };
        this.#keys.set(key, state);
      }
      state.waiting.push({ item, resolve, reject });
      // A key at rest starts its next batch after the event loop's current phase, so the calls
      // whose requests were read together are one batch.
      if (!state.running && state.waiting.length === 1) setImmediate(() => this.#drain(key));
    });
  }

  async #drain(key: Key): Promise<void> {
    const state = this.#keys.get(key);
    if (!state || state.running) return;
    state.running = true;
    while (state.waiting.length > 0) {
      const batch = state.waiting.splice(0, this.#maxBatch);
      await this.#runBatch(key, batch);
    }
    state.running = false;
    this.#keys.delete(key);
  }

  async #runBatch(key: Key, batch: Waiting<Item, Result>[]): Promise<void> {
    let outcomes: BatchOutcome<Result>[];
    try {
      outcomes = await this.#run(
        key,
        batch.map((waiting) => waiting.item),
      );
      if (outcomes.length !== batch.length) {
        throw new Error(`A batch of ${batch.length} answered ${outcomes.length} outcomes.`);
      }
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    batch.forEach((waiting, index) => {
      const outcome = outcomes[index] as BatchOutcome<Result>;
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }
}
