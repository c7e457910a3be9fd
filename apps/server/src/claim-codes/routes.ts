import {
  CLAIM_CODE_MESSAGES,
  type ClaimCodeBatch,
  claimCodeBatchOrNullSchema,
  claimCodeBatchSchema,
  claimCodeListPageSchema,
  claimCodeListQuerySchema,
  claimCodeParamsSchema,
  claimCodeTakenMessage,
  createClaimCodeBatchInputSchema,
  deletedClaimCodeBatchSchema,
  redeemCodeInputSchema,
  redeemCodeResultSchema,
} from '@outpost/contracts/claim-codes';
import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import { unknownItemsMessage } from '@outpost/contracts/items';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores } from '../database';
import { UnknownItemsError } from '../items/index';
import { signedInViewer } from '../platform/http/access';
import { FunctionError } from '../platform/http/errors';
import { fieldRefusalDetails } from '../platform/http/field-refusal';
import { limitTo, perViewer, type RateLimit } from '../platform/http/rate-limit';
import {
  ClaimCodeBatchNotFoundError,
  ClaimCodeTakenError,
  createClaimCodeBatch,
  deleteClaimCodeBatch,
  findClaimCodeBatch,
  listClaimCodeBatches,
  NoFreeCodeNamesError,
  type RedeemRefusal,
  RedeemRefusedError,
  redeemClaimCode,
} from './queries';

export interface ClaimCodeRoutesOptions {
  /** Every environment's store: the admin routes name theirs. */
  game: AppStores['game'];
  /** APP_ENV: the environment whose players redeem codes. */
  appEnv: Environment;
  /** Redeem attempts per player: codes are short, so guessing them is slowed down. */
  redeemRateLimit: RateLimit;
}

/** A refused redemption: the player's message, and a code the client can branch on. */
const REFUSALS: Record<RedeemRefusal, () => FunctionError> = {
  'not-found': () => new FunctionError('not-found', CLAIM_CODE_MESSAGES.notFound, { code: 'code-not-found' }),
  'used-up': () => new FunctionError('aborted', CLAIM_CODE_MESSAGES.usedUp, { code: 'code-used-up' }),
  'already-redeemed': () =>
    new FunctionError('aborted', CLAIM_CODE_MESSAGES.alreadyRedeemed, { code: 'code-already-redeemed' }),
};

/**
 * Redemption codes (docs/product.md §3.8, §5.6, §7.9, §8.5): staff and admins create, list, read and delete
 * batches in an environment (the route table's `manageShop`: codes are worth credits, so moderators do not
 * see them); a signed-in player redeems a code of APP_ENV's store.
 */
export function registerClaimCodeRoutes(app: FastifyInstance, options: ClaimCodeRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storeOf = (environment: Environment) => options.game[environment];

  api.get(
    '/api/admin/:env/claim-codes',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: claimCodeListQuerySchema,
        response: { 200: claimCodeListPageSchema },
      },
    },
    (request) => listClaimCodeBatches(storeOf(request.params.env), request.query),
  );

  api.post(
    '/api/admin/:env/claim-codes',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: createClaimCodeBatchInputSchema,
        response: { 200: claimCodeBatchSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      const db = storeOf(env);
      let claimCodeID: string;
      try {
        claimCodeID = await createClaimCodeBatch(db, request.body, change);
      } catch (error) {
        if (error instanceof ClaimCodeTakenError) {
          const message = claimCodeTakenMessage(error.code, env);
          throw new FunctionError('aborted', message, fieldRefusalDetails(message, [['customCodeName']]));
        }
        if (error instanceof UnknownItemsError) {
          const message = unknownItemsMessage(error.itemIDs, env);
          throw new FunctionError('invalid-argument', message, fieldRefusalDetails(message, [['rewards']]));
        }
        if (error instanceof NoFreeCodeNamesError) throw new FunctionError('aborted', CLAIM_CODE_MESSAGES.noFreeNames);
        throw error;
      }
      return (await findClaimCodeBatch(db, claimCodeID)) as ClaimCodeBatch;
    },
  );

  api.get(
    '/api/admin/:env/claim-codes/:claimCodeID',
    { schema: { params: claimCodeParamsSchema, response: { 200: claimCodeBatchOrNullSchema } } },
    async (request) => {
      const { env, claimCodeID } = request.params;
      const batch = await findClaimCodeBatch(storeOf(env), claimCodeID);
      if (batch) return batch;
      // A missing claim code is an error in the log and a null result, no message (docs/product.md §8.5).
      request.log.error({ environment: env, claimCodeID }, 'claim code not found');
      return null;
    },
  );

  api.delete(
    '/api/admin/:env/claim-codes/:claimCodeID',
    { schema: { params: claimCodeParamsSchema, response: { 200: deletedClaimCodeBatchSchema } } },
    async (request) => {
      const { env, claimCodeID } = request.params;
      const change = await adminChangeOf(request, env);
      try {
        await deleteClaimCodeBatch(storeOf(env), claimCodeID, change);
      } catch (error) {
        if (error instanceof ClaimCodeBatchNotFoundError) {
          throw new FunctionError('not-found', `There is no code batch "${claimCodeID}" in ${env}.`);
        }
        throw error;
      }
      return { claimCodeID };
    },
  );

  api.post(
    '/api/account/redeem-code',
    {
      schema: { body: redeemCodeInputSchema, response: { 200: redeemCodeResultSchema } },
      config: { rateLimit: { ...limitTo(options.redeemRateLimit), keyGenerator: perViewer } },
    },
    async (request) => {
      const viewer = await signedInViewer(request);
      try {
        return await redeemClaimCode(storeOf(options.appEnv), { userId: viewer.userId, code: request.body.code });
      } catch (error) {
        if (error instanceof RedeemRefusedError) throw REFUSALS[error.refusal]();
        throw error;
      }
    },
  );
}
