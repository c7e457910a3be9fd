import {
  BETA_MESSAGES,
  type InviteRefusal,
  inactiveMissionMessage,
  inviteTakenMessage,
  objectiveTakenMessage,
  unknownCategoryMessage,
  unknownFeedbackMessage,
  unknownSentimentMessage,
} from '@outpost/contracts/beta';
import { oneFieldDetails } from '@outpost/contracts/field-errors';
import { FunctionError } from '../platform/http/errors';
import {
  FeedbackClosedError,
  InactiveMissionError,
  UnknownFeedbackError,
  UnknownFeedbackOptionError,
} from './feedback';
import { InviteClaimRefusedError, InviteExistsError } from './invites';
import { ObjectiveExistsError, ObjectiveNotFoundError } from './objectives';
import { BetaRequestAlreadyAcceptedError, BetaRequestNotFoundError } from './requests';

/*
 * The beta programme's refusals as the protocol's statuses and the players' and staff's words;
 * anything else is a fault and stays a 500.
 */

/** Why a player cannot claim an invite (docs/product.md §4.2), with `details.code` for the screen to branch on. */
export function inviteRefusal(refusal: InviteRefusal, byYou = false): FunctionError {
  const details = { code: refusal };
  switch (refusal) {
    case 'invite-not-found':
      return new FunctionError('not-found', BETA_MESSAGES.inviteNotFound, details);
    case 'invite-expired':
      return new FunctionError('aborted', BETA_MESSAGES.inviteExpired, details);
    case 'invite-own':
      return new FunctionError('aborted', BETA_MESSAGES.inviteOwn, details);
    case 'invite-already-claimed':
      return new FunctionError(
        'aborted',
        byYou ? BETA_MESSAGES.inviteClaimedByYou : BETA_MESSAGES.inviteAlreadyClaimed,
        details,
      );
  }
}

export function claimRefusal(error: unknown): unknown {
  return error instanceof InviteClaimRefusedError ? inviteRefusal(error.refusal, error.byYou) : error;
}

/** A player's feedback refused: closed, or a choice beta-config/v1 or the objectives do not offer. */
export function feedbackRefusal(error: unknown): unknown {
  if (error instanceof FeedbackClosedError) {
    return new FunctionError('aborted', BETA_MESSAGES.feedbackClosed, { code: 'feedback-closed' });
  }
  if (error instanceof UnknownFeedbackOptionError) {
    const message = error.option === 'category' ? unknownCategoryMessage : unknownSentimentMessage;
    return new FunctionError('invalid-argument', message(error.value, error.known));
  }
  if (error instanceof InactiveMissionError) {
    return new FunctionError('invalid-argument', inactiveMissionMessage(error.mission));
  }
  return error;
}

const taken = (field: string, message: string) =>
  new FunctionError('aborted', message, oneFieldDetails(field, message));

/** A back-office change refused. */
export function betaAdminRefusal(error: unknown): unknown {
  // A taken ID names its field, so the form marks it and moves the focus there.
  if (error instanceof InviteExistsError) return taken('inviteID', inviteTakenMessage(error.inviteID));
  if (error instanceof ObjectiveExistsError) return taken('objectiveID', objectiveTakenMessage(error.objectiveID));
  if (error instanceof ObjectiveNotFoundError) return new FunctionError('not-found', BETA_MESSAGES.objectiveNotFound);
  if (error instanceof BetaRequestNotFoundError) return new FunctionError('not-found', BETA_MESSAGES.requestNotFound);
  if (error instanceof BetaRequestAlreadyAcceptedError) {
    return new FunctionError('aborted', BETA_MESSAGES.requestAlreadyAccepted, { code: 'already-accepted' });
  }
  if (error instanceof UnknownFeedbackError) {
    return new FunctionError('not-found', unknownFeedbackMessage(error.feedbackIDs), {
      feedbackIDs: error.feedbackIDs,
    });
  }
  return error;
}
