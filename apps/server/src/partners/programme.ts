import {
  type AccountReferral,
  PARTNER_MESSAGES,
  type PartnerInviteClaim,
  RECENT_REFERRALS,
  type ReferralJoin,
  type ReferralLanding,
  type TierClaim,
} from '@outpost/contracts/partners';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import { displayNamesOf, findProfile, findStoredKeys } from '../identity/index';
import { itemNamesOf } from '../items/index';
import { readPartnersConfig } from './config';
import { findPartnerInvite } from './invites';
import { grantPartnerKey } from './key-grants';
import {
  claimTier,
  countReferrals,
  ensureLink,
  findJoin,
  findLinkByReferralID,
  joinLink,
  listRecentJoins,
  listTierClaims,
  lockLink,
  setLinkReward,
  toReferralLink,
} from './links';
import { isNewPlayer, isPartner, UNNAMED_PLAYER } from './partner-key';
import { PartnerRefusedError } from './refusal';
import { findReward, findTier, payTier } from './rewards';

/*
 * The players' side of the partner programme: it joins the identity store (display names, the 'partner' key)
 * with the game store of APP_ENV (links, joins, rewards).
 */

export interface ProgrammeStores {
  identity: Kysely<IdentityDatabase>;
  game: Kysely<GameDatabase>;
}

/**
 * The reference of a partner invite's join reward: paid once, to its one claimer. The claimer is
 * part of it, so were a code ever used again, its next claimer would be paid under their own.
 */
export const joinRewardReference = (inviteID: string, userId: string) => `partner-invite:${inviteID}:${userId}`;

const notFound = () => new PartnerRefusedError('referral-not-found', PARTNER_MESSAGES.referralNotFound);

/** A link whose creator is (still) a partner, with the partner's display name; refused otherwise. */
async function activeLink(stores: ProgrammeStores, referralID: string) {
  const link = await findLinkByReferralID(stores.game, referralID);
  if (!link) throw notFound();
  const partner = await findProfile(stores.identity, link.creator);
  if (!partner || !isPartner(partner.keys)) throw notFound();
  return { link, partnerDisplayName: partner.displayName };
}

/**
 * Where a signed-in viewer stands towards a link. Their own link and an earlier join come before
 * the account's age: a partner or a player who joined (then new) is told that, not that they are
 * too old to join.
 */
async function viewerState(
  stores: ProgrammeStores,
  link: { link_id: string; creator: string },
  viewerId: string,
  now: Date,
): Promise<NonNullable<ReferralLanding['viewer']>> {
  if (viewerId === link.creator) return 'own-link';
  const join = await findJoin(stores.game, viewerId);
  if (join) return join.link_id === link.link_id ? 'joined-here' : 'joined-elsewhere';
  return (await isNewPlayer(stores.identity, viewerId, now)) ? 'can-join' : 'not-new';
}

/** What the /join page shows; for a signed-in viewer, whether they can join through it. */
export async function referralLanding(
  stores: ProgrammeStores,
  referralID: string,
  viewerId: string | null,
  now: Date,
): Promise<ReferralLanding> {
  const { link, partnerDisplayName } = await activeLink(stores, referralID);
  const config = await readPartnersConfig(stores.game);
  const viewer = viewerId ? await viewerState(stores, link, viewerId, now) : null;
  return {
    referralID,
    partnerDisplayName,
    joinMessage: config.joinMessage,
    programmeOpen: config.programmeOpen,
    viewer,
  };
}

/**
 * A player joins through a partner's link: while the programme is open, never their own, once in
 * all, and only as a new player: an account at most REFERRAL_NEW_PLAYER_DAYS days old.
 */
export async function joinThroughLink(
  stores: ProgrammeStores,
  referralID: string,
  userId: string,
  now: Date,
): Promise<ReferralJoin> {
  const { partnerDisplayName } = await activeLink(stores, referralID);
  if (!(await readPartnersConfig(stores.game)).programmeOpen) {
    throw new PartnerRefusedError('programme-closed', PARTNER_MESSAGES.programmeClosed);
  }
  if (!(await isNewPlayer(stores.identity, userId, now))) {
    throw new PartnerRefusedError('not-a-new-player', PARTNER_MESSAGES.notANewPlayer);
  }
  const { joined } = await joinLink(stores.game, { referralID, userId, now });
  return { referralID, partnerDisplayName, joined };
}

/** The partner's link, created on demand with config/partners' default reward (docs/product.md §4.4). */
async function partnerLink(stores: ProgrammeStores, userId: string, keys: readonly string[], now: Date) {
  if (!isPartner(keys)) throw new PartnerRefusedError('not-a-partner', PARTNER_MESSAGES.notAPartner);
  const { defaultRewardID } = await readPartnersConfig(stores.game);
  return ensureLink(stores.game, { creator: userId, rewardID: defaultRewardID, now });
}

