import type { FastifyInstance } from 'fastify';

/**
 * Registers routes whose body is kept as the raw bytes a sender signed (a payment provider's or a
 * store's webhook), whatever its content type, in a scope of their own so no other route loses
 * its parsing; the app's body limit still applies.
 */
export async function registerRawBodyRoutes(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    await register(scope);
  });
}
