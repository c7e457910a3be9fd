import type { AdminListPage } from '@outpost/contracts/admin-list';
import type {
  AdminPartnerInvite,
  CreatePartnerInvite,
  DeleteUndelivered,
  PartnerInvite,
  PartnerInviteListQuery,
  UpdatePartnerInvite,
} from '@outpost/contracts/partners';
import { personIn } from '@outpost/contracts/people';
import type { Kysely } from 'kysely';
import { type AdminChange, adminLogRecord, appendAdminLog, editData } from '../backoffice/index';
import type { GameDatabase, IdentityDatabase } from '../database';
import { peopleOf } from '../identity/index';
import { isUniqueViolation } from '../platform/db/errors';
import { fetchListPage } from '../platform/db/list-page';
import { newRandomID } from '../platform/random-id';
import { PARTNER_ADMIN_ACTIONS } from './actions';
import { findReward, findTier, RewardNotFoundError } from './rewards';
import type { PartnerInviteRow } from './tables';

/*
 * Partner invites (docs/product.md §3.7, §4.4) in the back office: created unclaimed and undelivered, marked
 * delivered in bulk, deleted one by one or (the undelivered) in bulk, and renamed by deleting the
 * old record and creating the new one in one transaction. Every change logs first. A claimed
 * invite keeps its code: it is its claimer's record, and a code freed for reuse would meet its
 * claimer's payout again. Deletes say `claimed = 0` themselves, so a claim committing meanwhile
 * is never undone.
 */

export class PartnerInviteExistsError extends Error {
  constructor(readonly inviteID: string) {
    super(`The partner invite ${inviteID} already exists.`);
  }
}

/** Renaming or deleting an invite a player has claimed (409). */
export class ClaimedPartnerInviteError extends Error {
  constructor(readonly inviteID: string) {
    super(`The partner invite ${inviteID} has been claimed.`);
  }
}

/** Bulk or single changes naming invites that do not exist; nothing was changed. */
export class UnknownPartnerInvitesError extends Error {
  constructor(readonly inviteIDs: readonly string[]) {
    super(`Unknown partner invites: ${inviteIDs.join(', ')}.`);
  }
}

export function toPartnerInvite(row: PartnerInviteRow): PartnerInvite {
  return {
    inviteID: row.invite_id,
    joinRewardID: row.join_reward_id,
    referralRewardID: row.referral_reward_id,
    rewardTierID: row.reward_tier_id,
    claimed: row.claimed === 1,
    claimedBy: row.claimed_by,
    created: row.created,
    delivered: row.delivered === 1,
  };
}

export function findPartnerInvite(db: Kysely<GameDatabase>, inviteID: string) {
  return db.selectFrom('partner_invites').selectAll().where('invite_id', '=', inviteID).executeTakeFirst();
}

type InviteRewards = Pick<CreatePartnerInvite, 'joinRewardID' | 'referralRewardID' | 'rewardTierID'>;

/** The rewards an invite names must exist: a claim pays them. */
async function checkRewards(trx: Kysely<GameDatabase>, invite: InviteRewards): Promise<void> {
  if (invite.referralRewardID && !(await findReward(trx, invite.referralRewardID))) {
    throw new RewardNotFoundError(invite.referralRewardID);
  }
  if (invite.joinRewardID && invite.rewardTierID) await findTier(trx, invite.joinRewardID, invite.rewardTierID);
}

async function existingIDs(trx: Kysely<GameDatabase>, inviteIDs: readonly string[]) {
  const rows = await trx
    .selectFrom('partner_invites')
    .select(['invite_id', 'delivered'])
    .where('invite_id', 'in', inviteIDs)
    .execute();
  const missing = inviteIDs.filter((id) => !rows.some((row) => row.invite_id === id));
  if (missing.length > 0) throw new UnknownPartnerInvitesError(missing);
  return rows;
}

