import type { TierState } from '@outpost/contracts/partners';
import { describe, expect, it } from 'vitest';
import { giftText, partnerJoinedText, tierClaimedText, tierGift } from './reward-text';

const tier: TierState = {
  tierID: 'squad-leader',
  referrals: 5,
  credits: 0,
  items: [
    { itemID: 'hat-ranger-beanie', name: 'Ranger Beanie' },
    { itemID: 'drone-skin-aurora', name: 'Aurora drone skin' },
  ],
  state: 'claimable',
  claimedAt: null,
};
const claimedAt = '2026-11-24T12:00:00.000Z';

describe('partner reward text', () => {
  it('names credits and items, and says nothing for an empty reward', () => {
    expect(giftText(100, [])).toBe('100 credits');
    expect(giftText(1, ['Ranger Beanie'])).toBe('1 credit and Ranger Beanie');
    expect(giftText(0, ['A', 'B'])).toBe('A and B');
    expect(giftText(0, [])).toBe('');
    expect(tierGift({ ...tier, items: [] })).toBe('a thank-you');
  });

  it('names the items an items-only tier claim added, not "0 credits"', () => {
    const claimed = { tierID: tier.tierID, credits: 0, items: ['hat-ranger-beanie', 'drone-skin-aurora'], claimedAt };
    expect(tierClaimedText(tier, claimed)).toBe('Claimed: Ranger Beanie and Aurora drone skin added.');
    expect(tierClaimedText(tier, { ...claimed, items: [] })).toBe(
      'Claimed. You already had everything this tier gives.',
    );
    expect(tierClaimedText({ ...tier, credits: 100, items: [] }, { ...claimed, credits: 100, items: [] })).toBe(
      'Claimed: 100 credits added.',
    );
  });

  it("says a new partner's join reward, or only that they are a partner", () => {
    const claim = { inviteID: 'crew', referralID: 'abc', joinReward: null };
    expect(partnerJoinedText(claim)).toBe('You are a partner now: share your referral link below.');
    expect(partnerJoinedText({ ...claim, joinReward: { credits: 100, items: ['hat-ranger-beanie'] } })).toBe(
      'You are a partner now: share your referral link below. Your welcome reward, 100 credits and 1 item, is in your account.',
    );
  });
});
