import { Worker } from 'node:worker_threads';
import { sqliteDriver } from './sqlite-driver';

/*
 * A SQLite store in WAL mode copies its log back into the database file at a checkpoint, and by
 * default the connection that commits runs it, as part of the COMMIT, once the log passes 1,000 pages.
 * A game server's batch writes more than that, so every batch's COMMIT also ran a checkpoint: 52 ms on
 * the event loop where the commit alone took 11 (1,000 rows into a table of 500,000 random keys,
 * docs/decisions/0146-sqlite-off-the-event-loop.md). Here one worker thread per process
 * checkpoints every open store soon after its writer commits (PASSIVE: it never waits for the writer or the
 * readers, and they never wait for it). The writer keeps a checkpoint of its own only past
 * WRITER_CHECKPOINT_PAGES, which bounds the log if the worker falls behind or fails.
 *
 * The log starts over (and stops growing) only when a write transaction begins after every frame was
 * copied back. Under batches back to back the next one always began while the worker was still
 * copying, so the log grew to the writer's threshold and the writer's checkpoint came back, one commit
 * in six. So once the log passes RESTART_PAGES, a transaction that would begin while the worker copies
 * waits for it first, without holding the event loop (Atomics.waitAsync on state the two threads
 * share), and the log starts over.
 *
 * The worker loads the very driver the process loaded (sqlite-driver.ts): two copies of SQLite in one
 * process would each take POSIX locks on the same files, and closing either drops both's locks. The
 * build's SQLite is multi-threaded (SQLITE_THREADSAFE=2), so connections on other threads are safe.
 */

/** The log's size, in pages of 4 KiB, past which the writer checkpoints itself: 64 MiB. */
export const WRITER_CHECKPOINT_PAGES = 16_384;
/** The log's size, in pages, past which a transaction waits for the worker's copy so the log starts over: 16 MiB. */
const RESTART_PAGES = 4_096;
/** The longest a transaction waits for the worker's copy; past it, it begins and the log grows on. */
const RESTART_WAIT_MS = 200;
/** How often the worker checkpoints each store: soon after a commit, so the log is copied before the next. */
const CHECKPOINT_INTERVAL_MS = 5;

/**
 * A store's state, shared with the worker: whether it is copying the log now, the log's pages when it
 * last looked, how many commits the store's writer has made (the worker copies only after one), and
 * how many rounds the worker has looked at the store.
 */
const COPYING = 0;
const LOG_PAGES = 1;
const COMMITS = 2;
const ROUNDS = 3;
const STATE_SLOTS = 4;

/**
 * A store is known to the worker by its registration, not its file: two handles on one file (a test's
 * reopen, two apps in one process) each have a connection of the worker's, released with their own.
 */
type ToWorker =
  | { type: 'add'; id: number; file: string; state: Int32Array }
  | { type: 'remove'; id: number; file: string };
type FromWorker = { type: 'removed'; id: number } | { type: 'failed'; file: string; message: string };

/** The worker, as a script: it needs nothing of the app but the driver, whose path it is given. */
const WORKER_SCRIPT = /* js */ `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const stores = new Map();
const failed = (file, error) =>
  parentPort.postMessage({ type: 'failed', file, message: error instanceof Error ? error.message : String(error) });
parentPort.on('message', (message) => {
  if (message.type === 'add') {
    try {
      const db = new Database(message.file, { fileMustExist: true });
      // Registered as the store opens, before its first write: every commit after it is counted.
      stores.set(message.id, { db, file: message.file, state: message.state, commitsSeen: 0, copiedAll: true });
    } catch (error) {
      failed(message.file, error);
    }
  } else if (message.type === 'remove') {
    try {
      stores.get(message.id)?.db.close();
    } catch (error) {
      failed(message.file, error);
    }
    stores.delete(message.id);
    parentPort.postMessage({ type: 'removed', id: message.id });
  }
});
setInterval(() => {
  for (const store of stores.values()) {
    const { db, file, state } = store;
    Atomics.add(state, ${ROUNDS}, 1);
    // Idle since the last copy, which left nothing behind (no reader held a frame back): nothing to do.
    const commits = Atomics.load(state, ${COMMITS});
    if (commits === store.commitsSeen && store.copiedAll) continue;
    store.commitsSeen = commits;
    Atomics.store(state, ${COPYING}, 1);
    try {
      // Busy (another connection checkpointing, another process's say) answers -1 for both: nothing
      // is known copied, so the next round tries again.
      const [{ busy, log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
      store.copiedAll = busy === 0 && log >= 0 && checkpointed === log;
      if (log >= 0) Atomics.store(state, ${LOG_PAGES}, log);
    } catch (error) {
      store.copiedAll = false;
      failed(file, error);
    } finally {
      Atomics.store(state, ${COPYING}, 0);
      Atomics.notify(state, ${COPYING});
    }
  }
}, workerData.intervalMs);
`;

