import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import { fieldErrorDetails, oneFieldDetails } from '@outpost/contracts/field-errors';
import { unknownItemsMessage } from '@outpost/contracts/items';
import {
  audienceTooLargeMessage,
  distributeRewardAnswerSchema,
  distributeRewardCallableName,
  distributeRewardInputSchema,
  emptyAudienceMessage,
  emptySegmentMessage,
  REQUEST_REUSED_CODE,
  REWARD_EVERYONE,
  rewardRequestReusedMessage,
  rewardSendRacedMessage,
  segmentTooLargeMessage,
  unknownSegmentMessage,
  unknownUsersMessage,
} from '@outpost/contracts/rewards';
import type { FastifyInstance } from 'fastify';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores } from '../database';
import { countPlayerAccounts } from '../identity/index';
import { UnknownItemsError } from '../items/index';
import { registerCallable } from '../platform/http/callable';
import { answering, FunctionError } from '../platform/http/errors';
import type { Segments } from '../segments/index';
import { AudienceTooLargeError, EmptyAudienceError, UnknownSegmentError } from './audiences';
import { distributeReward, RewardRequestReusedError, RewardSendRacedError } from './distribute';
import { queueEveryoneReward } from './everyone';
import { enqueueEveryoneReward } from './everyone-job';
import { registerEveryoneRoutes } from './everyone-routes';
import { namedDistribution, namedEveryoneReward } from './names';
import { rewardRecipients, UnknownUsersError } from './recipients';

/**
 * A reward's refusals as the protocol's errors. The players and items the admin typed that do not
 * exist are named in `details.fields` too ("userIDs", "items.1.itemID"), so the form marks them.
 */
function rewardRefusal(environment: Environment, items: readonly { itemID: string }[]) {
  return (error: unknown): unknown => {
    if (error instanceof UnknownUsersError) {
      const message = unknownUsersMessage(error.userIDs);
      return new FunctionError('invalid-argument', message, {
        unknownUserIDs: error.userIDs,
        ...oneFieldDetails('userIDs', message),
      });
    }
    if (error instanceof UnknownSegmentError) {
      const message = unknownSegmentMessage(error.segmentID, environment);
      return new FunctionError('invalid-argument', message, oneFieldDetails('segmentID', message));
    }
    if (error instanceof EmptyAudienceError) {
      const { audience } = error;
      return new FunctionError(
        'invalid-argument',
        typeof audience === 'string'
          ? emptyAudienceMessage(audience, environment)
          : emptySegmentMessage(audience.name, environment),
      );
    }
    if (error instanceof AudienceTooLargeError) {
      const { audience, size } = error;
      const message =
        typeof audience === 'string'
          ? audienceTooLargeMessage(audience, environment, size)
          : segmentTooLargeMessage(audience.name, environment, size);
      return new FunctionError('invalid-argument', message, { audienceSize: size });
    }
    if (error instanceof UnknownItemsError) {
      const message = `${unknownItemsMessage(error.itemIDs, environment)} Nothing was given.`;
      const unknown = new Set(error.itemIDs);
      const fields = items.flatMap((item, index) =>
        unknown.has(item.itemID) ? [{ path: ['items', index, 'itemID'], message }] : [],
      );
      return new FunctionError('invalid-argument', message, {
        unknownItemIDs: error.itemIDs,
        ...fieldErrorDetails(fields),
      });
    }
    if (error instanceof RewardRequestReusedError) {
      return new FunctionError('aborted', rewardRequestReusedMessage(error.requestID, error.distributedAt), {
        code: REQUEST_REUSED_CODE,
      });
    }
    if (error instanceof RewardSendRacedError) {
      return new FunctionError('aborted', rewardSendRacedMessage(error.requestID));
    }
    return error;
  };
}

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
