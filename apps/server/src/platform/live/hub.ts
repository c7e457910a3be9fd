import type { ServerResponse } from 'node:http';
import { LIVE_CONTROL_EVENTS } from '@outpost/contracts/live-topics';
import type { ChangeFeed } from '../changes/feed';
import type { ChangeRow } from '../changes/tables';
import { type Cursor, formatCursor } from './cursor';
import { FanOutBudget } from './fan-out-budget';

/*
 * The live streams of one instance (docs/decisions/0038-live-listeners.md). Each store's change feed hands its changes
 * to the hub once; the hub sends each change to the streams subscribed to its topic in that store,
 * loading the changed record once per audience (players, admins, the record's owner), never once
 * per stream. A stream that cannot keep up (its socket's buffer past a bound) is closed, not
 * buffered without end: its EventSource reconnects and resumes from its cursor.
 */

/** Which store a topic's changes come from. */
export type StoreSide = 'game' | 'identity';

/** Who a stream receives a topic's records as. */
export interface Audience {
  /** Streams of one audience receive the same record: it is loaded once for all of them. */
  id: string;
  /** An owner's topic: only changes of this key (their own record). */
  onlyKey?: string;
}

/** A topic as the server serves it. */
export interface ServedTopic<Scope> {
  name: string;
  side: StoreSide;
  /** The record of `key` as the read route would answer it for `audience`; null when gone or not theirs to see. */
  load(key: string, audience: Audience, scope: Scope): Promise<unknown>;
}

