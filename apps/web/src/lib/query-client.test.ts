import { ACCOUNT_SUSPENDED_CODE } from '@outpost/contracts/account-lifecycle-text';
import { describe, expect, it } from 'vitest';
import { CallableError } from './callable';
import { endsTheSession } from './query-client';

describe('a refusal that ends the page’s session', () => {
  it('is one for want of a session, or for a suspended account; other refusals are not', () => {
    expect(endsTheSession(new CallableError('unauthenticated', 'Please sign in first.'))).toBe(true);
    const suspended = new CallableError('permission-denied', 'Your account is suspended until …', {
      code: ACCOUNT_SUSPENDED_CODE,
      endsAt: null,
      reason: 'Spam',
    });
    expect(endsTheSession(suspended)).toBe(true);
    expect(endsTheSession(new CallableError('permission-denied', 'Your account is not allowed to do this.'))).toBe(
      false,
    );
    expect(endsTheSession(new CallableError('aborted', 'Sold out.', { code: 'sold-out' }))).toBe(false);
    expect(endsTheSession(new Error('network'))).toBe(false);
  });
});
