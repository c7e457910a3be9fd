import path from 'node:path';

/*
 * Who holds a SQLite file's writing connection in this process, and who waits for it, first come first
 * served. Every handle on the same file in the process shares one (two apps on one DATA_DIR in a test,
 * say): were each to lend its own connection, the second's write would meet the first's open
 * transaction in SQLite's busy handler, which sleeps on the very event loop the first needs to finish
 * its transaction whenever that transaction awaits anything but its own statements (a timer, the
 * network, the checkpoint worker's copy). Another process's writer (the operator CLI) still meets the
 * busy handler, and gets on meanwhile.
 */

export class WriterTurns {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  /** True when nobody holds the writer, so a synchronous statement cannot cut into anyone's transaction. */
  get idle(): boolean {
    return !this.#held;
  }

  /** Resolves when the caller holds the writer. */
  take(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  give(): void {
    // Straight to the next waiter: the writer stays held, so nobody arriving in between jumps the queue.
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

const byFile = new Map<string, { turns: WriterTurns; handles: number }>();

/**
 * The turns of the file a connection writes (`file` as better-sqlite3 names it), shared by every handle
 * on it until each lets go (the answer's release). An in-memory database is a connection's own.
 */
export function writerTurnsOf(file: string, inMemory: boolean): { turns: WriterTurns; release(): void } {
  if (inMemory) return { turns: new WriterTurns(), release: () => undefined };
  const key = path.resolve(file);
  const shared = byFile.get(key) ?? { turns: new WriterTurns(), handles: 0 };
  shared.handles += 1;
  byFile.set(key, shared);
  let released = false;
  return {
    turns: shared.turns,
    release() {
      if (released) return;
      released = true;
      shared.handles -= 1;
      if (shared.handles === 0) byFile.delete(key);
    },
  };
}