export interface LiveLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The session a stream was opened with (a visitor's stream has none). The stream is checked again,
 * as its route would answer now, whenever a change may have ended the session or changed what its
 * account may see (the identity store's watched topics, keyed by the account), and when the
 * session is due to expire; when it may not go on, its last event says why.
 */
export interface StreamSession {
  userId: string;
  /** Epoch ms; past it the stream is checked again (the session may have been used, and slid forward). */
  expiresAt: number;
  /**
   * The session's new expiry, the data (JSON) of the stream's last event, or `reconnect`: close it
   * without one, and its client reconnects with what it holds now.
   */
  recheck(): Promise<{ expiresAt: number } | { end: string } | { reconnect: true }>;
}

/** What a slow stream may have waiting in its socket before it is dropped. */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** Changes a reconnecting stream is caught up on at most; past that it is told to refetch. */
const MAX_REPLAY = 1_000;
const HEARTBEAT_MS = 20_000;
const KEEP_ALIVE = ': keep-alive\n\n';

/** One browser's stream: the topics it follows as which audience, in one game store. */
export class LiveStream<Scope> {
  readonly #response: ServerResponse;
  readonly topics: ReadonlyMap<string, { topic: ServedTopic<Scope>; audience: Audience }>;
  readonly gameStore: string;
  readonly scope: Scope;
  readonly session: StreamSession | undefined;
  cursor: Cursor;
  /** While it is being caught up, what arrives live waits here. */
  backlog: { side: StoreSide; rows: readonly ChangeRow[] }[] | null = [];
  closed = false;
  readonly #onClose: () => void;

  constructor(options: {
    response: ServerResponse;
    topics: ReadonlyMap<string, { topic: ServedTopic<Scope>; audience: Audience }>;
    gameStore: string;
    scope: Scope;
    session?: StreamSession;
    cursor: Cursor;
    onClose: () => void;
  }) {
    this.#response = options.response;
    this.topics = options.topics;
    this.gameStore = options.gameStore;
    this.scope = options.scope;
    this.session = options.session;
    this.cursor = options.cursor;
    this.#onClose = options.onClose;
    this.#response.on('close', () => this.close());
  }

  follows(side: StoreSide): boolean {
    for (const { topic } of this.topics.values()) if (topic.side === side) return true;
    return false;
  }

  /**
   * Writes an event (or a comment); a stream whose socket is full is closed instead. Straight to
   * the socket (the response's body has no chunk framing, see routes.ts): through the response,
   * each write corks its socket until the next tick and flushes it as a writev of its own, which
   * cost a change fanned out to 10,000 streams a quarter of its time.
   */
  write(frame: string | Buffer): void {
    if (this.closed) return;
    const socket = this.#response.socket;
    if (!socket || socket.writableLength > MAX_BUFFERED_BYTES) {
      this.close();
      return;
    }
    socket.write(frame);
  }

  /** Sends an event whose data is already JSON. */
  send(event: string, json: string): void {
    this.write(eventFrame(formatCursor(this.cursor), event, json));
  }

  /** Sends the last event, saying why the stream ends (its data already JSON), and closes. */
  end(json: string): void {
    this.send(LIVE_CONTROL_EVENTS.ended, json);
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.#response.end();
    this.#onClose();
  }
}

function eventFrame(id: string, event: string, json: string): string {
  return `id: ${id}\nevent: ${event}\ndata: ${json}\n\n`;
}

export class LiveHub<Scope> {
  readonly #feeds: ReadonlyMap<string, ChangeFeed>;
  readonly #identityStore: string;
  readonly #log: LiveLogger;
  readonly #watchedTopics: ReadonlySet<string>;
  readonly #streams = new Set<LiveStream<Scope>>();
  /** The streams opened with a session, by its account. */
  readonly #byUser = new Map<string, Set<LiveStream<Scope>>>();
  /** Batches heard while one is being sent, in the order heard; consecutive batches of a store are one. */
  readonly #waiting: { store: string; rows: ChangeRow[] }[] = [];
  #delivering: Promise<void> | undefined;
  readonly #budget: FanOutBudget;
  readonly #unsubscribes: (() => void)[] = [];
  readonly #heartbeat: NodeJS.Timeout;

  constructor(options: {
    feeds: ReadonlyMap<string, ChangeFeed>;
    identityStore: string;
    log: LiveLogger;
    /** The identity store's topics, keyed by an account, whose changes check that account's streams again. */
    watchedTopics?: readonly string[];
    /** The fan-out's share of the event loop: FAN_OUT_SHARE and FAN_OUT_BURST_MS unless given. */
    fanOut?: { share: number; burstMs: number };
  }) {
    this.#feeds = options.feeds;
    this.#budget = new FanOutBudget(options.fanOut ?? { share: FAN_OUT_SHARE, burstMs: FAN_OUT_BURST_MS });
    this.#identityStore = options.identityStore;
    this.#log = options.log;
    this.#watchedTopics = new Set(options.watchedTopics);
    for (const [store, feed] of this.#feeds) {
      this.#unsubscribes.push(
        feed.subscribe((rows) => {
          // One batch after another: a stream sees a store's changes in the order they committed.
          // A batch that arrives while one is being sent joins the batch of its store waiting
          // behind it, so a fan-out that takes long is followed by one that covers all of its wait.
          const waiting = this.#waiting.at(-1);
          if (waiting?.store === store) waiting.rows.push(...rows);
          else this.#waiting.push({ store, rows: [...rows] });
          if (!this.#delivering) this.#delivering = this.#deliverWaiting();
        }),
      );
    }
    // Comments keep idle streams open through proxies that close quiet connections; the same
    // round checks again the streams whose session is due to expire.
    this.#heartbeat = setInterval(() => {
      const now = Date.now();
      const streams = [...this.#streams];
      for (const stream of streams) {
        if (stream.session && stream.session.expiresAt <= now) void this.#recheck(stream);
      }
      void writeInSlices(streams.map((stream): [LiveStream<Scope>, string] => [stream, KEEP_ALIVE]));
    }, HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  get streamCount(): number {
    return this.#streams.size;
  }

  /** Where a new stream starts: the changes each of its stores has handed on so far. */
  currentCursor(gameStore: string): Cursor {
    return {
      game: this.#feed(gameStore).lastSeq,
      identity: this.#feed(this.#identityStore).lastSeq,
    };
  }

  /**
   * Opens a stream: it is told its cursor at once (`ready`), then caught up from `resumeFrom`
   * (a reconnect's Last-Event-ID) when given, or told to refetch (`reset`) when that is too far
   * behind, then follows live.
   */
  async open(stream: LiveStream<Scope>, resumeFrom: Cursor | undefined): Promise<void> {
    this.#streams.add(stream);
    if (stream.session) {
      const { userId } = stream.session;
      this.#byUser.set(userId, (this.#byUser.get(userId) ?? new Set()).add(stream));
      // The session may have ended between the route's read of it and now, its change handed on
      // before the stream was here to be checked: checked once more, from here on by every change.
      await this.#recheck(stream);
      if (stream.closed) return;
    }
    const now = { ...stream.cursor };
    let reset = false;
    if (resumeFrom) {
      for (const side of ['game', 'identity'] as const) {
        if (!stream.follows(side)) continue;
        const feed = this.#feed(side === 'game' ? stream.gameStore : this.#identityStore);
        const from = resumeFrom[side];
        const behind = now[side] - from;
        if (from < (await feed.oldestSeq()) - 1 || behind > MAX_REPLAY || from > now[side]) {
          reset = true;
          continue;
        }
        const missed = await feed.since(from, MAX_REPLAY);
        await this.#sendLatest(
          stream,
          side,
          missed.filter((row) => Number(row.seq) <= now[side]),
        );
      }
    }
    stream.cursor = { ...now };
    stream.send(reset ? 'reset' : 'ready', '{}');
    // What arrived while it was caught up, past where it now stands.
    const waiting = stream.backlog ?? [];
    stream.backlog = null;
    for (const { side, rows } of waiting) {
      await this.#sendLatest(
        stream,
        side,
        rows.filter((row) => Number(row.seq) > stream.cursor[side]),
      );
    }
  }

  remove(stream: LiveStream<Scope>): void {
    this.#streams.delete(stream);
    const userId = stream.session?.userId;
    const ofUser = userId === undefined ? undefined : this.#byUser.get(userId);
    ofUser?.delete(stream);
    if (userId !== undefined && ofUser?.size === 0) this.#byUser.delete(userId);
  }

  /** Closes every stream (the app is stopping) and stops listening to the feeds. */
  close(): void {
    clearInterval(this.#heartbeat);
    for (const unsubscribe of this.#unsubscribes) unsubscribe();
    for (const stream of [...this.#streams]) stream.close();
  }

  #feed(store: string): ChangeFeed {
    const feed = this.#feeds.get(store);
    if (!feed) throw new Error(`No change feed for the store "${store}".`);
    return feed;
  }

  /**
   * Sends what waits, a batch at a time, each when the fan-out's share of the event loop allows
   * (FanOutBudget): what commits while a batch waits its turn goes out with it, each key once.
   */
  async #deliverWaiting(): Promise<void> {
    for (;;) {
      const wait = this.#budget.waitMs();
      if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait).unref());
      const next = this.#waiting.shift();
      if (!next) break;
      try {
        this.#budget.spend(await this.#deliver(next.store, next.rows));
      } catch (error) {
        this.#log.error({ err: error }, 'live: could not deliver changes');
      }
    }
    this.#delivering = undefined;
  }

  /** Sends a store's batch to the streams that follow it; answers the time its writes took, in ms. */
  async #deliver(store: string, rows: readonly ChangeRow[]): Promise<number> {
    const side: StoreSide = store === this.#identityStore ? 'identity' : 'game';
    // Before anything of the batch is sent: a stream whose session ended hears nothing after the end.
    if (side === 'identity') await this.#recheckAccountsOf(rows);
    const streams = [...this.#streams].filter(
      (stream) => stream.follows(side) && (side === 'identity' || stream.gameStore === store),
    );
    const live = streams.filter((stream) => {
      if (stream.backlog === null) return true;
      stream.backlog.push({ side, rows });
      return false;
    });
    return this.#fanOut(live, side, rows);
  }

  /** Checks again the streams of every account whose sessions or access a change of `rows` may have ended. */
  async #recheckAccountsOf(rows: readonly ChangeRow[]): Promise<void> {
    const streams = new Set<LiveStream<Scope>>();
    for (const row of rows) {
      if (!this.#watchedTopics.has(row.topic)) continue;
      for (const stream of this.#byUser.get(row.key) ?? []) streams.add(stream);
    }
    await Promise.all([...streams].map((stream) => this.#recheck(stream)));
  }

  /**
   * Asks whether a stream may go on: it ends with its last event when not, and closes without one
   * when it cannot be told (its client reconnects, and the route decides afresh).
   */
  async #recheck(stream: LiveStream<Scope>): Promise<void> {
    const { session } = stream;
    if (!session || stream.closed) return;
    try {
      const outcome = await session.recheck();
      if ('end' in outcome) stream.end(outcome.end);
      else if ('reconnect' in outcome) stream.close();
      else session.expiresAt = outcome.expiresAt;
    } catch (error) {
      this.#log.error({ err: error }, 'live: could not check a stream’s session again; closing it');
      stream.close();
    }
  }

  /** Sends one stream the records of `rows` it follows, each key once at its latest. */
  async #sendLatest(stream: LiveStream<Scope>, side: StoreSide, rows: readonly ChangeRow[]): Promise<void> {
    await this.#fanOut([stream], side, rows);
  }

  /**
   * For each changed key (its latest change in `rows`), loads the record once per audience among
   * `streams` that follow its topic; then writes each stream what it follows of them at once, and
   * every stream's cursor moves past `rows`. Answers the time the writes took, in ms.
   */
  async #fanOut(streams: readonly LiveStream<Scope>[], side: StoreSide, rows: readonly ChangeRow[]): Promise<number> {
    const last = rows.at(-1);
    if (!last || streams.length === 0) return 0;
    const latest = new Map<string, ChangeRow>();
    // Each key once, at its latest change, in the order of those latest changes.
    for (const row of rows) {
      const id = `${row.topic}\n${row.key}`;
      latest.delete(id);
      latest.set(id, row);
    }
    // A change going to thousands of streams is serialized and encoded once per cursor they stand
    // at, and each stream's frames of the batch are one write: a socket write is a system call.
    const frames = new Map<string, Frame>();
    const outbox = new Map<LiveStream<Scope>, FrameSequence>();
    const nothingYet = new FrameSequence([]);
    for (const row of latest.values()) {
      const groups = new Map<string, { audience: Audience; streams: LiveStream<Scope>[] }>();
      for (const stream of streams) {
        const followed = stream.topics.get(row.topic);
        if (!followed || stream.closed) continue;
        const { audience } = followed;
        if (audience.onlyKey !== undefined && audience.onlyKey !== row.key) continue;
        const group = groups.get(audience.id) ?? { audience, streams: [] };
        group.streams.push(stream);
        groups.set(audience.id, group);
      }
      for (const { audience, streams: members } of groups.values()) {
        const first = members[0] as LiveStream<Scope>;
        const followed = first.topics.get(row.topic);
        if (!followed) continue;
        let record: unknown;
        try {
          record = await followed.topic.load(row.key, audience, first.scope);
        } catch (error) {
          this.#log.error({ err: error, topic: row.topic, key: row.key }, 'live: could not load a changed record');
          continue;
        }
        const json = JSON.stringify({ key: row.key, record: record ?? null });
        for (const stream of members) {
          stream.cursor[side] = Math.max(stream.cursor[side], Number(row.seq));
          const id = formatCursor(stream.cursor);
          const frameKey = `${row.seq}\n${audience.id}\n${id}`;
          let frame = frames.get(frameKey);
          if (!frame) {
            frame = { index: frames.size, bytes: Buffer.from(eventFrame(id, row.topic, json)) };
            frames.set(frameKey, frame);
          }
          outbox.set(stream, (outbox.get(stream) ?? nothingYet).followedBy(frame));
        }
      }
    }
    for (const stream of streams) stream.cursor[side] = Math.max(stream.cursor[side], Number(last.seq));
    return writeInSlices(joinedFrames(outbox));
  }
}

