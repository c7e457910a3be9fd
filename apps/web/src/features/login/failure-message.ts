import { ACCOUNT_SUSPENDED_CODE, accountSuspendedMessage } from '@outpost/contracts/account-lifecycle-text';
import { authErrorMessage } from '@outpost/contracts/identity';
import { z } from 'zod/mini';
import { errorCode } from '../../lib/api';
import { CallableError, isUnanswered, NETWORK_ERROR_MESSAGE } from '../../lib/callable';
import { formatSuspensionEnd } from '../../lib/session';

/**
 * What an auth route's failure says: the table of docs/product.md §8.1 for its code, word for word, else
 * its catch-all.
 */
export function authFailureMessage(error: unknown): string {
  return authErrorMessage(errorCode(error) ?? (error instanceof CallableError ? error.status : 'internal'));
}

const suspendedDetailsSchema = z.object({
  code: z.literal(ACCOUNT_SUSPENDED_CODE),
  endsAt: z.nullable(z.string()),
  reason: z.string(),
});

/**
 * What a refused sign-in says. A suspended account (403, `details: {code: 'account-suspended',
 * endsAt, reason}`) is told until when, in the reader's own time rather than the server's UTC
 * words, and why; every other refusal (an unknown or deleted account included: 'User does not
 * exist…') says what docs/product.md §8.1 gives it.
 */
export function signInFailureMessage(error: unknown, formatEnd: (iso: string) => string = formatSuspensionEnd): string {
  if (errorCode(error) === ACCOUNT_SUSPENDED_CODE && error instanceof CallableError) {
    const details = z.safeParse(suspendedDetailsSchema, error.details);
    // Details without a readable end: the server's own words, which name it in UTC.
    if (!details.success) return error.message;
    return accountSuspendedMessage(details.data.endsAt, details.data.reason, formatEnd);
  }
  return authFailureMessage(error);
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
