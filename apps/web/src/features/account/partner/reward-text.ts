import type { PartnerInviteClaim, TierClaim, TierState } from '@outpost/contracts/partners';

const list = new Intl.ListFormat('en', { type: 'conjunction' });
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What a reward gives, as a player reads it: "500 credits and Ranger Beanie"; '' when nothing. */
export function giftText(credits: number, items: readonly string[]): string {
  return list.format([...(credits > 0 ? [plural(credits, 'credit', 'credits')] : []), ...items]);
}

/** A tier's reward, named for its row and its Claim button. */
export const tierGift = (tier: TierState) =>
  giftText(
    tier.credits,
    tier.items.map((item) => item.name),
  ) || 'a thank-you';

/**
 * What a tier claim added, its items named from the tier's own list (the answer has their IDs, and
 * leaves out items the player already had).
 */
export function tierClaimedText(tier: TierState, claimed: TierClaim): string {
  const names = claimed.items.map((itemID) => tier.items.find((item) => item.itemID === itemID)?.name ?? itemID);
  const gift = giftText(claimed.credits, names);
  return gift ? `Claimed: ${gift} added.` : 'Claimed. You already had everything this tier gives.';
}

/** The outcome of a claimed partner invite: a partner now, and the join reward when the invite had one. */
export function partnerJoinedText(claim: PartnerInviteClaim): string {
  const reward = claim.joinReward
    ? giftText(
        claim.joinReward.credits,
        claim.joinReward.items.length > 0 ? [plural(claim.joinReward.items.length, 'item', 'items')] : [],
      )
    : '';
  return `You are a partner now: share your referral link below.${reward ? ` Your welcome reward, ${reward}, is in your account.` : ''}`;
}
