import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

/**
 * Longest an exit waits for the log's last lines: a destination that takes none (a closed pipe) must
 * not hold it. Past it the process exits as before, pino writing what it still buffers.
 */
const LOG_DRAIN_MS = 2_000;

/** What of pino's own destination (sonic-boom) ending it needs; process.stdout, which cannot be ended, has no flushSync. */
interface EndableDestination {
  end(): void;
  flushSync(): void;
  once(event: 'close', listener: () => void): unknown;
}

const endable = (destination: unknown): destination is EndableDestination =>
  typeof destination === 'object' &&
  destination !== null &&
  ['end', 'flushSync', 'once'].every(
    (method) => typeof (destination as Record<string, unknown>)[method] === 'function',
  );

/**
 * Exits with `code` once the logger's destination has written every line handed to it; for a process
 * that has finished its work (nothing logs after the destination is ended). pino writes
 * asynchronously and, at exit, writes synchronously only what it still buffers: a write in flight,
 * or one waiting to try again after a full pipe refused it (sonic-boom tries again 100 ms later), is
 * dropped, and with it the last access lines of a shutdown (server.test.ts). Ending the destination
 * waits for that write, writes the rest, and closes it.
 */
export function exitOnceLogged(logger: FastifyBaseLogger, code: number): void {
  const destination = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym];
  if (!endable(destination)) process.exit(code);
  process.exitCode = code;
  setTimeout(() => process.exit(code), LOG_DRAIN_MS);
  destination.once('close', () => process.exit(code));
  destination.end();
}