export async function createPartnerInvite(
  db: Kysely<GameDatabase>,
  input: CreatePartnerInvite,
  context: AdminChange,
): Promise<PartnerInvite> {
  const now = context.now ?? new Date();
  const row: PartnerInviteRow = {
    invite_id: input.inviteID ?? newRandomID(),
    join_reward_id: input.joinRewardID,
    referral_reward_id: input.referralRewardID,
    reward_tier_id: input.rewardTierID,
    claimed: 0,
    claimed_by: null,
    claimed_at: null,
    created: now.toISOString(),
    created_by: context.admin,
    delivered: 0,
    key_pending: 0,
  };
  try {
    await db.transaction().execute(async (trx) => {
      await appendAdminLog(
        trx,
        adminLogRecord({ ...context, now }, PARTNER_ADMIN_ACTIONS.createInvite, { ...input, inviteID: row.invite_id }),
      );
      await checkRewards(trx, input);
      await trx.insertInto('partner_invites').values(row).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new PartnerInviteExistsError(row.invite_id);
    throw error;
  }
  return toPartnerInvite(row);
}

/** Deletes the invite unless claimed, answering the row it deleted; refuses a claimed or missing one. */
async function deleteUnclaimed(trx: Kysely<GameDatabase>, inviteID: string): Promise<PartnerInviteRow> {
  const deleted = await trx
    .deleteFrom('partner_invites')
    .where('invite_id', '=', inviteID)
    .where('claimed', '=', 0)
    .returningAll()
    .executeTakeFirst();
  if (deleted) return deleted;
  throw (await findPartnerInvite(trx, inviteID))
    ? new ClaimedPartnerInviteError(inviteID)
    : new UnknownPartnerInvitesError([inviteID]);
}

/**
 * Changes an invite's rewards and, when `input.inviteID` differs from `inviteID`, its code: the
 * old record is deleted (unless claimed) and the new one created from what the delete returned,
 * in one transaction, so a taken code (409) or a bad reward (400) leaves the old record as it was.
 * The same code updates the reward columns alone: claimed, claimedBy and delivered are never
 * written back from an earlier read.
 */
export async function updatePartnerInvite(
  db: Kysely<GameDatabase>,
  inviteID: string,
  input: UpdatePartnerInvite,
  context: AdminChange,
): Promise<PartnerInvite> {
  const rewards = {
    join_reward_id: input.joinRewardID,
    referral_reward_id: input.referralRewardID,
    reward_tier_id: input.rewardTierID,
  };
  try {
    return await db.transaction().execute(async (trx) => {
      await appendAdminLog(
        trx,
        adminLogRecord(
          context,
          PARTNER_ADMIN_ACTIONS.updateInvite,
          editData({}, await inviteAsInput(trx, inviteID), input),
        ),
      );
      await checkRewards(trx, input);
      if (input.inviteID === inviteID) {
        const updated = await trx
          .updateTable('partner_invites')
          .set(rewards)
          .where('invite_id', '=', inviteID)
          .returningAll()
          .executeTakeFirst();
        if (!updated) throw new UnknownPartnerInvitesError([inviteID]);
        return toPartnerInvite(updated);
      }
      const old = await deleteUnclaimed(trx, inviteID);
      const next: PartnerInviteRow = { ...old, ...rewards, invite_id: input.inviteID };
      await trx.insertInto('partner_invites').values(next).execute();
      return toPartnerInvite(next);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new PartnerInviteExistsError(input.inviteID);
    throw error;
  }
}

/** An invite's code and rewards as an edit gives them, for its log entry's before → after. */
async function inviteAsInput(trx: Kysely<GameDatabase>, inviteID: string): Promise<Record<string, unknown>> {
  const row = await findPartnerInvite(trx, inviteID);
  if (!row) return { inviteID };
  return {
    inviteID,
    joinRewardID: row.join_reward_id,
    referralRewardID: row.referral_reward_id,
    rewardTierID: row.reward_tier_id,
  };
}

/** Deletes one invite, delivered or not; a claimed one stays. */
export async function deletePartnerInvite(
  db: Kysely<GameDatabase>,
  inviteID: string,
  context: AdminChange,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await appendAdminLog(trx, adminLogRecord(context, PARTNER_ADMIN_ACTIONS.deleteInvite, { inviteID }));
    await deleteUnclaimed(trx, inviteID);
  });
}

/** Marks invites delivered (or not), all or none: an unknown id changes nothing. */
export async function markDelivered(
  db: Kysely<GameDatabase>,
  change: { inviteIDs: readonly string[]; delivered: boolean },
  context: AdminChange,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await appendAdminLog(trx, adminLogRecord(context, PARTNER_ADMIN_ACTIONS.markDelivered, { ...change }));
    await existingIDs(trx, change.inviteIDs);
    await trx
      .updateTable('partner_invites')
      .set({ delivered: change.delivered ? 1 : 0 })
      .where('invite_id', 'in', change.inviteIDs)
      .execute();
    return [...change.inviteIDs];
  });
}

