// One process of the live bench's clients: many server-sent-event streams from a process of their
// own, so the server's process holds only its side of them. Raw sockets (not fetch or EventSource)
// keep a client's cost small enough for 15,000 of them. Driven over IPC by client-fleet.ts, which
// starts as many such processes as the streams need.
import net from 'node:net';

export type ClientRequest =
  /** `localAddress`: the streams' own address (127.0.0.x), each with its own range of ports. */
  | { kind: 'connect'; host: string; port: number; path: string; count: number; localAddress?: string }
  | { kind: 'expect'; event: string; timeoutMs: number }
  | { kind: 'close' };

export type ClientMessage =
  | { kind: 'connected'; open: number; failed: number }
  | { kind: 'expecting' }
  /** When each stream received the event, in ms since the epoch (`performance.timeOrigin + now`); null: never. */
  | { kind: 'received'; at: (number | null)[] };

const sockets: net.Socket[] = [];
/** Per socket: whether it is ready, when it received the expected event, and the end of what it read last. */
const seen: { ready: boolean; received: number | null; tail: string }[] = [];
let expected: string | undefined;

const now = () => performance.timeOrigin + performance.now();
const send = (message: ClientMessage) => process.send?.(message);

/**
 * Whether `marker` is in what a socket just read, or across it and the end of its last read. Read
 * into one shared buffer (`onread`), not a stream of strings: the clients stand in for browsers on
 * machines of their own, so what one process spends per read is the bench's, not the server's.
 */
function arrived(chunk: Buffer, tail: string, marker: string): boolean {
  if (chunk.indexOf(marker, 0, 'latin1') !== -1) return true;
  return (tail + chunk.toString('latin1', 0, Math.min(chunk.length, marker.length))).includes(marker);
}

const readBuffer = Buffer.allocUnsafe(64 * 1024);

function open(request: Extract<ClientRequest, { kind: 'connect' }>): Promise<boolean> {
  return new Promise((resolve) => {
    const state = { ready: false, received: null as number | null, tail: '' };
    seen.push(state);
    const socket = net.connect(
      {
        host: request.host,
        port: request.port,
        localAddress: request.localAddress,
        onread: {
          buffer: readBuffer,
          callback: (length: number, buffer: Uint8Array) => {
            const chunk = Buffer.from(buffer.buffer, buffer.byteOffset, length);
            // Only the marker of an event is looked for: a line `event: <name>`.
            if (!state.ready && arrived(chunk, state.tail, 'event: ready')) {
              state.ready = true;
              resolve(true);
            }
            if (expected && state.received === null && arrived(chunk, state.tail, `event: ${expected}`)) {
              state.received = now();
            }
            state.tail = chunk.toString('latin1', Math.max(0, length - 32), length);
            return true;
          },
        },
      },
      () => {
        socket.write(`GET ${request.path} HTTP/1.1\r\nHost: ${request.host}\r\nAccept: text/event-stream\r\n\r\n`);
      },
    );
    sockets.push(socket);
    socket.on('error', () => resolve(false));
    socket.on('close', () => {
      if (!state.ready) resolve(false);
    });
  });
}

process.on('message', async (raw) => {
  const request = raw as ClientRequest;
  if (request.kind === 'connect') {
    let open_ = 0;
    let failed = 0;
    // In waves: a burst of thousands of SYNs at once would overflow the listen backlog.
    for (let start = 0; start < request.count; start += 500) {
      const wave = Array.from({ length: Math.min(500, request.count - start) }, () => open(request));
      for (const ok of await Promise.all(wave))
        if (ok) open_ += 1;
        else failed += 1;
    }
    send({ kind: 'connected', open: open_, failed });
  } else if (request.kind === 'expect') {
    for (const state of seen) state.received = null;
    expected = request.event;
    send({ kind: 'expecting' });
    // Answer once every stream has it, or at the time limit.
    const deadline = Date.now() + request.timeoutMs;
    const check = () => {
      if (seen.every((state) => state.received !== null) || Date.now() > deadline) {
        expected = undefined;
        send({ kind: 'received', at: seen.map((state) => state.received) });
      } else setTimeout(check, 5);
    };
    check();
  } else {
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }
});

// Without its parent nobody reads the result.
process.once('disconnect', () => process.exit(1));
