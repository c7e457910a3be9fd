import { adminEnvironmentParamsSchema } from '@outpost/contracts/environments';
import {
  userKeysInputSchema,
  userKeysParamsSchema,
  userKeysResultSchema,
  userSearchInputSchema,
  userSearchResultSchema,
} from '@outpost/contracts/user-search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminChangeOf } from '../../backoffice/index';
import type { AppStores } from '../../database';
import { answering, FunctionError } from '../../platform/http/errors';
import { changeUserKeys, KeysChangedMeanwhileError, OwnAdminKeyError, UserNotFoundError } from './keys';
import { searchUsers } from './search';

export interface UserSearchRoutesOptions {
  identity: AppStores['identity'];
  game: AppStores['game'];
}

const answer = answering((error) => {
  if (error instanceof UserNotFoundError) return new FunctionError('not-found', error.message);
  if (error instanceof OwnAdminKeyError)
    return new FunctionError('invalid-argument', error.message, { code: 'own-admin-key' });
  if (error instanceof KeysChangedMeanwhileError) return new FunctionError('aborted', error.message);
  return error;
});

/**
 * The admin area's user search (moderators, staff and admins: `moderate`) and the key change
 * made from its hits (admins: `manageKeys`); the route table holds both policies.
 */
export function registerUserSearchRoutes(app: FastifyInstance, options: UserSearchRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { identity, game } = options;

  api.post(
    '/api/admin/:env/user-search',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: userSearchInputSchema,
        response: { 200: userSearchResultSchema },
      },
    },
    (request) => searchUsers({ identity, game: game[request.params.env] }, request.params.env, request.body),
  );

  api.put(
    '/api/admin/:env/users/:userID/keys',
    { schema: { params: userKeysParamsSchema, body: userKeysInputSchema, response: { 200: userKeysResultSchema } } },
    async (request) => {
      const { env, userID } = request.params;
      const change = await adminChangeOf(request, env);
      return answer(() => changeUserKeys({ identity, game: game[env] }, change, userID, request.body.keys));
    },
  );
}