/** An event's bytes, and its place among a fan-out's frames (streams sent the same frames share one buffer). */
interface Frame {
  index: number;
  bytes: Buffer;
}

/**
 * The fan-out's share of the event loop, and the burst it may take at once (FanOutBudget). A socket
 * write is a system call (about 14 µs each on a loaded 2-core machine, decision 0145): 5,000 streams
 * cost 70 ms a batch, and batches every READ_GAP_MS took the whole loop from the requests.
 */
const FAN_OUT_SHARE = 0.25;
const FAN_OUT_BURST_MS = 1_000;

/** Streams written before the event loop is let go: other requests wait for a slice, not for the whole fan-out. */
const WRITES_PER_SLICE = 500;

/**
 * Frames in the order a stream is sent them. Streams sent the same frames share one sequence, found by
 * following the frames from the empty one (a map lookup a frame, no key built per stream), and so one
 * buffer of them joined.
 */
class FrameSequence {
  readonly #frames: readonly Frame[];
  readonly #next = new Map<number, FrameSequence>();
  #joined: Buffer | undefined;

  constructor(frames: readonly Frame[]) {
    this.#frames = frames;
  }

  /** This sequence and then `frame`. */
  followedBy(frame: Frame): FrameSequence {
    let next = this.#next.get(frame.index);
    if (!next) {
      next = new FrameSequence([...this.#frames, frame]);
      this.#next.set(frame.index, next);
    }
    return next;
  }

  get joined(): Buffer {
    this.#joined ??=
      this.#frames.length === 1 ? (this.#frames[0] as Frame).bytes : Buffer.concat(this.#frames.map((f) => f.bytes));
    return this.#joined;
  }
}

/** Each stream's frames as one buffer. */
function* joinedFrames<Scope>(
  outbox: ReadonlyMap<LiveStream<Scope>, FrameSequence>,
): Generator<[LiveStream<Scope>, Buffer]> {
  for (const [stream, sequence] of outbox) yield [stream, sequence.joined];
}

/**
 * Writes each stream its bytes, letting the event loop go between slices of streams; answers the
 * time the writes took (not the waits between slices), in ms.
 */
async function writeInSlices<Scope>(writes: Iterable<[LiveStream<Scope>, Buffer | string]>): Promise<number> {
  let writingMs = 0;
  let written = 0;
  let sliceFrom = performance.now();
  for (const [stream, bytes] of writes) {
    stream.write(bytes);
    written += 1;
    if (written % WRITES_PER_SLICE === 0) {
      writingMs += performance.now() - sliceFrom;
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceFrom = performance.now();
    }
  }
  return writingMs + performance.now() - sliceFrom;
}
