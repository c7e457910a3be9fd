import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangeFeed } from '../changes/feed';
import { LiveHub, LiveStream, type StreamSession } from './hub';

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
