import { ENVIRONMENTS } from '@outpost/contracts/environments';
import {
  distributeRewardAnswerSchema,
  distributeRewardCallableName,
  distributeRewardInputSchema,
  REWARD_EVERYONE,
} from '@outpost/contracts/rewards';
import type { FastifyInstance } from 'fastify';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores } from '../database';
import { countPlayerAccounts } from '../identity/index';
import { registerCallable } from '../platform/http/callable';
import { answering } from '../platform/http/errors';
import type { Segments } from '../segments/index';
import { distributeReward } from './distribute';
import { queueEveryoneReward } from './everyone';
import { enqueueEveryoneReward } from './everyone-job';
import { registerEveryoneRoutes } from './everyone-routes';
import { namedDistribution, namedEveryoneReward } from './names';
import { rewardRecipients } from './recipients';
import { rewardRefusal } from './refusals';

export interface RewardRoutesOptions {
  game: AppStores['game'];
  /** Where the players' accounts are: every recipient must have one. */
  identity: AppStores['identity'];
  /** The segments a reward may go to, and their players. */
  segments: Segments;
}

/**
 * '{env}-admin-distributereward' (docs/product.md §7.6), one callable per environment, for admins only (the
 * route table's `distributeRewards`): credits and items to up to REWARD_MAX_RECIPIENTS players,
 * listed, an audience or a segment, once per requestID; or to everyone, recorded and queued for the job that
 * gives it in batches, answered at once with the distribution's state.
 */
export function registerRewardRoutes(app: FastifyInstance, options: RewardRoutesOptions): void {
  for (const environment of ENVIRONMENTS) {
    registerCallable(app, {
      name: distributeRewardCallableName(environment),
      input: distributeRewardInputSchema,
      output: distributeRewardAnswerSchema,
      handler: async ({ userIDs, audience, segmentID, ...gift }, http) => {
        const change = await adminChangeOf(http, environment);
        const stores = { game: options.game[environment], identity: options.identity };
        return answering(rewardRefusal(environment, gift.items))(async () => {
          if (audience === REWARD_EVERYONE) {
            const players = await countPlayerAccounts(options.identity);
            const queued = await queueEveryoneReward(stores.game, gift, players, change);
            // Also on a repeat: the job may have been lost between the two stores' writes.
            if (queued.state !== 'done') {
              await enqueueEveryoneReward(options.identity, { environment, requestID: queued.requestID });
            }
            return namedEveryoneReward(stores, queued);
          }
          const recipients = await rewardRecipients(
            { identity: options.identity, segments: options.segments, environment },
            { userIDs, audience, segmentID },
          );
          return namedDistribution(stores, await distributeReward(stores.game, gift, recipients, change));
        });
      },
    });
  }
  registerEveryoneRoutes(app, options);
}
