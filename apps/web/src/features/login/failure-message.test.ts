import { ACCOUNT_SUSPENDED_CODE, accountSuspendedMessage } from '@outpost/contracts/account-lifecycle-text';
import { AUTH_MESSAGES } from '@outpost/contracts/identity';
import { describe, expect, it } from 'vitest';
import { CallableError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from '../../lib/callable';
import { formatSuspensionEnd } from '../../lib/session';
import { authFailureMessage, signInFailureMessage } from './failure-message';

const SERVER_WORDS = 'Your account is suspended until 3 December 2026 at 14:00 UTC. Reason: Spam.';
const suspended = (details: unknown) => new CallableError('permission-denied', SERVER_WORDS, details);
const inBrackets = (iso: string) => `[${iso}]`;

describe('signInFailureMessage', () => {
  it('tells a suspended player until when, worded by the reader’s formatter, and why', () => {
    const error = suspended({ code: ACCOUNT_SUSPENDED_CODE, endsAt: '2026-12-03T14:00:00.000Z', reason: 'Spam.' });
    expect(signInFailureMessage(error, inBrackets)).toBe(
      'Your account is suspended until [2026-12-03T14:00:00.000Z]. Reason: Spam.',
    );
    expect(signInFailureMessage(error, inBrackets)).toBe(
      accountSuspendedMessage('2026-12-03T14:00:00.000Z', 'Spam.', inBrackets),
    );
  });

  it('says a suspension without an end lasts until it is lifted', () => {
    const error = suspended({ code: ACCOUNT_SUSPENDED_CODE, endsAt: null, reason: 'Cheating' });
    expect(signInFailureMessage(error, inBrackets)).toBe(
      'Your account is suspended until the Outpost team lifts the suspension. Reason: Cheating',
    );
  });

  it('falls back on the server’s own words when the end cannot be read', () => {
    expect(signInFailureMessage(suspended({ code: ACCOUNT_SUSPENDED_CODE }), inBrackets)).toBe(SERVER_WORDS);
    expect(signInFailureMessage(suspended({ code: ACCOUNT_SUSPENDED_CODE, endsAt: 42, reason: 'x' }), inBrackets)).toBe(
      SERVER_WORDS,
    );
  });

  it('keeps the message of docs/product.md §8.1 for an unknown or deleted account, and for a wrong password', () => {
    const unknown = new CallableError('not-found', 'No user.', { code: 'user-not-found' });
    expect(signInFailureMessage(unknown)).toBe('User does not exist. Did you mean to sign up?');
    expect(signInFailureMessage(unknown)).toBe(AUTH_MESSAGES['user-not-found']);
    const wrong = new CallableError('permission-denied', 'Wrong.', { code: 'wrong-password' });
    expect(signInFailureMessage(wrong)).toBe(AUTH_MESSAGES['wrong-password']);
  });

  it('words any other refusal as every auth form does', () => {
    const other = new CallableError('permission-denied', 'Refused.', { code: 'cross-site' });
    const offline = new CallableError('unavailable', NETWORK_ERROR_MESSAGE, { code: NETWORK_ERROR_CODE });
    for (const error of [other, offline, new Error('boom'), undefined]) {
      expect(signInFailureMessage(error)).toBe(authFailureMessage(error));
      expect(signInFailureMessage(error)).not.toContain('suspended');
    }
  });
});

describe('formatSuspensionEnd', () => {
  it('gives a long date and a short time in the reader’s zone', () => {
    const text = formatSuspensionEnd('2026-12-03T14:00:00.000Z', 'en-GB', 'UTC');
    expect(text).toContain('3 December 2026');
    expect(text).toContain('14:00');
    expect(formatSuspensionEnd('2026-12-03T14:00:00.000Z', 'en-GB', 'Asia/Tokyo')).toContain('23:00');
  });

  it('leaves text that is no date as it is', () => {
    expect(formatSuspensionEnd('soon', 'en-GB', 'UTC')).toBe('soon');
  });
});
