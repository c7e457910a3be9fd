// Node's own HTTP server holding event streams, in a process of its own: what a stream costs before
// the app adds anything (docs/decisions/0143-live-fan-out-past-the-peers.md). It answers every
// request as the app's live route does, without the app's other headers (an event stream's head,
// unchunked, and a first event), and holds it open; nothing else runs here. Driven over IPC by the
// live section (suite.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MemoryReading, settledMemory } from './settled-memory';

export type FloorRequest = { kind: 'listen' } | { kind: 'measure' };
export type FloorMessage = { kind: 'listening'; port: number } | { kind: 'memory'; usage: MemoryReading };

const held = new Set<http.ServerResponse>();
const server = http.createServer((request, response) => {
  request.resume();
  response.useChunkedEncodingByDefault = false;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    'x-accel-buffering': 'no',
  });
  response.write('retry: 2000\n\nevent: ready\ndata: {}\n\n');
  held.add(response);
  response.once('close', () => held.delete(response));
});

const send = (message: FloorMessage) => process.send?.(message);

process.on('message', async (raw) => {
  const request = raw as FloorRequest;
  if (request.kind === 'listen') {
    server.listen(0, '127.0.0.1', () => send({ kind: 'listening', port: (server.address() as AddressInfo).port }));
  } else {
    send({ kind: 'memory', usage: await settledMemory() });
  }
});

// Without its parent nobody reads the result.
process.once('disconnect', () => process.exit(0));
