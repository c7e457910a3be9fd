import { CLAIM_CODE_MESSAGES } from '@outpost/contracts/claim-codes';
import { describe, expect, it } from 'vitest';
import { CallableError } from '../../../lib/callable';
import { failureMessage, grantedMessage } from './redeem-message';

describe('grantedMessage', () => {
  it('says what the code granted and the balance after it', () => {
    expect(
      grantedMessage({ code: 'abc-123', credits: 1250, rewards: ['taco', 'taco', 'boba-tea'], balance: 2000 }),
    ).toBe('Code redeemed! You got 1,250 credits and the items 2 × taco, boba-tea. Your balance is now 2,000 credits.');
    expect(grantedMessage({ code: 'x', credits: 1, rewards: [], balance: 1 })).toBe(
      'Code redeemed! You got 1 credit. Your balance is now 1 credit.',
    );
    expect(grantedMessage({ code: 'x', credits: 0, rewards: ['hat'], balance: 0 })).toBe(
      'Code redeemed! You got the item hat. Your balance is now 0 credits.',
    );
  });
});

describe('failureMessage', () => {
  it('shows the server’s message, and asks a visitor to sign in', () => {
    expect(failureMessage(new CallableError('aborted', CLAIM_CODE_MESSAGES.usedUp))).toBe(CLAIM_CODE_MESSAGES.usedUp);
    expect(failureMessage(new CallableError('unauthenticated', 'Please sign in first.'))).toBe(
      'Sign in to redeem a code.',
    );
  });
});
