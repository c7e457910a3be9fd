import { CLAIM_CODE_MESSAGES } from '@outpost/contracts/claim-codes';
import { describe, expect, it } from 'vitest';
import { CallableError } from '../../../lib/callable';
import { failureMessage, grantedMessage } from './redeem-message';

describe('grantedMessage', () => {
  const taco = { itemID: 'taco', name: 'Taco' };
  const boba = { itemID: 'boba-tea', name: 'Boba Tea' };
  it('says what the code granted, items by name, and the balance after it', () => {
    const rewards = ['taco', 'taco', 'boba-tea'];
    expect(
      grantedMessage({ code: 'abc-123', credits: 1250, rewards, rewardItems: [taco, taco, boba], balance: 2000 }),
    ).toBe('Code redeemed! You got 1,250 credits and the items 2 × Taco, Boba Tea. Your balance is now 2,000 credits.');
    expect(grantedMessage({ code: 'x', credits: 1, rewards: [], rewardItems: [], balance: 1 })).toBe(
      'Code redeemed! You got 1 credit. Your balance is now 1 credit.',
    );
    const salute = { itemID: 'emote-salute', name: 'Salute Emote' };
    const message = grantedMessage({
      code: 'x',
      credits: 0,
      rewards: ['emote-salute'],
      rewardItems: [salute],
      balance: 0,
    });
    expect(message).toBe('Code redeemed! You got the item Salute Emote. Your balance is now 0 credits.');
    expect(message).not.toContain('emote-salute');
  });

  it('counts one item given twice under its name, not two items that share a name', () => {
    const twin = { itemID: 'taco-gold', name: 'Taco' };
    expect(
      grantedMessage({ code: 'x', credits: 0, rewards: ['taco', 'taco-gold'], rewardItems: [taco, twin], balance: 0 }),
    ).toBe('Code redeemed! You got the items Taco, Taco. Your balance is now 0 credits.');
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
