import { accountDataExportSchema, accountDeletionResultSchema } from '@outpost/contracts/account-lifecycle';
import { accountExportFileName } from '@outpost/contracts/account-lifecycle-text';
import {
  PLAYER_SUPPORT_LOG_ACTIONS,
  PLAYER_SUPPORT_MESSAGES,
  playerRecordParamsSchema,
  sessionsEndedSchema,
} from '@outpost/contracts/player-record';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import { adminChangeOf, adminLogRecord, appendAdminLog } from '../backoffice/index';
import type { AppStores, IdentityDatabase } from '../database';
import { signedInViewer } from '../platform/http/access';
import { answering, FunctionError } from '../platform/http/errors';
import {
  type AccountDataOptions,
  AccountGoneError,
  DeletionBlockedError,
  deleteAccount,
  exportAccountData,
} from './lifecycle/deletion';
import { endSessions } from './lifecycle/suspensions';
import { requireAccount } from './require-account';
import { findStoredKeys } from './search/keys';

export interface AccountSupportOptions {
  identity: Kysely<IdentityDatabase>;
  game: AppStores['game'];
  /** Every domain's part of a player's data, for the download and the deletion. */
  data: AccountDataOptions;
  /** Forgets a user's cached sessions on this instance, once their sessions were ended. */
  forgetSessions(userId: string): void;
}

/** One session by its id (the row's, never its token), or every session when none is named. */
const endSessionsInputSchema = z.object({ sessionID: z.optional(z.string().check(z.trim(), z.minLength(1))) });

const answer = answering((error) => {
  if (error instanceof AccountGoneError) return new FunctionError('not-found', error.message);
  if (error instanceof DeletionBlockedError) return new FunctionError('aborted', error.message);
  return error;
});

const PRIVILEGED_KEYS: readonly string[] = ['admin', 'staff'];

/**
 * The player page's account tools for support (docs/decisions/0130-the-player-page.md): staff end one
 * of the player's sessions or all of them (a lost phone, a shared computer), download their data, and
 * delete their account, each logged in the admin log. A staff or admin account is only an admin's to
 * delete, and nobody deletes their own here (the account page does, with the password).
 */
export function registerAccountSupportRoutes(app: FastifyInstance, options: AccountSupportOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function requireDeletable(request: FastifyRequest, userID: string): Promise<string> {
    const viewer = await signedInViewer(request);
    if (viewer.userId === userID) {
      throw new FunctionError('invalid-argument', PLAYER_SUPPORT_MESSAGES.ownAccount);
    }
    const keys = (await findStoredKeys(options.identity, userID))?.keys ?? [];
    if (keys.some((key) => PRIVILEGED_KEYS.includes(key)) && !viewer.profile?.keys.includes('admin')) {
      throw new FunctionError('permission-denied', PLAYER_SUPPORT_MESSAGES.staffDeletedByAdmins);
    }
    return viewer.userId;
  }

  api.post(
    '/api/admin/:env/users/:userID/sessions/end',
    {
      schema: {
        params: playerRecordParamsSchema,
        body: endSessionsInputSchema,
        response: { 200: sessionsEndedSchema },
      },
    },
    async (request) => {
      const { env, userID } = request.params;
      const { sessionID } = request.body;
      const change = await adminChangeOf(request, env);
      await requireAccount(options.identity, userID);
      await appendAdminLog(
        options.game[env],
        adminLogRecord(change, PLAYER_SUPPORT_LOG_ACTIONS.sessionsEnd, { userID, ...(sessionID ? { sessionID } : {}) }),
      );
      if (sessionID) {
        await options.identity
          .deleteFrom('auth_sessions')
          .where('id', '=', sessionID)
          .where('user_id', '=', userID)
          .execute();
      } else {
        await endSessions(options.identity, userID);
      }
      options.forgetSessions(userID);
      return { message: sessionID ? 'The session ended.' : PLAYER_SUPPORT_MESSAGES.sessionsEnded };
    },
  );

  api.post(
    '/api/admin/:env/users/:userID/data-export',
    { schema: { params: playerRecordParamsSchema, response: { 200: accountDataExportSchema } } },
    async (request, reply) => {
      const { userID } = request.params;
      const viewer = await signedInViewer(request);
      const exported = await answer(() =>
        exportAccountData(options.data, userID, { kind: 'admin', adminID: viewer.userId }),
      );
      reply.header('content-disposition', `attachment; filename="${accountExportFileName(exported.exportedAt)}"`);
      return exported;
    },
  );

  api.post(
    '/api/admin/:env/users/:userID/deletion',
    { schema: { params: playerRecordParamsSchema, response: { 200: accountDeletionResultSchema } } },
    async (request) => {
      const { userID } = request.params;
      const adminID = await requireDeletable(request, userID);
      await answer(() => deleteAccount(options.data, userID, { kind: 'admin', adminID }));
      options.forgetSessions(userID);
      return { deleted: true as const, message: PLAYER_SUPPORT_MESSAGES.accountDeleted };
    },
  );
}