/** GET /api/account/referral-link: a partner's link, referral count, tiers and latest referrals. */
export async function accountReferral(
  stores: ProgrammeStores,
  userId: string,
  keys: readonly string[],
  now: Date,
): Promise<AccountReferral> {
  if (!isPartner(keys)) return { partner: false };
  const row = await partnerLink(stores, userId, keys, now);
  const [count, claims, reward, recent] = await Promise.all([
    countReferrals(stores.game, row.link_id),
    listTierClaims(stores.game, [row.link_id]),
    findReward(stores.game, row.reward_id),
    listRecentJoins(stores.game, row.link_id, RECENT_REFERRALS),
  ]);
  const tiers = reward?.tiers ?? [];
  const [names, players] = await Promise.all([
    itemNamesOf(
      stores.game,
      tiers.flatMap((tier) => tier.items),
    ),
    displayNamesOf(
      stores.identity,
      recent.map((join) => join.user_id),
    ),
  ]);
  const claimedAt = new Map(claims.map((claim) => [claim.tier_id, claim.claimed_at]));
  return {
    partner: true,
    link: toReferralLink(
      row,
      count,
      claims.map((claim) => claim.tier_id),
    ),
    rewardName: reward?.name ?? null,
    tiers: tiers.map((tier) => ({
      tierID: tier.tierID,
      referrals: tier.referrals,
      credits: tier.credits,
      items: tier.items.map((itemID) => ({ itemID, name: names.get(itemID) ?? itemID })),
      state: claimedAt.has(tier.tierID) ? 'claimed' : count >= tier.referrals ? 'claimable' : 'locked',
      claimedAt: claimedAt.get(tier.tierID) ?? null,
    })),
    recentReferrals: recent.map((join) => ({
      displayName: players.get(join.user_id) ?? UNNAMED_PLAYER,
      joined: join.joined,
    })),
  };
}

/** A partner claims a reached tier of their link's reward, once. */
export async function claimReferralTier(
  stores: ProgrammeStores,
  userId: string,
  keys: readonly string[],
  tierID: string,
  now: Date,
): Promise<TierClaim> {
  const link = await partnerLink(stores, userId, keys, now);
  return claimTier(stores.game, { linkID: link.link_id, creator: userId, tierID, now });
}

/**
 * Refuses a player who became a partner while their claim waited for their link: a claim of
 * theirs that committed meanwhile is marked until its key is given, and the mark is cleared only
 * after, so reading the mark first and the keys second misses neither.
 */
async function refusePartnerMeanwhile(trx: Kysely<GameDatabase>, identity: Kysely<IdentityDatabase>, userId: string) {
  const marked = await trx
    .selectFrom('partner_invites')
    .select('invite_id')
    .where('claimed_by', '=', userId)
    .where('key_pending', '=', 1)
    .executeTakeFirst();
  if (marked || isPartner((await findStoredKeys(identity, userId))?.keys)) {
    throw new PartnerRefusedError('already-partner', PARTNER_MESSAGES.alreadyPartner);
  }
}

/**
 * A player claims a partner invite (docs/product.md §4.4): unclaimed → claimed by them, their referral link
 * created (naming the invite's referral reward, else config/partners' default), the join reward's
 * tier paid once, and the 'partner' key added. The game store's transaction first creates or
 * finds the player's link and locks it, so one player's claims run one at a time; the invite is
 * taken by `UPDATE … WHERE claimed = 0`, marked until its key is given. The key (identity store)
 * is added after the commit, keeping any key changed meanwhile, and the mark cleared
 * (./key-grants.ts): a stop in between leaves a claim whose key the next pass gives, never a key
 * without its claim.
 */
export async function claimPartnerInvite(
  stores: ProgrammeStores,
  inviteID: string,
  userId: string,
  now: Date,
): Promise<PartnerInviteClaim> {
  const profile = await findStoredKeys(stores.identity, userId);
  if (!profile) throw new PartnerRefusedError('profile-required', PARTNER_MESSAGES.profileRequired);
  if (isPartner(profile.keys)) throw new PartnerRefusedError('already-partner', PARTNER_MESSAGES.alreadyPartner);
  const config = await readPartnersConfig(stores.game);
  const claim = await stores.game.transaction().execute(async (trx) => {
    // The player's link, created now if need be, is their claims' lock: one at a time.
    const created = await ensureLink(trx, { creator: userId, rewardID: config.defaultRewardID, now });
    const link = await lockLink(trx, created.link_id);
    await refusePartnerMeanwhile(trx, stores.identity, userId);
    const taken = await trx
      .updateTable('partner_invites')
      .set({ claimed: 1, claimed_by: userId, claimed_at: now.toISOString(), key_pending: 1 })
      .where('invite_id', '=', inviteID)
      .where('claimed', '=', 0)
      .returningAll()
      .executeTakeFirst();
    if (!taken) {
      throw (await findPartnerInvite(trx, inviteID))
        ? new PartnerRefusedError('partner-invite-claimed', PARTNER_MESSAGES.partnerInviteClaimed)
        : new PartnerRefusedError('partner-invite-not-found', PARTNER_MESSAGES.partnerInviteNotFound);
    }
    const rewardID = taken.referral_reward_id ?? config.defaultRewardID;
    if (link.reward_id !== rewardID) await setLinkReward(trx, link.link_id, rewardID);

    let joinReward: PartnerInviteClaim['joinReward'] = null;
    if (taken.join_reward_id && taken.reward_tier_id) {
      const tier = await findTier(trx, taken.join_reward_id, taken.reward_tier_id);
      joinReward = await payTier(trx, { userId, tier, reference: joinRewardReference(inviteID, userId), now });
    }
    return { inviteID, referralID: link.referral_id, joinReward };
  });
  await grantPartnerKey(stores, { inviteID, userId });
  return claim;
}
