import { oneFieldDetails } from '@outpost/contracts/field-errors';
import { unknownItemsMessage } from '@outpost/contracts/items';
import {
  claimedPartnerInviteMessage,
  claimedTiersMessage,
  PARTNER_MESSAGES,
  type PartnerRefusal,
  partnerInviteTakenMessage,
  rewardTakenMessage,
  unknownPartnerInvitesMessage,
  unknownRewardMessage,
  unknownTierMessage,
} from '@outpost/contracts/partners';
import { UnknownItemsError } from '../items/index';
import { FunctionError } from '../platform/http/errors';
import { ClaimedPartnerInviteError, PartnerInviteExistsError, UnknownPartnerInvitesError } from './invites';
import { PartnerRefusedError } from './refusal';
import { ClaimedTiersError, RewardExistsError, RewardNotFoundError, TierNotFoundError } from './rewards';

/*
 * The partner programme's refusals as the protocol's statuses and the players' and admins' words;
 * anything else is a fault and stays a 500.
 */

const STATUS_OF: Record<PartnerRefusal, 'not-found' | 'aborted' | 'permission-denied'> = {
  'referral-not-found': 'not-found',
  'programme-closed': 'aborted',
  'referral-own': 'aborted',
  'already-referred': 'aborted',
  'not-a-new-player': 'aborted',
  'not-a-partner': 'permission-denied',
  'tier-not-found': 'not-found',
  'tier-not-reached': 'aborted',
  'tier-already-claimed': 'aborted',
  'partner-invite-not-found': 'not-found',
  'partner-invite-claimed': 'aborted',
  'already-partner': 'aborted',
  'profile-required': 'aborted',
};

/** A player's refusal, with `details.code` for the screen to branch on. */
export function playerRefusal(error: unknown): unknown {
  if (error instanceof PartnerRefusedError) {
    return new FunctionError(STATUS_OF[error.refusal], error.message, { code: error.refusal });
  }
  // A partner invite naming a join reward an admin has since removed.
  if (error instanceof TierNotFoundError || error instanceof RewardNotFoundError) {
    return new FunctionError(
      'aborted',
      'This partner invite names a reward that no longer exists; nothing was claimed. Ask the team that sent it.',
    );
  }
  return error;
}

/** A back-office change refused. */
export function adminRefusal(environment: string) {
  return (error: unknown): unknown => {
    if (error instanceof PartnerInviteExistsError) {
      // A taken code names its field, so the form marks it and moves the focus there.
      const message = partnerInviteTakenMessage(error.inviteID);
      return new FunctionError('aborted', message, { code: 'invite-exists', ...oneFieldDetails('inviteID', message) });
    }
    if (error instanceof ClaimedPartnerInviteError) {
      return new FunctionError('aborted', claimedPartnerInviteMessage(error.inviteID), {
        code: 'partner-invite-claimed',
      });
    }
    if (error instanceof UnknownPartnerInvitesError) {
      return new FunctionError(
        'not-found',
        error.inviteIDs.length === 1
          ? PARTNER_MESSAGES.partnerInviteMissing
          : unknownPartnerInvitesMessage(error.inviteIDs),
        { inviteIDs: error.inviteIDs },
      );
    }
    if (error instanceof ClaimedTiersError) {
      return new FunctionError('aborted', claimedTiersMessage(error.tierIDs), { claimedTierIDs: error.tierIDs });
    }
    if (error instanceof RewardExistsError) {
      const message = rewardTakenMessage(error.rewardID);
      return new FunctionError('aborted', message, oneFieldDetails('rewardID', message));
    }
    if (error instanceof RewardNotFoundError) {
      return new FunctionError(error.isTarget ? 'not-found' : 'invalid-argument', unknownRewardMessage(error.rewardID));
    }
    if (error instanceof TierNotFoundError) {
      return new FunctionError('invalid-argument', unknownTierMessage(error.rewardID, error.tierID));
    }
    if (error instanceof UnknownItemsError) {
      return new FunctionError('invalid-argument', unknownItemsMessage(error.itemIDs, environment), {
        unknownItemIDs: error.itemIDs,
      });
    }
    return error;
  };
}
