import Fastify from 'fastify';
import { listenOnLoopback } from './listen';

export interface BareServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * The baseline: Fastify with no logger, no plugins and one JSON route. Ratios against it,
 * measured in the same run, cancel out how busy the machine happens to be.
 */
export async function startBareServer(): Promise<BareServer> {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  const origin = await listenOnLoopback(app);
  return { origin, close: () => app.close() };
}
