import { ENVIRONMENTS } from '@outpost/contracts/environments';
import { unknownItemsMessage } from '@outpost/contracts/items';
import {
  distributeRewardCallableName,
  distributeRewardInputSchema,
  distributeRewardResultSchema,
  REQUEST_REUSED_CODE,
  rewardRequestReusedMessage,
  unknownUsersMessage,
} from '@outpost/contracts/rewards';
import type { FastifyInstance } from 'fastify';
import { adminChangeOf } from '../../backoffice/admin-log';
import { registerCallable } from '../../platform/http/callable';
import { answering, FunctionError } from '../../platform/http/errors';
import type { AppStores } from '../../stores';
import { UnknownItemsError } from '../items/queries';
import { distributeReward, RewardRequestReusedError } from './distribute';
import { findMissingUsers } from './recipients';

export interface RewardRoutesOptions {
  game: AppStores['game'];
  /** Where the players' accounts are: every recipient must have one. */
  identity: AppStores['identity'];
}

/**
 * Spec §7: '{env}-admin-distributereward', one callable per environment, for admins only (the
 * route table's `distributeRewards`): credits and items to up to REWARD_MAX_RECIPIENTS players,
 * once per requestID.
 */
export function registerRewardRoutes(app: FastifyInstance, options: RewardRoutesOptions): void {
  for (const environment of ENVIRONMENTS) {
    const answer = answering((error) => {
      if (error instanceof UnknownItemsError) {
        return new FunctionError(
          'invalid-argument',
          `${unknownItemsMessage(error.itemIDs, environment)} Nothing was given.`,
          {
            unknownItemIDs: error.itemIDs,
          },
        );
      }
      if (error instanceof RewardRequestReusedError) {
        return new FunctionError('aborted', rewardRequestReusedMessage(error.requestID, error.distributedAt), {
          code: REQUEST_REUSED_CODE,
        });
      }
      return error;
    });

    registerCallable(app, {
      name: distributeRewardCallableName(environment),
      input: distributeRewardInputSchema,
      output: distributeRewardResultSchema,
      handler: async (request, http) => {
        const change = await adminChangeOf(http, environment);
        const unknownUserIDs = await findMissingUsers(options.identity, request.userIDs);
        if (unknownUserIDs.length > 0) {
          throw new FunctionError('invalid-argument', unknownUsersMessage(unknownUserIDs), { unknownUserIDs });
        }
        return answer(() => distributeReward(options.game[environment], request, change));
      },
    });
  }
}
