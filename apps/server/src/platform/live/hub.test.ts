import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangeFeed } from '../changes/feed';
import { LiveHub, LiveStream } from './hub';

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

function streamOn(response: FakeResponse, onClose: () => void = () => undefined) {
  return new LiveStream<unknown>({
    response: response as unknown as ServerResponse,
    topics: new Map(),
    gameStore: 'development',
    scope: {},
    cursor: { game: 0, identity: 0 },
    onClose,
  });
}

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
    const hub = new LiveHub<unknown>({
      feeds: new Map<string, ChangeFeed>(),
      identityStore: 'identity',
      log: { warn() {}, error() {} },
    });
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
});
