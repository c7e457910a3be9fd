import Fastify, { type FastifyInstance } from 'fastify';
import { listenOnLoopback } from './listen';

export interface MinimalServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * Fastify with no logger, no plugins and no hooks, serving only what `register` adds. The bare
 * baseline is one; the data-path routes get another, configured identically, so the ratio of
 * a read to the baseline is the cost of the read and nothing else of the app's middleware.
 */
export async function startMinimalServer(register: (app: FastifyInstance) => void): Promise<MinimalServer> {
  const app = Fastify();
  register(app);
  const origin = await listenOnLoopback(app);
  return { origin, close: () => app.close() };
}

/** The baseline: one JSON route. Ratios against it, measured in the same run, cancel out how busy the machine is. */
export function startBareServer(): Promise<MinimalServer> {
  return startMinimalServer((app) => {
    app.get('/', async () => ({ hello: 'world' }));
  });
}
