import {
  accountDataExportSchema,
  accountDeletionInputSchema,
  accountDeletionResultSchema,
  adminUserSchema,
  liftSuspensionInputSchema,
  type Suspension,
  suspendInputSchema,
  suspensionSchema,
  userParamsSchema,
} from '@outpost/contracts/account-lifecycle';
import {
  ACCOUNT_DELETION_MESSAGES,
  accountExportFileName,
  DELETION_BLOCKED_CODE,
} from '@outpost/contracts/account-lifecycle-text';
import type { Environment } from '@outpost/contracts/environments';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { adminChangeOf } from '../../backoffice/index';
import type { GameDatabase, IdentityDatabase } from '../../database';
import type { ShortNumbersOf } from '../../domain';
import { signedInViewer } from '../../platform/http/access';
import { answering, FunctionError } from '../../platform/http/errors';
import { limitTo, perViewer, type RateLimit } from '../../platform/http/rate-limit';
import { type Auth, verifyAccountPassword } from '../auth';
import {
  type AccountDataOptions,
  AccountGoneError,
  DeletionBlockedError,
  deleteAccount,
  exportAccountData,
} from './deletion';
import {
  liftSuspension,
  readAdminUser,
  SuspensionConflictError,
  SuspensionForbiddenError,
  SuspensionInputError,
  SuspensionUserNotFoundError,
  suspendPlayer,
  withReportNumbers,
} from './suspensions';

export interface AccountLifecycleRoutesOptions {
  identity: Kysely<IdentityDatabase>;
  game: Record<Environment, Kysely<GameDatabase>>;
  data: AccountDataOptions;
  auth: Auth;
  /** Forgets a user's cached sessions on this instance, once their sessions were ended. */
  forgetSessions(userId: string): void;
  /** The reports' short numbers, from the domain that files reports (none: suspensions name no number). */
  reportNumbers?: ShortNumbersOf | undefined;
  rateLimits: {
    /** Deletions per player (each checks the password, so it is limited like a sign-in). */
    deletion: RateLimit;
    /** Data downloads per player (each reads everything the player has, in every environment). */
    export: RateLimit;
  };
}

const answer = answering((error) => {
  if (error instanceof DeletionBlockedError) {
    return new FunctionError('aborted', error.message, { code: DELETION_BLOCKED_CODE });
  }
  if (error instanceof AccountGoneError || error instanceof SuspensionUserNotFoundError) {
    return new FunctionError('not-found', error.message);
  }
  if (error instanceof SuspensionInputError) return new FunctionError('invalid-argument', error.message);
  if (error instanceof SuspensionConflictError) return new FunctionError('aborted', error.message);
  if (error instanceof SuspensionForbiddenError) return new FunctionError('permission-denied', error.message);
  return error;
});

/**
 * The account lifecycle: a player deletes their account or downloads their data from /account; the moderation
 * hub's user page shows a player and their suspensions, which staff and admins make and lift.
 */
export function registerAccountLifecycleRoutes(app: FastifyInstance, options: AccountLifecycleRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { identity, game, data, auth } = options;
  const reportNumbers = (environment: Environment, reportIDs: readonly string[]) =>
    options.reportNumbers ? options.reportNumbers(game[environment], reportIDs) : Promise.resolve(new Map());
  const numbered = async (suspension: Suspension) =>
    (await withReportNumbers([suspension], reportNumbers))[0] ?? suspension;

  api.post(
    '/api/account/deletion',
    {
      schema: { body: accountDeletionInputSchema, response: { 200: accountDeletionResultSchema } },
      config: { rateLimit: { ...limitTo(options.rateLimits.deletion), keyGenerator: perViewer } },
    },
    async (request, reply) => {
      const viewer = await signedInViewer(request);
      if (!(await verifyAccountPassword(auth, identity, viewer.userId, request.body.password))) {
        throw new FunctionError('invalid-argument', ACCOUNT_DELETION_MESSAGES.wrongPassword, {
          code: 'wrong-password',
          field: 'password',
        });
      }
      await answer(() => deleteAccount(data, viewer.userId, { kind: 'player' }));
      options.forgetSessions(viewer.userId);
      // The session is gone already; the library's sign-out still clears this browser's cookie.
      const signedOut = await auth.api.signOut({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
      const cookies = signedOut.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { deleted: true as const, message: ACCOUNT_DELETION_MESSAGES.deleted };
    },
  );

  api.post(
    '/api/account/data-export',
    {
      schema: { response: { 200: accountDataExportSchema } },
      config: { rateLimit: { ...limitTo(options.rateLimits.export), keyGenerator: perViewer } },
    },
    async (request, reply) => {
      const viewer = await signedInViewer(request);
      const exported = await answer(() => exportAccountData(data, viewer.userId, { kind: 'player' }));
      reply.header('content-disposition', `attachment; filename="${accountExportFileName(exported.exportedAt)}"`);
      return exported;
    },
  );

  api.get(
    '/api/admin/:env/users/:userID',
    { schema: { params: userParamsSchema, response: { 200: adminUserSchema } } },
    (request) => {
      const { env, userID } = request.params;
      return answer(() => readAdminUser({ identity, game: game[env] }, env, userID, reportNumbers));
    },
  );

  api.post(
    '/api/admin/:env/users/:userID/suspension',
    { schema: { params: userParamsSchema, body: suspendInputSchema, response: { 200: suspensionSchema } } },
    async (request) => {
      const { env, userID } = request.params;
      const change = await adminChangeOf(request, env);
      const suspension = await answer(() => suspendPlayer({ identity, game: game[env] }, change, userID, request.body));
      options.forgetSessions(userID);
      return numbered(suspension);
    },
  );

  api.post(
    '/api/admin/:env/users/:userID/suspension/lift',
    {
      schema: { params: userParamsSchema, body: liftSuspensionInputSchema, response: { 200: suspensionSchema } },
    },
    async (request) => {
      const { env, userID } = request.params;
      const change = await adminChangeOf(request, env);
      return numbered(
        await answer(() => liftSuspension({ identity, game: game[env] }, change, userID, request.body.note)),
      );
    },
  );
}
