import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangeFeed } from '../changes/feed';
import type { ChangeRow } from '../changes/tables';
import { LiveHub, LiveStream, type ServedTopic, type StreamSession } from './hub';

/** A response whose socket buffer holds what the test says (events go to the socket itself). */
class FakeResponse extends EventEmitter {
  writableLength = 0;
  written: string[] = [];
  ended = false;
  get socket() {
    return this;
  }
  write(frame: string | Buffer) {
    this.written.push(frame.toString());
    return true;
  }
  end() {
    this.ended = true;
  }
}

function streamOn(response: FakeResponse, onClose: () => void = () => undefined, session?: StreamSession) {
  return new LiveStream<unknown>({
    response: response as unknown as ServerResponse,
    topics: new Map(),
    gameStore: 'development',
    scope: {},
    ...(session ? { session } : {}),
    cursor: { game: 0, identity: 0 },
    onClose,
  });
}

/** A hub without feeds (its streams follow nothing), for what it does to streams by itself. */
function bareHub() {
  return new LiveHub<unknown>({
    feeds: new Map<string, ChangeFeed>(),
    identityStore: 'identity',
    log: { warn() {}, error() {} },
  });
}

const END = '{"cause":"ended","message":"Your session ended. Please sign in again."}';

describe('a live stream', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops a client whose socket holds more than it can take, instead of buffering for it', () => {
    const response = new FakeResponse();
    const closed = vi.fn();
    const stream = streamOn(response, closed);
    stream.send('machines', '{"key":"a","record":null}');
    expect(response.written).toEqual(['id: 0.0\nevent: machines\ndata: {"key":"a","record":null}\n\n']);
    response.writableLength = 300 * 1024;
    stream.send('machines', '{"key":"b","record":null}');
    expect(response.written).toHaveLength(1);
    expect(response.ended).toBe(true);
    expect(closed).toHaveBeenCalledOnce();
    // A closed stream writes nothing more.
    response.writableLength = 0;
    stream.write(': hello\n\n');
    expect(response.written).toHaveLength(1);
  });

  it('closes when its client goes, and the hub keeps idle streams open with comments', () => {
    vi.useFakeTimers();
    const hub = bareHub();
    const response = new FakeResponse();
    const stream = streamOn(response, () => hub.remove(stream));
    void hub.open(stream, undefined);
    expect(hub.streamCount).toBe(1);
    vi.advanceTimersByTime(20_000);
    expect(response.written.at(-1)).toBe(': keep-alive\n\n');
    response.emit('close');
    expect(hub.streamCount).toBe(0);
    hub.close();
  });

  it('checks a session-bound stream once more as it opens: one whose session just ended gets only its last event', async () => {
    const hub = bareHub();
    const response = new FakeResponse();
    const stream = streamOn(response, () => hub.remove(stream), {
      userId: 'u1',
      expiresAt: Date.now() + 60_000,
      recheck: async () => ({ end: END }),
    });
    await hub.open(stream, undefined);
    expect(response.written).toEqual([`id: 0.0\nevent: ended\ndata: ${END}\n\n`]);
    expect(response.ended).toBe(true);
    expect(hub.streamCount).toBe(0);
    hub.close();
  });

  it('checks a stream again when its session is due to expire: slid forward it goes on, expired it ends', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const hub = bareHub();
    const response = new FakeResponse();
    const outcomes: ({ expiresAt: number } | { end: string })[] = [
      { expiresAt: start + 10_000 },
      { expiresAt: start + 50_000 },
      { end: END },
    ];
    const recheck = vi.fn(async () => outcomes.shift() ?? { end: END });
    const stream = streamOn(response, () => hub.remove(stream), { userId: 'u1', expiresAt: start + 10_000, recheck });
    await hub.open(stream, undefined);
    expect(recheck).toHaveBeenCalledTimes(1);
    // Due at the first round, and found slid forward; not due at the second; expired at the third.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(recheck).toHaveBeenCalledTimes(2);
    expect(stream.session?.expiresAt).toBe(start + 50_000);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(recheck).toHaveBeenCalledTimes(2);
    expect(response.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(recheck).toHaveBeenCalledTimes(3);
    expect(response.ended).toBe(true);
    expect(response.written.at(-1)).toBe(`id: 0.0\nevent: ended\ndata: ${END}\n\n`);
    expect(hub.streamCount).toBe(0);
    hub.close();
  });

  it('closes a stream whose session cannot be checked, without a last event (its client reconnects)', async () => {
    const errors: object[] = [];
    const hub = new LiveHub<unknown>({
      feeds: new Map<string, ChangeFeed>(),
      identityStore: 'identity',
      log: { warn() {}, error: (details) => errors.push(details) },
    });
    const response = new FakeResponse();
    const stream = streamOn(response, () => hub.remove(stream), {
      userId: 'u1',
      expiresAt: Date.now() + 60_000,
      recheck: async () => {
        throw new Error('store unreachable');
      },
    });
    await hub.open(stream, undefined);
    expect(response.ended).toBe(true);
    expect(response.written).toEqual([]);
    expect(errors).toHaveLength(1);
    hub.close();
  });
});

/** A feed the test hands batches through, as a store's change feed would after a read. */
function handFeed() {
  let listener: ((rows: ChangeRow[]) => void) | undefined;
  const feed = {
    lastSeq: 0,
    subscribe(next: (rows: ChangeRow[]) => void) {
      listener = next;
      return () => undefined;
    },
  };
  const hand = (...changes: [topic: string, key: string, seq: number][]) =>
    listener?.(changes.map(([topic, key, seq]) => ({ seq, topic, key, environment: 'development', created_at: '' })));
  return { feed: feed as unknown as ChangeFeed, hand };
}

