import { __camel__PublicListSchema } from '@outpost/contracts/__kebab__/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { listRunning__Pascal__Entries } from './queries';

export interface __Pascal__RoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
}

/** GET /api/__kebab__: the running entries, for anyone. */
export function register__Pascal__Routes(app: FastifyInstance, options: __Pascal__RoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/__kebab__', { schema: { response: { 200: __camel__PublicListSchema } } }, async () => ({
    entries: await listRunning__Pascal__Entries(options.game, new Date()),
  }));
}
