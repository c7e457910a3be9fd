import { fileURLToPath } from 'node:url';
import { type BenchChild, forkBenchChild } from '../child-process';
import type { ClientMessage, ClientRequest } from './clients';

/*
 * The live bench's streams spread over several client processes (clients.ts). A process may hold
 * no more sockets than its open-file limit, and the streams of one source address to one server
 * port share one range of ephemeral ports (about 28,000 on Linux's default range): each process
 * takes at most STREAMS_PER_PROCESS streams, from an address of its own on the loopback network.
 */

const STREAMS_PER_PROCESS = 15_000;

export interface StreamTarget {
  host: string;
  port: number;
  path: string;
}

export interface ClientFleet {
  /** Opens the fleet's streams to `target`, spread over its processes; answers how many opened and failed. */
  connect(target: StreamTarget): Promise<{ open: number; failed: number }>;
  /**
   * Starts watching every stream for `event`; the promise it answers settles once every stream has
   * it (or at the time limit) with each stream's time of receipt (ms since the epoch; null: never).
   */
  expect(event: string, timeoutMs: number): Promise<() => Promise<(number | null)[]>>;
  close(): void;
}

type Client = BenchChild<ClientRequest, ClientMessage>;

function startClient(): Client {
  return forkBenchChild<ClientRequest, ClientMessage>(
    fileURLToPath(new URL('./clients.ts', import.meta.url)),
    'live bench clients',
  );
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Enough client processes for `streams` streams, started at once. */
export function startClientFleet(streams: number): ClientFleet {
  const clients = Array.from({ length: Math.max(1, Math.ceil(streams / STREAMS_PER_PROCESS)) }, startClient);
  const shareOf = (index: number) => Math.floor(streams / clients.length) + (index < streams % clients.length ? 1 : 0);
  return {
    async connect(target) {
      const answers = await Promise.all(
        clients.map((client, index) =>
          client.ask(
            { kind: 'connect', ...target, count: shareOf(index), localAddress: `127.0.0.${index + 2}` },
            'connected',
          ),
        ),
      );
      return { open: sum(answers.map((answer) => answer.open)), failed: sum(answers.map((answer) => answer.failed)) };
    },
    async expect(event, timeoutMs) {
      const received = clients.map((client) => client.next('received'));
      await Promise.all(clients.map((client) => client.ask({ kind: 'expect', event, timeoutMs }, 'expecting')));
      return async () => (await Promise.all(received)).flatMap((answer) => answer.at);
    },
    close() {
      for (const client of clients) client.child.send({ kind: 'close' } satisfies ClientRequest);
    },
  };
}
