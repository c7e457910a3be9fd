import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import {
  everyonePlayersSchema,
  everyoneRewardListQuerySchema,
  everyoneRewardPageSchema,
  everyoneRewardParamsSchema,
  everyoneRewardRunSchema,
  rescheduleEveryoneRewardInputSchema,
  scheduleEveryoneRewardInputSchema,
} from '@outpost/contracts/rewards';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores } from '../database';
import { countPlayerAccounts } from '../identity/index';
import { fetchListPage } from '../platform/db/list-page';
import { answering } from '../platform/http/errors';
import { cancelEveryoneReward, rescheduleEveryoneReward, scheduleEveryoneReward, toEveryoneReward } from './everyone';
import { namedEveryoneReward, namedEveryoneRewards } from './names';
import { rewardRefusal } from './refusals';

/**
 * What the reward screen reads of 'everyone' (the route table's `distributeRewards`): how many
 * players it would reach now, and the distributions with their state and counts, newest first; and
 * Outpost's own scheduling of one (the callable sends at once): scheduled for a time, moved, cancelled,
 * through the functions the calendar's reward-run source calls too (everyone.ts).
 */
export function registerEveryoneRoutes(
  app: FastifyInstance,
  options: {
    game: AppStores['game'];
    identity: AppStores['identity'];
  },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/admin/:env/rewards/everyone/players',
    { schema: { params: adminEnvironmentParamsSchema, response: { 200: everyonePlayersSchema } } },
    async () => ({ players: await countPlayerAccounts(options.identity) }),
  );
  typed.get(
    '/api/admin/:env/rewards/everyone',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: everyoneRewardListQuerySchema,
        response: { 200: everyoneRewardPageSchema },
      },
    },
    async (request) => {
      const { query } = request;
      const filtered = options.game[request.params.env]
        .selectFrom('reward_everyone')
        .innerJoin('reward_distributions', 'reward_distributions.request_id', 'reward_everyone.request_id');
      const { rows, ...page } = await fetchListPage(
        filtered,
        filtered
          .selectAll(['reward_distributions', 'reward_everyone'])
          .orderBy('reward_everyone.send_at', query.order)
          .orderBy('reward_everyone.request_id', query.order),
        query,
      );
      const stores = { game: options.game[request.params.env], identity: options.identity };
      return {
        ...page,
        rows: await namedEveryoneRewards(
          stores,
          rows.map((row) => toEveryoneReward(row, row)),
        ),
      };
    },
  );

  const storesOf = (env: Environment) => ({ game: options.game[env], identity: options.identity });

  typed.post(
    '/api/admin/:env/rewards/everyone/schedule',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: scheduleEveryoneRewardInputSchema,
        response: { 200: everyoneRewardRunSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const { sendAt, ...gift } = request.body;
      const change = await adminChangeOf(request, env);
      const stores = storesOf(env);
      const run = await answering(rewardRefusal(env, gift.items))(() =>
        scheduleEveryoneReward(stores, gift, new Date(sendAt), change),
      );
      return namedEveryoneReward(stores, run);
    },
  );
  typed.post(
    '/api/admin/:env/rewards/everyone/:requestID/reschedule',
    {
      schema: {
        params: everyoneRewardParamsSchema,
        body: rescheduleEveryoneRewardInputSchema,
        response: { 200: everyoneRewardRunSchema },
      },
    },
    async (request) => {
      const { env, requestID } = request.params;
      const stores = storesOf(env);
      const change = await adminChangeOf(request, env);
      const run = await rescheduleEveryoneReward(stores, requestID, new Date(request.body.sendAt), change);
      return namedEveryoneReward(stores, run);
    },
  );
  typed.post(
    '/api/admin/:env/rewards/everyone/:requestID/cancel',
    { schema: { params: everyoneRewardParamsSchema, response: { 200: everyoneRewardRunSchema } } },
    async (request) => {
      const { env, requestID } = request.params;
      const stores = storesOf(env);
      const run = await cancelEveryoneReward(stores, requestID, await adminChangeOf(request, env));
      return namedEveryoneReward(stores, run);
    },
  );
}
