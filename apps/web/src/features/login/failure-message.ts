import { authErrorMessage } from '@outpost/contracts/identity';
import { errorCode } from '../../lib/api';
import { CallableError, isUnanswered, NETWORK_ERROR_MESSAGE } from '../../lib/callable';

/** What an auth route's failure says: the spec's table for its code (§8), word for word, else its catch-all. */
export function authFailureMessage(error: unknown): string {
  return authErrorMessage(errorCode(error) ?? (error instanceof CallableError ? error.status : 'internal'));
}

/** Whether an auth failure says the reset link is no longer good (used, expired or mistyped). */
export function isInvalidResetLink(error: unknown): boolean {
  return errorCode(error) === 'invalid-action-code';
}

/** What a product function's failure says: the server's own message (e.g. a taken display name). */
export function functionFailureMessage(error: unknown): string {
  if (!(error instanceof CallableError)) return authErrorMessage('internal');
  return isUnanswered(error) ? NETWORK_ERROR_MESSAGE : error.message;
}
