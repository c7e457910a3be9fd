import {
  PARTNER_MESSAGES,
  REFERRAL_LINK_TYPE,
  type ReferralLink,
  referralLinkID,
  tierNotReachedMessage,
} from '@outpost/contracts/partners';
import { type Kysely, sql } from 'kysely';
import type { GameDatabase } from '../database';
import { newRandomID } from '../platform/random-id';
import { PartnerRefusedError } from './refusal';
import { findReward, payTier } from './rewards';
import type { ReferralLinkRow } from './tables';

/*
 * Referral links (docs/product.md §3.6, §4.4): one per partner, created on demand; the players who joined through
 * one (one row per player in all, so a player is referred once) and the tiers its partner claimed,
 * each of the reward it belongs to: a link pointed at another reward starts that reward's tiers
 * afresh, and pointed back finds its claims of the first one still there.
 */

/** The ledger and inventory reference of one tier's payout. */
export const tierReference = (linkID: string, rewardID: string, tierID: string) =>
  `referral-tier:${linkID}:${rewardID}:${tierID}`;

function findLinkByCreator(db: Kysely<GameDatabase>, creator: string): Promise<ReferralLinkRow | undefined> {
  return db.selectFrom('referral_links').selectAll().where('link_id', '=', referralLinkID(creator)).executeTakeFirst();
}

export function findLinkByReferralID(
  db: Kysely<GameDatabase>,
  referralID: string,
): Promise<ReferralLinkRow | undefined> {
  return db.selectFrom('referral_links').selectAll().where('referral_id', '=', referralID).executeTakeFirst();
}

/**
 * The partner's link, created now with `rewardID` if absent (docs/product.md §4.4). Racing first requests all
 * insert; the key lets one row in and the others do nothing, so every one reads the same link.
 */
