import type { AdminListPage } from '@outpost/contracts/admin-list';
import type {
  CreateReferralRewardInput,
  ReferralReward,
  ReferralRewardInput,
  ReferralRewardListQuery,
  RewardTier,
} from '@outpost/contracts/partners';
import type { Kysely } from 'kysely';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../backoffice/admin-log';
import { grantItems } from '../economy/inventory';
import { findMissingItems, UnknownItemsError } from '../economy/items/queries';
import { credit } from '../economy/ledger';
import { isUniqueViolation } from '../platform/db/errors';
import { fetchListPage } from '../platform/db/list-page';
import type { GameDatabase } from '../stores';
import { PARTNER_ADMIN_ACTIONS } from './actions';
import type { ReferralRewardRow } from './tables';

/*
 * referral-rewards (spec §3): documents of tiers that partners claim as their referrals grow, and
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
    tiers: JSON.parse(row.tiers) as RewardTier[],
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

/** Pays one tier to a player once per `reference`, in the caller's transaction. */
export async function payTier(
  trx: Kysely<GameDatabase>,
  payout: { userId: string; tier: RewardTier; reference: string; now: Date },
): Promise<void> {
  const { userId, tier, reference, now } = payout;
  if (tier.credits > 0) await credit(trx, { userId, amount: tier.credits, reason: 'reward', reference, now });
  await grantItems(trx, { userId, itemIDs: tier.items, source: 'reward', reference, now });
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

/** Replaces a reward's name and tiers; tiers already claimed stay claimed under their ids. */
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
      adminLogRecord({ ...context, now }, PARTNER_ADMIN_ACTIONS.updateReward, { rewardID, ...input, tiers }),
    );
    await checkItems(trx, tiers);
    const updated = await trx
      .updateTable('referral_rewards')
      .set({ name: row.name, tiers: row.tiers, updated_at: row.updated_at })
      .where('reward_id', '=', rewardID)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new RewardNotFoundError(rewardID, true);
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

/** Writes a demo reward unless its id is there: a re-seed never undoes an admin's save. */
export async function seedReward(
  db: Kysely<GameDatabase>,
  reward: { rewardID: string; name: string; tiers: RewardTier[] },
  now: Date,
): Promise<void> {
  await db
    .insertInto('referral_rewards')
    .values({
      reward_id: reward.rewardID,
      name: reward.name,
      tiers: JSON.stringify([...reward.tiers].sort(byThreshold)),
      updated_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column('reward_id').doNothing())
    .execute();
}
