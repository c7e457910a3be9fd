import { userParamsSchema } from '@outpost/contracts/account-lifecycle';
import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import {
  playerSubscriptionsSchema,
  premiumCheckoutInputSchema,
  premiumCheckoutSchema,
  premiumPlansConfigSchema,
  premiumPlansSchema,
  premiumRenewalInputSchema,
  premiumSchema,
  SUBSCRIPTION_CALLABLES,
  subscriberListPageSchema,
  subscriberListQuerySchema,
  subscriptionParamsSchema,
} from '@outpost/contracts/subscriptions/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores, GameDatabase } from '../database';
import { signedInViewer } from '../platform/http/access';
import { registerCallable } from '../platform/http/callable';
import { answering, FunctionError } from '../platform/http/errors';
import { readPremiumPlans, readPremiumPlansConfig, writePremiumPlansConfig } from './plans';
import { listPlayerSubscriptions } from './player-subscriptions';
import { readPremium } from './premium';
import { changeRenewal, channelForPurchase, PremiumRefusal, type WebBillingChannels } from './renewal';
import { refundCurrentPeriod } from './staff-refund';
import { listSubscribers } from './subscribers';

export interface SubscriptionRoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
  /** Every environment's store, for the back office. */
  stores: AppStores['game'];
  /** Where the back office names the players. */
  identity: AppStores['identity'];
  webBilling: WebBillingChannels;
  /** Each environment's web channels, for staff's refunds in the back office. */
  webBillingIn: (environment: Environment) => WebBillingChannels;
  /** The account page: where the providers send the player back. */
  accountUrl: string;
}

const answer = answering((error) =>
  error instanceof PremiumRefusal ? new FunctionError(error.status, error.message) : error,
);

/**
 * The premium subscription: the player's premium (GET /api/account/premium for the account page,
 * getPremium for the game), the plans, buying on the web and turning renewal off or on, and the
 * plans' settings in the back office.
 */
export function registerSubscriptionRoutes(app: FastifyInstance, options: SubscriptionRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { game } = options;
  const storeOf = (environment: Environment) => options.stores[environment];

  api.get('/api/account/premium', { schema: { response: { 200: premiumSchema } } }, async (request) =>
    readPremium(game, (await signedInViewer(request)).userId),
  );

  registerCallable(app, {
    name: SUBSCRIPTION_CALLABLES.getPremium,
    input: z.optional(z.null()),
    output: premiumSchema,
    handler: async (_data, request) => readPremium(game, (await signedInViewer(request)).userId),
  });

  api.get('/api/premium/plans', { schema: { response: { 200: premiumPlansSchema } } }, async () => ({
    plans: await readPremiumPlans(game),
  }));

  api.post(
    '/api/account/premium/checkout',
    { schema: { body: premiumCheckoutInputSchema, response: { 200: premiumCheckoutSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      const { planId, channel } = request.body;
      return answer(async () => {
        const billing = await channelForPurchase(game, options.webBilling, viewer.userId, channel);
        const plan = (await readPremiumPlans(game)).find((candidate) => candidate.planId === planId);
        if (!plan) throw new FunctionError('not-found', `There is no premium plan "${planId}".`);
        return billing.startSubscription({
          userId: viewer.userId,
          email: viewer.email,
          plan,
          returnUrl: `${options.accountUrl}?premium=started`,
          cancelUrl: options.accountUrl,
          idempotencyKey: `premium-${request.id}-${viewer.userId}`,
        });
      });
    },
  );

  api.post(
    '/api/account/premium/renewal',
    { schema: { body: premiumRenewalInputSchema, response: { 200: premiumSchema } } },
    async (request) => {
      const { userId } = await signedInViewer(request);
      return answer(() => changeRenewal(game, options.webBilling, userId, request.body.renew));
    },
  );

  api.get(
    '/api/admin/:env/subscribers',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: subscriberListQuerySchema,
        response: { 200: subscriberListPageSchema },
      },
    },
    (request) => listSubscribers({ game: storeOf(request.params.env), identity: options.identity }, request.query),
  );

  api.get(
    '/api/admin/:env/users/:userID/subscriptions',
    { schema: { params: userParamsSchema, response: { 200: playerSubscriptionsSchema } } },
    async (request) => ({
      subscriptions: await listPlayerSubscriptions(storeOf(request.params.env), request.params.userID),
    }),
  );

  api.post(
    '/api/admin/:env/subscriptions/:subscriptionId/refund',
    { schema: { params: subscriptionParamsSchema, response: { 200: playerSubscriptionsSchema } } },
    async (request) => {
      const { env, subscriptionId } = request.params;
      const change = await adminChangeOf(request, env);
      const db = storeOf(env);
      await answer(() => refundCurrentPeriod(db, options.webBillingIn(env), subscriptionId, change));
      const owner = await db
        .selectFrom('subscriptions')
        .select('user_id')
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirstOrThrow();
      return { subscriptions: await listPlayerSubscriptions(db, owner.user_id) };
    },
  );

  api.get(
    '/api/admin/:env/premium/plans',
    { schema: { params: adminEnvironmentParamsSchema, response: { 200: premiumPlansConfigSchema } } },
    (request) => readPremiumPlansConfig(storeOf(request.params.env)),
  );

  api.put(
    '/api/admin/:env/premium/plans',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: premiumPlansConfigSchema,
        response: { 200: premiumPlansSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      return { plans: await writePremiumPlansConfig(storeOf(env), request.body, change) };
    },
  );
}