export async function ensureLink(
  db: Kysely<GameDatabase>,
  link: { creator: string; rewardID: string; now: Date },
): Promise<ReferralLinkRow> {
  await db
    .insertInto('referral_links')
    .values({
      link_id: referralLinkID(link.creator),
      creator: link.creator,
      referral_id: newRandomID(),
      type: REFERRAL_LINK_TYPE,
      reward_id: link.rewardID,
      created: link.now.toISOString(),
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const row = await findLinkByCreator(db, link.creator);
  if (!row) throw new Error(`The referral link of ${link.creator} was neither created nor found.`);
  return row;
}

/**
 * Locks a link's row for the rest of the caller's transaction (a no-op update; SQLite's
 * transactions run one at a time anyway) and answers it as it is once the lock is held.
 */
export async function lockLink(trx: Kysely<GameDatabase>, linkID: string): Promise<ReferralLinkRow> {
  return trx
    .updateTable('referral_links')
    .set((eb) => ({ reward_id: eb.ref('reward_id') }))
    .where('link_id', '=', linkID)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Points an existing link at another reward (a partner invite naming one). */
export async function setLinkReward(db: Kysely<GameDatabase>, linkID: string, rewardID: string): Promise<void> {
  await db.updateTable('referral_links').set({ reward_id: rewardID }).where('link_id', '=', linkID).execute();
}

export async function countReferrals(db: Kysely<GameDatabase>, linkID: string): Promise<number> {
  const row = await db
    .selectFrom('referral_joins')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('link_id', '=', linkID)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The tiers claimed of the reward each link names now. */
export async function listTierClaims(db: Kysely<GameDatabase>, linkIDs: readonly string[]) {
  if (linkIDs.length === 0) return [];
  return db
    .selectFrom('referral_tier_claims as claims')
    .innerJoin('referral_links as links', (join) =>
      join.onRef('links.link_id', '=', 'claims.link_id').onRef('links.reward_id', '=', 'claims.reward_id'),
    )
    .select(['claims.link_id', 'claims.tier_id', 'claims.claimed_at'])
    .where('claims.link_id', 'in', linkIDs)
    .orderBy('claims.claimed_at')
    .orderBy('claims.tier_id')
    .execute();
}

/** The latest players who joined through a link, newest first. */
export function listRecentJoins(db: Kysely<GameDatabase>, linkID: string, limit: number) {
  return db
    .selectFrom('referral_joins')
    .select(['user_id', 'joined'])
    .where('link_id', '=', linkID)
    .orderBy('joined', 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
}

/** The latest `perLink` players who joined through each of these links, newest first. */
export async function listLatestJoins(db: Kysely<GameDatabase>, linkIDs: readonly string[], perLink: number) {
  if (linkIDs.length === 0) return [];
  const ranked = db
    .selectFrom('referral_joins')
    .select([
      'link_id',
      'user_id',
      'joined',
      sql<number>`row_number() over (partition by link_id order by joined desc, user_id)`.as('position'),
    ])
    .where('link_id', 'in', linkIDs)
    .as('ranked');
  return db
    .selectFrom(ranked)
    .select(['link_id', 'user_id', 'joined'])
    .where('position', '<=', perLink)
    .orderBy('link_id')
    .orderBy('position')
    .execute();
}

/** The link through which a player joined, if any. */
export async function findJoin(db: Kysely<GameDatabase>, userId: string) {
  return db.selectFrom('referral_joins').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function toReferralLink(row: ReferralLinkRow, referralCount: number, claims: readonly string[]): ReferralLink {
  return {
    linkID: row.link_id,
    creator: row.creator,
    type: REFERRAL_LINK_TYPE,
    referralID: row.referral_id,
    rewardID: row.reward_id,
    created: row.created,
    referralCount,
    rewardTierClaims: [...claims],
  };
}

/**
 * Records a player joining through a link: never their own, and once in all. The player's row is
 * the key, so of racing joins by one player exactly one is recorded.
 */
export async function joinLink(
  db: Kysely<GameDatabase>,
  join: { referralID: string; userId: string; now: Date },
): Promise<{ link: ReferralLinkRow; joined: string }> {
  const joined = join.now.toISOString();
  return db.transaction().execute(async (trx) => {
    const link = await findLinkByReferralID(trx, join.referralID);
    if (!link) throw new PartnerRefusedError('referral-not-found', PARTNER_MESSAGES.referralNotFound);
    if (link.creator === join.userId) throw new PartnerRefusedError('referral-own', PARTNER_MESSAGES.referralOwn);
    const added = await trx
      .insertInto('referral_joins')
      .values({ user_id: join.userId, link_id: link.link_id, joined })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0n) === 0) {
      const earlier = await findJoin(trx, join.userId);
      const here = earlier?.link_id === link.link_id;
      throw new PartnerRefusedError(
        'already-referred',
        here ? PARTNER_MESSAGES.alreadyReferredHere : PARTNER_MESSAGES.alreadyReferred,
      );
    }
    return { link, joined };
  });
}

/**
 * The partner claims one tier of their link's reward: reached (referral count ≥ its threshold) and
 * not claimed before. The claim row, the credits and the items commit together; the claim row's
 * key (link, reward, tier) makes racing claims of one tier pay once. The reward's row is locked
 * (a no-op update) before it is read, so an admin's save of its tiers waits or is waited for.
 */
export async function claimTier(
  db: Kysely<GameDatabase>,
  claim: { linkID: string; creator: string; tierID: string; now: Date },
): Promise<{ tierID: string; credits: number; items: string[]; claimedAt: string }> {
  const claimedAt = claim.now.toISOString();
  return db.transaction().execute(async (trx) => {
    const link = await trx
      .selectFrom('referral_links')
      .select('reward_id')
      .where('link_id', '=', claim.linkID)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('referral_rewards')
      .set((eb) => ({ reward_id: eb.ref('reward_id') }))
      .where('reward_id', '=', link.reward_id)
      .execute();
    const reward = await findReward(trx, link.reward_id);
    const tier = reward?.tiers.find((candidate) => candidate.tierID === claim.tierID);
    if (!tier) throw new PartnerRefusedError('tier-not-found', PARTNER_MESSAGES.tierNotFound);
    const count = await countReferrals(trx, claim.linkID);
    if (count < tier.referrals) {
      throw new PartnerRefusedError('tier-not-reached', tierNotReachedMessage(tier.referrals, count));
    }
    const added = await trx
      .insertInto('referral_tier_claims')
      .values({ link_id: claim.linkID, reward_id: link.reward_id, tier_id: claim.tierID, claimed_at: claimedAt })
      .onConflict((conflict) => conflict.columns(['link_id', 'reward_id', 'tier_id']).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0n) === 0) {
      throw new PartnerRefusedError('tier-already-claimed', PARTNER_MESSAGES.tierAlreadyClaimed);
    }
    const paid = await payTier(trx, {
      userId: claim.creator,
      tier,
      reference: tierReference(claim.linkID, link.reward_id, claim.tierID),
      now: claim.now,
    });
    return { tierID: tier.tierID, ...paid, claimedAt };
  });
}
