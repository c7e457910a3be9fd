import type { Kysely } from 'kysely';
import pg from 'pg';
import { isPostgres } from '../db/dialect';
import { onSqliteCommit } from '../db/sqlite-kysely';
import type { ChangeRow, ChangeTables } from './tables';

/*
 * The reader of one store's change feed. It follows the `changes` table by sequence number: every
 * change committed is read once, in commit order, and handed to its listeners. It reads when told
 * a commit happened (this process's own, on SQLite; any instance's through LISTEN on PostgreSQL)
 * and once a second besides, which also catches what another process wrote to an SQLite file and a
 * notification lost with its connection. Whatever wakes it, it reads from where it stopped: a wake
 * is a hint, the table is the truth.
 */

export type ChangeListener = (changes: readonly ChangeRow[]) => void;

/** Changes read per query: a burst (a seed) is handed on in slices. */
const BATCH = 500;
const POLL_MS = 1_000;
/**
 * The least time from one read to the next while commits keep coming. A wake after a quiet spell
 * reads at once; the commits within the gap after a read are read together at its end, and the
 * live hub sends each changed key of a read once, at its latest. Without it every commit was a read
 * and a write to every stream following its topic: a machine's stock, changed by each spin,
 * cost (spins a second x streams) socket writes, growing with the square of the players
 * (docs/decisions/0143-live-fan-out-past-the-peers.md).
 */
export const READ_GAP_MS = 100;

export class ChangeFeed<Database extends ChangeTables = ChangeTables> {
  readonly name: string;
  readonly #db: Kysely<ChangeTables>;
  readonly #listeners = new Set<ChangeListener>();
  readonly #pollMs: number;
  readonly #readGapMs: number;
  #lastSeq = 0;
  #reading: Promise<void> | undefined;
  #again = false;
  /** When the last read started (performance.now()), and the read waiting for the gap after it. */
  #readAt = Number.NEGATIVE_INFINITY;
  #gapTimer: NodeJS.Timeout | undefined;
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void) | undefined;
  #started = false;

  constructor(name: string, db: Kysely<Database>, options: { pollMs?: number; readGapMs?: number } = {}) {
    this.name = name;
    // The feed reads its own table only.
    this.#db = db as unknown as Kysely<ChangeTables>;
    this.#pollMs = options.pollMs ?? POLL_MS;
    this.#readGapMs = options.readGapMs ?? READ_GAP_MS;
  }

  /** The last change handed to listeners (or there when the feed started). */
  get lastSeq(): number {
    return this.#lastSeq;
  }

  /** Starts after the last change already recorded: a listener hears of what commits from now on. */
  async start(): Promise<void> {
    this.#lastSeq = await this.#maxSeq();
    this.#started = true;
    if (!isPostgres(this.#db)) this.#unsubscribe = onSqliteCommit(this.#db, () => this.wake());
    this.#timer = setInterval(() => this.wake(), this.#pollMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#started = false;
    clearInterval(this.#timer);
    clearTimeout(this.#gapTimer);
    this.#gapTimer = undefined;
    this.#unsubscribe?.();
    await this.#reading;
  }

  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Something may have committed: read what is new (once, however often it is called meanwhile),
   * at once or at the end of the gap after the last read (READ_GAP_MS).
   */
  wake(): void {
    if (!this.#started || this.#gapTimer) return;
    if (this.#reading) {
      this.#again = true;
      return;
    }
    const wait = this.#readAt + this.#readGapMs - performance.now();
    if (wait > 0) {
      this.#gapTimer = setTimeout(() => {
        this.#gapTimer = undefined;
        this.wake();
      }, wait);
      this.#gapTimer.unref();
      return;
    }
    this.#readAt = performance.now();
    this.#reading = this.#readNew()
      .catch(() => undefined)
      .finally(() => {
        this.#reading = undefined;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  /** Changes after `seq`, oldest first, at most `limit` (a reconnecting stream's replay). */
  since(seq: number, limit: number): Promise<ChangeRow[]> {
    return this.#db.selectFrom('changes').selectAll().where('seq', '>', seq).orderBy('seq').limit(limit).execute();
  }

  /** The oldest change still kept: a cursor before it has missed pruned changes. */
  async oldestSeq(): Promise<number> {
    const row = await this.#db
      .selectFrom('changes')
      .select((eb) => eb.fn.min('seq').as('seq'))
      .executeTakeFirst();
    return row?.seq === null || row?.seq === undefined ? this.#lastSeq + 1 : Number(row.seq);
  }

  /** Deletes changes recorded before `before` (the replay window), keeping the newest. Answers how many. */
  async prune(before: Date): Promise<number> {
    const result = await this.#db
      .deleteFrom('changes')
      .where('created_at', '<', before.toISOString())
      .where('seq', '<', this.#lastSeq)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async #maxSeq(): Promise<number> {
    const row = await this.#db
      .selectFrom('changes')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  async #readNew(): Promise<void> {
    for (;;) {
      const rows = await this.since(this.#lastSeq, BATCH);
      if (rows.length === 0) return;
      const normalized = rows.map((row) => ({ ...row, seq: Number(row.seq) }));
      this.#lastSeq = normalized.at(-1)?.seq ?? this.#lastSeq;
      for (const listener of this.#listeners) listener(normalized);
      if (rows.length < BATCH) return;
    }
  }
}

/**
 * One LISTEN connection per process on PostgreSQL: the change triggers notify `outpost_changes`
 * with their schema when their transaction commits, and the feed of that schema reads. The
 * connection reopens after a loss (the feeds' polling covers the gap).
 */
export function listenForChanges(
  databaseUrl: string,
  feeds: ReadonlyMap<string, ChangeFeed>,
  log: { error(details: object, message: string): void },
): { close(): Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.payload) feeds.get(message.payload)?.wake();
    });
    next.on('error', (error) => {
      log.error({ err: error }, 'change feed: the LISTEN connection failed; reconnecting');
      void next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), 1_000);
    });
    try {
      await next.connect();
      await next.query('listen outpost_changes');
      client = next;
      if (closed) await next.end();
      // Whatever committed while no connection listened is read now.
      for (const feed of feeds.values()) feed.wake();
    } catch (error) {
      log.error({ err: error }, 'change feed: could not LISTEN; retrying');
      await next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), 1_000);
    }
  };
  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * Deletes a store's changes keyed by `key` (a deleted player's id in an owner's topic): once the
 * streams have had them, they are only a trace of the player. Answers how many.
 */
export async function eraseChangesKeyed<Database extends ChangeTables>(
  db: Kysely<Database>,
  key: string,
): Promise<number> {
  const result = await (db as unknown as Kysely<ChangeTables>)
    .deleteFrom('changes')
    .where('key', '=', key)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How long changes are kept for streams that reconnect (their replay window). */
export const REPLAY_WINDOW_MS = 24 * 60 * 60_000;

/** The job that keeps every feed to its replay window. */
export function changeFeedPruning(feeds: readonly ChangeFeed[]) {
  return {
    name: 'changes.prune',
    everyMs: 60 * 60_000,
    run: async () => {
      const before = new Date(Date.now() - REPLAY_WINDOW_MS);
      for (const feed of feeds) await feed.prune(before);
    },
  };
}
