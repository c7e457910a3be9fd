import type { AdminListPage } from '@outpost/contracts/admin-list';
import type {
  CreateReferralRewardInput,
  ReferralReward,
  ReferralRewardInput,
  ReferralRewardListQuery,
  RewardTier,
} from '@outpost/contracts/partners';
import { rewardTiersSchema } from '@outpost/contracts/partners';
import { type Kysely, sql } from 'kysely';
import { type AdminChange, adminLogRecord, appendAdminLog, editData } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { findMissingItems, UnknownItemsError } from '../items/index';
import { credit, grantItems } from '../ledger/index';
import { isUniqueViolation } from '../platform/db/errors';
import { fetchListPage } from '../platform/db/list-page';
import { likePattern } from '../platform/db/text-search';
import { PARTNER_ADMIN_ACTIONS } from './actions';
import type { ReferralRewardRow } from './tables';

/*
 * referral-rewards (docs/product.md §3.16): documents of tiers that partners claim as their referrals grow, and
 * the one place a tier is paid out (ledger credit and items under one reference).
 */

export class RewardExistsError extends Error {
  constructor(readonly rewardID: string) {
    super(`The referral reward ${rewardID} already exists.`);
  }
}

export class RewardNotFoundError extends Error {
  constructor(
    readonly rewardID: string,
    /** The reward the change is about (404), rather than one it names (400). */
    readonly isTarget = false,
  ) {
    super(`There is no referral reward ${rewardID}.`);
  }
}

/** A save that would drop tiers partners have claimed: a renamed claimed tier would pay twice. */
export class ClaimedTiersError extends Error {
  constructor(readonly tierIDs: readonly string[]) {
    super(`Claimed tiers would be removed: ${tierIDs.join(', ')}.`);
  }
}

export class TierNotFoundError extends Error {
  constructor(
    readonly rewardID: string,
    readonly tierID: string,
  ) {
    super(`The referral reward ${rewardID} has no tier ${tierID}.`);
  }
}

const byThreshold = (a: RewardTier, b: RewardTier) => a.referrals - b.referrals || (a.tierID < b.tierID ? -1 : 1);

function toReward(row: ReferralRewardRow): ReferralReward {
  return {
    rewardID: row.reward_id,
    name: row.name,
    tiers: rewardTiersSchema.parse(JSON.parse(row.tiers)),
    updatedAt: row.updated_at,
  };
}

export async function findReward(db: Kysely<GameDatabase>, rewardID: string): Promise<ReferralReward | undefined> {
  const row = await db.selectFrom('referral_rewards').selectAll().where('reward_id', '=', rewardID).executeTakeFirst();
  return row && toReward(row);
}

/** The tier `tierID` of reward `rewardID`; throws when either is missing. */
export async function findTier(db: Kysely<GameDatabase>, rewardID: string, tierID: string): Promise<RewardTier> {
  const reward = await findReward(db, rewardID);
  if (!reward) throw new RewardNotFoundError(rewardID);
  const tier = reward.tiers.find((candidate) => candidate.tierID === tierID);
  if (!tier) throw new TierNotFoundError(rewardID, tierID);
  return tier;
}

/** What one payout really added: nothing of what `reference` had paid before. */
export interface Payout {
  credits: number;
  items: string[];
}

/** Pays one tier to a player once per `reference`, in the caller's transaction, and answers what it added. */
export async function payTier(
  trx: Kysely<GameDatabase>,
  payout: { userId: string; tier: RewardTier; reference: string; now: Date },
): Promise<Payout> {
  const { userId, tier, reference, now } = payout;
  const credited =
    tier.credits > 0 ? await credit(trx, { userId, amount: tier.credits, reason: 'reward', reference, now }) : null;
  // grantItems adds only the (reference, item) pairs not there yet: those there before were paid before.
  const earlier = await trx.selectFrom('claimed_items').select('item_id').where('reference', '=', reference).execute();
  await grantItems(trx, { userId, itemIDs: tier.items, source: 'reward', reference, now });
  return {
    credits: credited?.applied ? tier.credits : 0,
    items: tier.items.filter((itemID) => !earlier.some((row) => row.item_id === itemID)),
  };
}

