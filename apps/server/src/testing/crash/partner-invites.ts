import { PARTNER_KEY, referralLinkID } from '@outpost/contracts/partners';
import { expect } from 'vitest';
import type { SignedIn } from '../../identity/testing';
import { putTestItems } from '../../items/testing';
import { createPartnerInvite } from '../../partners/invites';
import { joinRewardReference } from '../../partners/programme';
import { createReward } from '../../partners/rewards';
import { giveProfiles } from '../../partners/testing';
import { expectPaidOnce, paidOut } from './ledger';
import { addCredits, type CrashStores, type CrashWorkload, type CreditsMoved, claimRace } from './load';

const INVITES = 80;
const REWARD = 'crash-partner';
const TIER = 'welcome';
const CREDITS = 50;
const ITEM = 'crash-pin';
/** Players claiming one invite at once. */
const BURST = 3;

/** Partner invites paying a join reward, and a profile for every player (a claim needs one). */
export async function preparePartnerInvites(
  stores: CrashStores,
  players: readonly SignedIn[],
  prefix: string,
): Promise<string[]> {
  const context = { environment: 'development' as const, admin: 'crash-test' };
  await putTestItems(stores.game, [ITEM]);
  await createReward(
    stores.game,
    {
      rewardID: REWARD,
      name: 'Crash partner',
      tiers: [{ tierID: TIER, referrals: 1, credits: CREDITS, items: [ITEM] }],
    },
    context,
  );
  const invites = Array.from({ length: INVITES }, (_, index) => `${prefix}-partner-${index}`);
  for (const inviteID of invites) {
    await createPartnerInvite(
      stores.game,
      { inviteID, joinRewardID: REWARD, referralRewardID: REWARD, rewardTierID: TIER },
      context,
    );
  }
  await giveProfiles(stores.identity, players, prefix);
  return invites;
}

/**
 * Claims of partner invites, several players at once on each. A claim writes two stores: the
 * invite, the partner's link and the join reward in the game store, the 'partner' key in the
 * identity store. Every acknowledged claim is stored; an invite has one claimer at most, and each
 * claimer has the whole claim (the join reward's credits and item, the link, the key), while no
 * one holds the key, or the reward, without a claimed invite.
 */
export function partnerInviteLoad(players: readonly SignedIn[], invites: readonly string[]): CrashWorkload {
  const race = claimRace(players, invites, {
    size: BURST,
    path: (inviteID) => `/api/account/partner-invites/${inviteID}/claim`,
    acknowledged: (answer) => answer.status === 200,
  });
  const { won } = race;
  return {
    name: 'partner invite claims',
    turn: race.turn,
    underWay: () => won.length >= 10,
    async check(stores) {
      const { game } = stores;
      const rows = await game.selectFrom('partner_invites').selectAll().execute();
      const paid = await paidOut(game, 'partner-invite:');
      const links = await game.selectFrom('referral_links').select(['link_id', 'reward_id']).execute();

      const claimerOf = new Map(rows.map((row) => [row.invite_id, row.claimed_by]));
      expect(
        won.filter(({ inviteID, userId }) => claimerOf.get(inviteID) !== userId),
        'acknowledged claims missing',
      ).toEqual([]);

      const moved: CreditsMoved = new Map();
      const claimers: string[] = [];
      for (const invite of rows) {
        expect(invite.claimed === 1, `claimed flag of ${invite.invite_id}`).toBe(invite.claimed_by !== null);
        if (invite.claimed_by === null) continue;
        const userId = invite.claimed_by;
        claimers.push(userId);
        const reference = joinRewardReference(invite.invite_id, userId);
        expectPaidOnce(paid, { reference, userId, credits: CREDITS, items: [ITEM] });
        expect(links, `link of ${userId}`).toContainEqual({ link_id: referralLinkID(userId), reward_id: REWARD });
        addCredits(moved, userId, CREDITS);
      }
      expect(paid.credits.length, 'join rewards against claimed invites').toBe(claimers.length);
      expect(paid.items.length, 'join reward items against claimed invites').toBe(claimers.length);
      // The claim commits before its key is given, marked until it is: a kill between leaves the mark, never a key without its claim.
      const { keyed, claimed, marked } = await partnerKeys(stores, players);
      expect(
        keyed.filter((userId) => !claimed.includes(userId)),
        'partner keys without a claim',
      ).toEqual([]);
      expect(
        claimed.filter((userId) => !keyed.includes(userId) && !marked.includes(userId)),
        'claims without their key or its mark',
      ).toEqual([]);
      return moved;
    },
    async checkAfterRestart(stores) {
      // The start gave the marked claims their keys.
      const { keyed, claimed, marked } = await partnerKeys(stores, players);
      expect(marked, 'claims still waiting for their key').toEqual([]);
      expect(keyed, 'partner keys against claimed invites').toEqual(claimed);
    },
  };
}

/** The players holding the partner key, those who claimed an invite, and the claimers whose key is still to be given. */
async function partnerKeys({ game, identity }: CrashStores, players: readonly SignedIn[]) {
  const invites = await game.selectFrom('partner_invites').select(['claimed_by', 'key_pending']).execute();
  const profiles = await identity
    .selectFrom('profiles')
    .select(['user_id', 'keys'])
    .where(
      'user_id',
      'in',
      players.map((player) => player.userId),
    )
    .execute();
  const claimers = (rows: typeof invites) =>
    rows.flatMap((row) => (row.claimed_by === null ? [] : [row.claimed_by])).sort();
  return {
    keyed: profiles
      .filter((profile) => (JSON.parse(profile.keys) as string[]).includes(PARTNER_KEY))
      .map((profile) => profile.user_id)
      .sort(),
    claimed: claimers(invites),
    marked: claimers(invites.filter((row) => row.key_pending === 1)),
  };
}