class Checkpointer {
  readonly #worker: Worker;
  /** What waits for the worker to close a store's connection, by the request's id. */
  readonly #released = new Map<number, () => void>();
  readonly #warned = new Set<string>();
  #nextId = 0;
  #exited = false;

  constructor() {
    this.#worker = new Worker(WORKER_SCRIPT, {
      eval: true,
      workerData: { driver: sqliteDriver.entry, intervalMs: CHECKPOINT_INTERVAL_MS },
    });
    // The process ends when its own work does; the worker keeps it only while a store's close waits for it.
    this.#worker.unref();
    this.#worker.on('message', (message: FromWorker) => {
      if (message.type === 'removed') this.#release(message.id);
      else this.#warn(message.file, message.message);
    });
    this.#worker.on('error', (error) => this.#warn('every store', error.message));
    this.#worker.on('exit', () => {
      this.#exited = true;
      if (checkpointer === this) checkpointer = undefined;
      for (const id of [...this.#released.keys()]) this.#release(id);
    });
  }

  /** The writer's own checkpoint still bounds the log; says once per store why the worker's did not run. */
  #warn(file: string, message: string): void {
    if (this.#warned.has(file)) return;
    this.#warned.add(file);
    process.emitWarning(`Checkpoints of ${file} off the event loop failed: ${message}`);
  }

  #release(id: number): void {
    this.#released.get(id)?.();
    this.#released.delete(id);
    if (this.#released.size === 0) this.#worker.unref();
  }

  /** Registers the store at `file`; the answer names the registration for remove(). */
  add(file: string, state: Int32Array): number {
    const id = this.#nextId++;
    this.#send({ type: 'add', id, file, state });
    return id;
  }

  remove(id: number, file: string): Promise<void> {
    if (this.#exited) return Promise.resolve();
    this.#worker.ref();
    return new Promise((resolve) => {
      this.#released.set(id, resolve);
      this.#send({ type: 'remove', id, file });
    });
  }

  #send(message: ToWorker): void {
    this.#worker.postMessage(message);
  }
}

let checkpointer: Checkpointer | undefined;

/** A store checkpointed by the worker. */
export interface OffTheLoopCheckpoints {
  /**
   * Resolves when a write transaction may begin: at once (undefined) unless the log is past
   * RESTART_PAGES and the worker is copying it, then when the copy ends.
   */
  beforeTransaction(): Promise<void> | undefined;
  /** Tells the worker the store's writer committed: it copies the log only after a commit. */
  committed(): void;
  /** How many rounds the worker has looked at the store: a test's proof of rounds gone by, not a wait. */
  rounds(): number;
  /** Resolves once the worker's connection is closed: before the store's own, so the last connection, which removes the log, is the store's. */
  release(): Promise<void>;
}

/** Checkpoints the WAL store at `file` off the event loop until released. */
export function checkpointOffTheLoop(file: string): OffTheLoopCheckpoints {
  checkpointer ??= new Checkpointer();
  const worker = checkpointer;
  const state = new Int32Array(new SharedArrayBuffer(STATE_SLOTS * Int32Array.BYTES_PER_ELEMENT));
  const id = worker.add(file, state);
  // A store's destroy may be called twice; both wait for the one release.
  let releasing: Promise<void> | undefined;
  return {
    beforeTransaction() {
      if (Atomics.load(state, LOG_PAGES) < RESTART_PAGES) return undefined;
      const copy = Atomics.waitAsync(state, COPYING, 1, RESTART_WAIT_MS);
      return copy.async ? copy.value.then(ignore) : undefined;
    },
    committed() {
      Atomics.add(state, COMMITS, 1);
    },
    rounds: () => Atomics.load(state, ROUNDS),
    release: () => {
      releasing ??= worker.remove(id, file);
      return releasing;
    },
  };
}

function ignore(): void {}