async function checkItems(trx: Kysely<GameDatabase>, tiers: readonly RewardTier[]): Promise<void> {
  const missing = await findMissingItems(
    trx,
    tiers.flatMap((tier) => tier.items),
  );
  if (missing.length > 0) throw new UnknownItemsError(missing);
}

/** Writes a reward document, its admin-log entry first; items must be in items-master. */
export async function createReward(
  db: Kysely<GameDatabase>,
  input: CreateReferralRewardInput,
  context: AdminChange,
): Promise<ReferralReward> {
  const now = context.now ?? new Date();
  const tiers = [...input.tiers].sort(byThreshold);
  const row = {
    reward_id: input.rewardID,
    name: input.name,
    tiers: JSON.stringify(tiers),
    updated_at: now.toISOString(),
  };
  try {
    await db.transaction().execute(async (trx) => {
      await appendAdminLog(
        trx,
        adminLogRecord({ ...context, now }, PARTNER_ADMIN_ACTIONS.createReward, { ...input, tiers }),
      );
      await checkItems(trx, tiers);
      await trx.insertInto('referral_rewards').values(row).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new RewardExistsError(input.rewardID);
    throw error;
  }
  return toReward(row);
}

/**
 * Replaces a reward's name and tiers. A claim is keyed by its tier's ID, so a tier partners have
 * claimed keeps its ID (ClaimedTiersError otherwise): renamed, it would be paid again. The update
 * comes first: its row lock orders it with tier claims, which lock the row before reading it.
 */
export async function updateReward(
  db: Kysely<GameDatabase>,
  rewardID: string,
  input: ReferralRewardInput,
  context: AdminChange,
): Promise<ReferralReward> {
  const now = context.now ?? new Date();
  const tiers = [...input.tiers].sort(byThreshold);
  const row = { reward_id: rewardID, name: input.name, tiers: JSON.stringify(tiers), updated_at: now.toISOString() };
  await db.transaction().execute(async (trx) => {
    await appendAdminLog(
      trx,
      adminLogRecord(
        { ...context, now },
        PARTNER_ADMIN_ACTIONS.updateReward,
        editData({ rewardID }, (await findReward(trx, rewardID)) ?? {}, { ...input, tiers }),
      ),
    );
    await checkItems(trx, tiers);
    const updated = await trx
      .updateTable('referral_rewards')
      .set({ name: row.name, tiers: row.tiers, updated_at: row.updated_at })
      .where('reward_id', '=', rewardID)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new RewardNotFoundError(rewardID, true);
    const claimed = await trx
      .selectFrom('referral_tier_claims')
      .select('tier_id')
      .distinct()
      .where('reward_id', '=', rewardID)
      .orderBy('tier_id')
      .execute();
    const dropped = claimed.map((claim) => claim.tier_id).filter((id) => !tiers.some((tier) => tier.tierID === id));
    if (dropped.length > 0) throw new ClaimedTiersError(dropped);
  });
  return toReward(row);
}

const REWARD_SORTS = { rewardID: 'reward_id', updatedAt: 'updated_at' } as const;

export async function listRewards(
  db: Kysely<GameDatabase>,
  query: ReferralRewardListQuery,
): Promise<AdminListPage<ReferralReward>> {
  const all = db.selectFrom('referral_rewards');
  const { rows, ...page } = await fetchListPage(
    all,
    all.selectAll().orderBy(REWARD_SORTS[query.sort], query.order).orderBy('reward_id', query.order),
    query,
  );
  return { ...page, rows: rows.map(toReward) };
}

/**
 * The partners' use of items in referral-rewards (an ItemUseCheck, its module's `itemUses`): an
 * item a tier pays cannot leave items-master, or claiming that tier would fail.
 */
export async function referralRewardItemUse(db: Kysely<GameDatabase>, itemID: string): Promise<string | null> {
  // The JSON text narrows the candidates; the parsed tiers decide (an ID can be part of another).
  const candidates = await db
    .selectFrom('referral_rewards')
    .selectAll()
    .where(sql<boolean>`lower(tiers) like ${likePattern(JSON.stringify(itemID))} escape '\\'`)
    .orderBy('reward_id')
    .execute();
  for (const candidate of candidates) {
    const tier = toReward(candidate).tiers.find((each) => each.items.includes(itemID));
    if (tier) return `the tier "${tier.tierID}" of the referral reward "${candidate.name}" (${candidate.reward_id})`;
  }
  return null;
}
