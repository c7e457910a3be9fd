import { userParamsSchema } from '@outpost/contracts/account-lifecycle';
import {
  type AppStorePurchase,
  appStorePurchaseSchema,
  type GooglePlayPurchase,
  googlePlayPurchaseSchema,
  STORE_PURCHASE_MESSAGES,
  storeAccountTokenSchema,
  storeGrantSchema,
  storePurchaseListSchema,
} from '@outpost/contracts/store-purchases/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { AppStores, GameDatabase } from '../database';
import { signedInViewer } from '../platform/http/access';
import { answering, FunctionError } from '../platform/http/errors';
import { registerRawBodyRoutes } from '../platform/http/raw-body';
import { storeAccountTokenOf } from './account-token';
import { readDataSharing, setDataSharing } from './consumption';
import { applyStoreNotification, type NotificationOutcome } from './notifications';
import { grantStorePurchase, StorePurchaseRefusal } from './purchases';
import { listStorePurchases } from './queries';
import {
  type GameStore,
  type GameStoreVerifier,
  StoreRefusedError,
  StoreUnreachableError,
  type VerifiedPurchase,
} from './store-report';

/** APP_ENV's verifier of each game store; undefined where the store is not configured. */
export interface StoreVerifiers {
  'app-store': GameStoreVerifier<AppStorePurchase> | undefined;
  'google-play': GameStoreVerifier<GooglePlayPurchase> | undefined;
}

export interface StorePurchaseRoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
  /** Every environment's store, for the back office. */
  stores: AppStores['game'];
  verifiers: StoreVerifiers;
}

const REFUSAL_STATUS = {
  'other-player': 'permission-denied',
  reversed: 'aborted',
  'unknown-product': 'not-found',
} as const;

/** The stores' and the grant's refusals as the protocol's statuses; anything else is a fault. */
function toFunctionError(error: unknown): unknown {
  if (error instanceof StoreRefusedError) return new FunctionError('invalid-argument', error.message);
  if (error instanceof StoreUnreachableError) return new FunctionError('unavailable', error.message);
  if (error instanceof StorePurchaseRefusal) return new FunctionError(REFUSAL_STATUS[error.reason], error.message);
  return error;
}

const answer = answering(toFunctionError);

function verifierOf<Store extends GameStore>(
  verifiers: StoreVerifiers,
  store: Store,
): NonNullable<StoreVerifiers[Store]> {
  const verifier = verifiers[store];
  if (!verifier) throw new FunctionError('unavailable', STORE_PURCHASE_MESSAGES.notConfigured(store));
  return verifier as NonNullable<StoreVerifiers[Store]>;
}

/** The envelope of each store's notifications: App Store Server Notifications V2; a Pub/Sub push. */
const NOTIFICATION_SHAPES = {
  'app-store': z.object({ signedPayload: z.string() }),
  'google-play': z.object({ message: z.object({ data: z.string() }) }),
} as const;

const NOT_A_NOTIFICATION = {
  'app-store': 'This is not an App Store Server Notification: its JSON body has no signedPayload.',
  'google-play': 'This is not a Google Play notification: its JSON body is not a Pub/Sub push with message.data.',
} as const;

function hasShape(body: Buffer, shape: z.ZodMiniType): boolean {
  try {
    return z.safeParse(shape, JSON.parse(body.toString('utf8'))).success;
  } catch {
    return false;
  }
}

const webhookAnswerSchema = z.object({ received: z.literal(true), outcome: z.string() });

/**
 * The player's answer to the game's question whether the stores may be told how they used a
 * purchase they ask the store to refund (the App Store's consumption request needs their consent).
 */
const dataSharingBodySchema = z.object({ consented: z.boolean() });
const dataSharingSchema = z.object({ consented: z.boolean(), decidedAt: z.nullable(z.string()) });

/**
 * The game's stores: the game reports each purchase (POST /api/store/<store>/purchases) and is
 * answered what it granted; each store's server notifications (POST /api/webhooks/<store>) renew,
 * end and reverse; the player reads their purchases (GET /api/account/store-purchases) and says
 * whether the stores may be told how they used them (/api/account/store-data-sharing).
 */