/**
 * Deletes the undelivered, unclaimed invites among `inviteIDs`; delivered ones (someone holds their
 * code) and claimed ones are kept and named in the answer. The delete itself says `delivered = 0`
 * and `claimed = 0`, so an invite delivered or claimed meanwhile is kept too.
 */
export async function deleteUndelivered(
  db: Kysely<GameDatabase>,
  inviteIDs: readonly string[],
  context: AdminChange,
): Promise<DeleteUndelivered> {
  return db.transaction().execute(async (trx) => {
    await appendAdminLog(trx, adminLogRecord(context, PARTNER_ADMIN_ACTIONS.deleteUndelivered, { inviteIDs }));
    await existingIDs(trx, inviteIDs);
    const deleted = await trx
      .deleteFrom('partner_invites')
      .where('invite_id', 'in', inviteIDs)
      .where('delivered', '=', 0)
      .where('claimed', '=', 0)
      .returning('invite_id')
      .execute();
    const gone = new Set(deleted.map((row) => row.invite_id));
    return { deleted: inviteIDs.filter((id) => gone.has(id)), kept: inviteIDs.filter((id) => !gone.has(id)) };
  });
}

const INVITE_SORTS = { created: 'created', inviteID: 'invite_id' } as const;

/** One page of the invites, each claimed one with its claimer named from the identity store. */
export async function listPartnerInvites(
  stores: { identity: Kysely<IdentityDatabase>; game: Kysely<GameDatabase> },
  query: PartnerInviteListQuery,
): Promise<AdminListPage<AdminPartnerInvite>> {
  const db = stores.game;
  let filtered = db.selectFrom('partner_invites');
  if (query.delivered !== undefined) filtered = filtered.where('delivered', '=', query.delivered ? 1 : 0);
  if (query.claimed !== undefined) filtered = filtered.where('claimed', '=', query.claimed ? 1 : 0);
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy(INVITE_SORTS[query.sort], query.order).orderBy('invite_id', query.order),
    query,
  );
  const people = await peopleOf(
    stores.identity,
    rows.flatMap((row) => (row.claimed_by === null ? [] : [row.claimed_by])),
  );
  return {
    ...page,
    rows: rows.map((row) => ({
      ...toPartnerInvite(row),
      claimer: row.claimed_by === null ? null : personIn(people, row.claimed_by),
    })),
  };
}

/** Writes a demo invite unless its code is there. */
export async function seedPartnerInvite(
  db: Kysely<GameDatabase>,
  invite: { inviteID: string; referralRewardID: string; now: Date },
): Promise<void> {
  await db
    .insertInto('partner_invites')
    .values({
      invite_id: invite.inviteID,
      join_reward_id: null,
      referral_reward_id: invite.referralRewardID,
      reward_tier_id: null,
      claimed: 0,
      claimed_by: null,
      claimed_at: null,
      created: invite.now.toISOString(),
      created_by: 'demo-seed',
      delivered: 0,
    })
    .onConflict((conflict) => conflict.column('invite_id').doNothing())
    .execute();
}
