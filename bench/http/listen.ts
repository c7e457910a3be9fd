import type { FastifyInstance } from 'fastify';

/** Binds to loopback on a free port: the bench never listens beyond 127.0.0.1. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The server did not bind a TCP port.');
  return `http://127.0.0.1:${address.port}`;
}
