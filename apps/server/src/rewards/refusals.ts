import type { Environment } from '@outpost/contracts/environments';
import { fieldErrorDetails, oneFieldDetails } from '@outpost/contracts/field-errors';
import { unknownItemsMessage } from '@outpost/contracts/items';
import {
  audienceTooLargeMessage,
  emptyAudienceMessage,
  emptySegmentMessage,
  REQUEST_REUSED_CODE,
  rewardRequestReusedMessage,
  rewardSendRacedMessage,
  segmentTooLargeMessage,
  unknownSegmentMessage,
  unknownUsersMessage,
} from '@outpost/contracts/rewards';
import { UnknownItemsError } from '../items/index';
import { FunctionError } from '../platform/http/errors';
import { AudienceTooLargeError, EmptyAudienceError, UnknownSegmentError } from './audiences';
import { RewardRequestReusedError, RewardSendRacedError } from './distribute';
import { UnknownUsersError } from './recipients';

/**
 * A reward's refusals as the protocol's errors. The players and items the admin typed that do not
 * exist are named in `details.fields` too ("userIDs", "items.1.itemID"), so the form marks them.
 */
export function rewardRefusal(environment: Environment, items: readonly { itemID: string }[]) {
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
