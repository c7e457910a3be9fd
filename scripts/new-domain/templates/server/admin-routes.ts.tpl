import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import {
  __CONST___MESSAGES,
  __camel__EntryParamsSchema,
  __camel__EntrySchema,
  __camel__ListPageSchema,
  __camel__ListQuerySchema,
  create__Pascal__EntryInputSchema,
  update__Pascal__EntryInputSchema,
} from '@outpost/contracts/__kebab__/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores } from '../database';
import { answering, FunctionError } from '../platform/http/errors';
import {
  __Pascal__EntryExistsError,
  __Pascal__EntryNotFoundError,
  create__Pascal__Entry,
  delete__Pascal__Entry,
  list__Pascal__Entries,
  update__Pascal__Entry,
} from './queries';

export interface __Pascal__AdminRoutesOptions {
  game: AppStores['game'];
}

const answer = answering((error) => {
  if (error instanceof __Pascal__EntryNotFoundError) return new FunctionError('not-found', __CONST___MESSAGES.notFound);
  if (error instanceof __Pascal__EntryExistsError) {
    return new FunctionError('aborted', __CONST___MESSAGES.idTaken(error.entryID));
  }
  return error;
});

const deletedSchema = z.object({ entryID: z.string() });

/**
 * __Words__ in the back office: read by everyone in the admin area, changed by those the route
 * table's policies let through (contracts' __kebab__/contract.ts). Every route names its environment.
 */
export function register__Pascal__AdminRoutes(app: FastifyInstance, options: __Pascal__AdminRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storeOf = (environment: Environment) => options.game[environment];

  api.get(
    '/api/admin/:env/__kebab__',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: __camel__ListQuerySchema,
        response: { 200: __camel__ListPageSchema },
      },
    },
    (request) => list__Pascal__Entries(storeOf(request.params.env), request.query),
  );

  api.post(
    '/api/admin/:env/__kebab__',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: create__Pascal__EntryInputSchema,
        response: { 200: __camel__EntrySchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      return answer(() => create__Pascal__Entry(storeOf(env), request.body, change));
    },
  );

  api.put(
    '/api/admin/:env/__kebab__/:entryID',
    {
      schema: {
        params: __camel__EntryParamsSchema,
        body: update__Pascal__EntryInputSchema,
        response: { 200: __camel__EntrySchema },
      },
    },
    async (request) => {
      const { env, entryID } = request.params;
      const change = await adminChangeOf(request, env);
      return answer(() => update__Pascal__Entry(storeOf(env), entryID, request.body, change));
    },
  );

  api.delete(
    '/api/admin/:env/__kebab__/:entryID',
    { schema: { params: __camel__EntryParamsSchema, response: { 200: deletedSchema } } },
    async (request) => {
      const { env, entryID } = request.params;
      const change = await adminChangeOf(request, env);
      await answer(() => delete__Pascal__Entry(storeOf(env), entryID, change));
      return { entryID };
    },
  );
}
