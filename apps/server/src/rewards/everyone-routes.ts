import { adminEnvironmentParamsSchema } from '@outpost/contracts/environments';
import {
  everyonePlayersSchema,
  everyoneRewardListQuerySchema,
  everyoneRewardPageSchema,
} from '@outpost/contracts/rewards';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppStores } from '../database';
import { countPlayerAccounts } from '../identity/index';
import { fetchListPage } from '../platform/db/list-page';
import { toEveryoneReward } from './everyone';
import { namedEveryoneRewards } from './names';

/**
 * What the reward screen reads of 'everyone' (the route table's `distributeRewards`): how many
 * players it would reach now, and the distributions with their state and counts, newest first.
 */
export function registerEveryoneRoutes(
  app: FastifyInstance,
  options: { game: AppStores['game']; identity: AppStores['identity'] },
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
          .orderBy('reward_distributions.distributed_at', query.order)
          .orderBy('reward_distributions.request_id', query.order),
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
}