export async function registerStorePurchaseRoutes(
  app: FastifyInstance,
  options: StorePurchaseRoutesOptions,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { game, verifiers } = options;

  /** Verifies, grants once, then does what the store requires after a grant (Google Play's acknowledgement). */
  async function report<Report>(verifier: GameStoreVerifier<Report>, body: Report, request: FastifyRequest) {
    const { userId } = await signedInViewer(request);
    return answer(async () => {
      const purchase: VerifiedPurchase = await verifier.verifyPurchase(body);
      if (purchase.amountUnknown !== undefined) {
        const { store, transactionId } = purchase.transaction;
        request.log.warn(
          { store, transactionId, reason: purchase.amountUnknown },
          'store purchase granted without its price',
        );
      }
      const grant = await grantStorePurchase(game, purchase, userId);
      try {
        await verifier.completePurchase(purchase);
      } catch (error) {
        // Granted either way; the game's next report of it (or the store's retry) completes it again.
        request.log.warn({ err: error, transactionId: grant.transactionId }, 'store purchase not completed');
      }
      return grant;
    });
  }

  api.post(
    '/api/store/app-store/purchases',
    { schema: { body: appStorePurchaseSchema, response: { 200: storeGrantSchema } } },
    (request) => report(verifierOf(verifiers, 'app-store'), request.body, request),
  );

  api.post(
    '/api/store/google-play/purchases',
    { schema: { body: googlePlayPurchaseSchema, response: { 200: storeGrantSchema } } },
    (request) => report(verifierOf(verifiers, 'google-play'), request.body, request),
  );

  api.get('/api/store/account-token', { schema: { response: { 200: storeAccountTokenSchema } } }, async (request) => ({
    accountToken: storeAccountTokenOf((await signedInViewer(request)).userId),
  }));

  api.get('/api/account/store-data-sharing', { schema: { response: { 200: dataSharingSchema } } }, async (request) =>
    readDataSharing(game, (await signedInViewer(request)).userId),
  );

  api.put(
    '/api/account/store-data-sharing',
    { schema: { body: dataSharingBodySchema, response: { 200: dataSharingSchema } } },
    async (request) => setDataSharing(game, (await signedInViewer(request)).userId, request.body.consented),
  );

  api.get(
    '/api/account/store-purchases',
    { schema: { response: { 200: storePurchaseListSchema } } },
    async (request) => ({
      purchases: await listStorePurchases(game, (await signedInViewer(request)).userId),
    }),
  );

  api.get(
    '/api/admin/:env/users/:userID/store-purchases',
    { schema: { params: userParamsSchema, response: { 200: storePurchaseListSchema } } },
    async (request) => ({
      purchases: await listStorePurchases(options.stores[request.params.env], request.params.userID),
    }),
  );

  await registerRawBodyRoutes(app, (scope) => {
    for (const store of ['app-store', 'google-play'] as const) {
      scope
        .withTypeProvider<ZodTypeProvider>()
        .post(`/api/webhooks/${store}`, { schema: { response: { 200: webhookAnswerSchema } } }, async (request) => {
          const body = request.body;
          // Checked before the store's configuration: a post of another shape is not the store's, wherever it lands.
          if (!Buffer.isBuffer(body) || !hasShape(body, NOTIFICATION_SHAPES[store])) {
            throw new FunctionError('invalid-argument', NOT_A_NOTIFICATION[store]);
          }
          const verifier = verifierOf(verifiers, store);
          const outcome: NotificationOutcome = await answer(async () =>
            applyStoreNotification(
              game,
              await verifier.readNotification({ headers: request.headers, body }),
              new Date(),
              { sendConsumption: verifier.sendConsumption, log: request.log },
            ),
          );
          request.log.info({ store, outcome }, 'store notification');
          return { received: true as const, outcome };
        });
    }
  });
}