/** A game-store topic whose records are `{ loaded: n }`, n counting its loads; `gate` holds a load back. */
function countedTopic(name: string, gate?: () => Promise<void>): ServedTopic<unknown> & { loads: string[] } {
  const loads: string[] = [];
  return {
    name,
    side: 'game',
    loads,
    async load(key) {
      loads.push(key);
      await gate?.();
      return { loaded: loads.length };
    },
  };
}

function followingStream(hub: LiveHub<unknown>, response: FakeResponse, topics: ServedTopic<unknown>[]) {
  const stream: LiveStream<unknown> = new LiveStream<unknown>({
    response: response as unknown as ServerResponse,
    topics: new Map(topics.map((topic) => [topic.name, { topic, audience: { id: 'players' } }])),
    gameStore: 'development',
    scope: {},
    cursor: { game: 0, identity: 0 },
    onClose: () => hub.remove(stream),
  });
  return stream;
}

function hubOn(feed: ChangeFeed, fanOut?: { share: number; burstMs: number }) {
  return new LiveHub<unknown>({
    ...(fanOut ? { fanOut } : {}),
    feeds: new Map([
      ['development', feed],
      ['identity', handFeed().feed],
    ]),
    identityStore: 'identity',
    log: { warn() {}, error() {} },
  });
}

const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the hub fanning a batch out', () => {
  it("writes each stream the batch's events at once, each key at its latest, in the order of those changes", async () => {
    const { feed, hand } = handFeed();
    const hub = hubOn(feed);
    const machines = countedTopic('machines');
    const drops = countedTopic('drops');
    const response = new FakeResponse();
    await hub.open(followingStream(hub, response, [machines, drops]), undefined);
    response.written = [];
    hand(['machines', 'm1', 1], ['drops', 'd1', 2], ['machines', 'm1', 3]);
    await settled();
    expect(machines.loads).toEqual(['m1']);
    expect(response.written).toEqual([
      'id: 2.0\nevent: drops\ndata: {"key":"d1","record":{"loaded":1}}\n\n' +
        'id: 3.0\nevent: machines\ndata: {"key":"m1","record":{"loaded":1}}\n\n',
    ]);
    hub.close();
  });

  it('sends the batches heard during a slow fan-out as one, each key once at its latest', async () => {
    const { feed, hand } = handFeed();
    const hub = hubOn(feed);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const machines = countedTopic('machines', () => held);
    const response = new FakeResponse();
    await hub.open(followingStream(hub, response, [machines]), undefined);
    response.written = [];
    hand(['machines', 'm1', 1]);
    await settled();
    // The first batch's record is still loading while three more batches are heard.
    hand(['machines', 'm1', 2]);
    hand(['machines', 'm2', 3]);
    hand(['machines', 'm1', 4]);
    release();
    await settled();
    await settled();
    expect(machines.loads).toEqual(['m1', 'm2', 'm1']);
    expect(response.written).toEqual([
      'id: 1.0\nevent: machines\ndata: {"key":"m1","record":{"loaded":1}}\n\n',
      'id: 3.0\nevent: machines\ndata: {"key":"m2","record":{"loaded":2}}\n\n' +
        'id: 4.0\nevent: machines\ndata: {"key":"m1","record":{"loaded":3}}\n\n',
    ]);
    hub.close();
  });

  it('lets other work run between slices of the streams it writes to', async () => {
    const { feed, hand } = handFeed();
    const hub = hubOn(feed);
    const machines = countedTopic('machines');
    const responses = Array.from({ length: 2_000 }, () => new FakeResponse());
    for (const response of responses) await hub.open(followingStream(hub, response, [machines]), undefined);
    const sent = () => responses.filter((response) => response.written.length > 1).length;
    hand(['machines', 'm1', 1]);
    // What a request arriving meanwhile would see: some streams written, not yet all.
    const midway = await new Promise<number>((resolve) => {
      const look = () => (sent() > 0 ? resolve(sent()) : setImmediate(look));
      setImmediate(look);
    });
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(responses.length);
    for (let round = 0; round < 10 && sent() < responses.length; round += 1) await settled();
    expect(sent()).toBe(responses.length);
    hub.close();
  });

  it('past its burst, waits for its share of the loop, and sends what came meanwhile together', async () => {
    const { feed, hand } = handFeed();
    // No burst: each fan-out rests three times as long as its writes took.
    const hub = hubOn(feed, { share: 0.25, burstMs: 0 });
    const machines = countedTopic('machines');
    /** A socket whose every write takes 2 ms, as a loaded machine's system calls do for thousands of streams. */
    class SlowResponse extends FakeResponse {
      override write(frame: string | Buffer) {
        const until = performance.now() + 2;
        while (performance.now() < until);
        return super.write(frame);
      }
    }
    const responses = Array.from({ length: 20 }, () => new SlowResponse());
    for (const response of responses) await hub.open(followingStream(hub, response, [machines]), undefined);
    const [first] = responses as [SlowResponse];
    first.written = [];
    hand(['machines', 'm1', 1]);
    await expect.poll(() => first.written.length).toBe(1);
    // The fan-out took 40 ms of writes: 120 ms of rest, in which two more batches are heard apart.
    hand(['machines', 'm1', 2]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    hand(['machines', 'm2', 3]);
    await expect.poll(() => first.written.length, { timeout: 2_000 }).toBe(2);
    expect(first.written[1]).toBe(
      'id: 2.0\nevent: machines\ndata: {"key":"m1","record":{"loaded":2}}\n\n' +
        'id: 3.0\nevent: machines\ndata: {"key":"m2","record":{"loaded":3}}\n\n',
    );
    hub.close();
  });
});
