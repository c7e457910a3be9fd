import {
  type DistributeRewardRecord,
  REWARD_ADMIN_ACTION,
  type RewardAudience,
  type RewardItem,
  type RewardRequest,
  type RewardSegment,
} from '@outpost/contracts/rewards';
import type { Kysely } from 'kysely';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { findMissingItems, UnknownItemsError } from '../items/index';
import { credit, grantItems } from '../ledger/index';
import type { RewardDistributionRow } from './tables';

/*
 * The only writer of reward distributions. One transaction per call: the recipients found (an
 * audience as it is at the send) and those the requestID has reached already read, then the
 * admin-log entry naming how many it reaches now, the distribution's row (its requestID is the key
 * a retry meets), the recipients not given yet, and per new recipient the ledger credit and the
 * item grant, both referenced `reward:<requestID>:<userID>`. Concurrent repeats of a requestID
 * meet on its rows: PostgreSQL's insert waits for the other sender's commit and then finds the key
 * taken, and a send that so finds a player it counted as new reads again in a new transaction, so
 * its log entry's count is what it gave; SQLite runs one transaction at a time. A reward to
 * everyone (everyone.ts, everyone-job.ts) records its distribution and gives each batch with the
 * same functions.
 */

export const REWARD_ADMIN_ACTIONS = { distribute: REWARD_ADMIN_ACTION } as const;

/** Sends of one call before it gives up on senders of the same requestID that keep racing it. */
const SEND_ATTEMPTS = 5;

/** Who a distribution gives to: the players named, an audience or a segment. */
export interface RewardRecipients {
  /** The audience named, null for a list of user ids or a segment. */
  audience: RewardAudience | null;
  /** The segment named, with its name at the send; null for a list of user ids or an audience. */
  segment: RewardSegment | null;
  /** The players, found inside the distribution's transaction (again on each attempt). */
  find: (trx: Kysely<GameDatabase>) => Promise<readonly string[]>;
}

/** What a distribution gives, whoever it goes to. */
export type RewardGift = Omit<RewardRequest, 'userIDs' | 'audience' | 'segmentID'>;

/** A requestID already distributed with other credits, items or reason; nothing was given. */
export class RewardRequestReusedError extends Error {
  constructor(
    readonly requestID: string,
    readonly distributedAt: string,
  ) {
    super(`The request ID "${requestID}" was already used for a different reward.`);
  }
}

/** A repeat that gives nobody anything: its transaction rolls back (log entry included) with this answer. */
class NothingGiven extends Error {
  constructor(readonly result: DistributeRewardRecord) {
    super('Every recipient had this reward already.');
  }
}

/** A player counted as new was reached by another send meanwhile: this attempt rolls back. */
class RecipientsTaken extends Error {}

/**
 * Another send of the requestID reached players this one had counted as new: it rolls back and
 * reads again. Thrown by the call only after SEND_ATTEMPTS (409: sending again is safe).
 */
export class RewardSendRacedError extends Error {
  constructor(readonly requestID: string) {
    super(`Other sends of "${requestID}" kept reaching the same players first.`);
  }
}

/** The ledger and inventory reference of one player's share of one distribution. */
export const rewardReference = (requestID: string, userID: string) => `reward:${requestID}:${userID}`;

/** Items in one order, so two sendings of one reward store and compare the same text. */
export function canonicalItems(items: readonly RewardItem[]): RewardItem[] {
  return [...items]
    .sort((a, b) => (a.itemID < b.itemID ? -1 : a.itemID > b.itemID ? 1 : 0))
    .map(({ itemID, quantity }) => ({ itemID, quantity }));
}

/** The distribution of `requestID`: this call's new row, or the one an earlier call stored, which must match. */
async function claimDistribution(
  trx: Kysely<GameDatabase>,
  row: RewardDistributionRow,
): Promise<RewardDistributionRow> {
  const inserted = await trx
    .insertInto('reward_distributions')
    .values(row)
    .onConflict((conflict) => conflict.column('request_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return inserted;
  const earlier = await trx
    .selectFrom('reward_distributions')
    .selectAll()
    .where('request_id', '=', row.request_id)
    .executeTakeFirstOrThrow();
  if (earlier.reason !== row.reason || earlier.credits !== row.credits || earlier.items !== row.items) {
    throw new RewardRequestReusedError(row.request_id, earlier.distributed_at);
  }
  return earlier;
}

/**
 * The admin-log entry first (docs/product.md §7.9), naming the reward and `recipients` as the send found them
 * (`action`: a scheduled reward to everyone logs its scheduling instead); then the items checked against
 * items-master (UnknownItemsError, nothing given) and the distribution's row claimed
 * (RewardRequestReusedError for another reward under its requestID).
 */
export async function recordDistribution(
  trx: Kysely<GameDatabase>,
  gift: RewardGift,
  context: AdminChange & { now: Date },
  recipients: Record<string, unknown>,
  action: string = REWARD_ADMIN_ACTIONS.distribute,
): Promise<RewardDistributionRow> {
  const items = canonicalItems(gift.items);
  const { requestID, reason, credits } = gift;
  await appendAdminLog(trx, adminLogRecord(context, action, { requestID, reason, credits, items, ...recipients }));
  const missing = await findMissingItems(
    trx,
    items.map((item) => item.itemID),
  );
  if (missing.length > 0) throw new UnknownItemsError(missing);
  return claimDistribution(trx, {
    request_id: requestID,
    reason,
    credits,
    items: JSON.stringify(items),
    distributed_at: context.now.toISOString(),
    distributed_by: context.admin,
  });
}

/** The players of `userIDs` this distribution has given its reward to already. */
async function reachedAlready(
  trx: Kysely<GameDatabase>,
  requestID: string,
  userIDs: readonly string[],
): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('reward_recipients')
    .select('user_id')
    .where('request_id', '=', requestID)
    .where('user_id', 'in', userIDs)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/** The players of `userIDs` this distribution has not given its reward to yet, now marked as given. */
export async function claimRecipients(
  trx: Kysely<GameDatabase>,
  requestID: string,
  userIDs: readonly string[],
  givenAt: string,
): Promise<Set<string>> {
  if (userIDs.length === 0) return new Set();
  // One order for every sender, so two overlapping lists never wait on each other in a circle.
  const sorted = [...userIDs].sort();
  const rows = await trx
    .insertInto('reward_recipients')
    .values(sorted.map((userID) => ({ request_id: requestID, user_id: userID, given_at: givenAt })))
    .onConflict((conflict) => conflict.columns(['request_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/**
 * Gives a reward to recipients who exist (the caller checks listed players in the identity store).
 * Items must be in the environment's items-master (UnknownItemsError otherwise, nothing given). A
 * requestID sent again with the same reward gives it only to players it has not reached yet (an
 * audience's new members among them), and answers who had it already; with another reward it is
 * refused (RewardRequestReusedError).
 */
export async function distributeReward(
  db: Kysely<GameDatabase>,
  gift: RewardGift,
  recipients: RewardRecipients,
  context: AdminChange,
): Promise<DistributeRewardRecord> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute((trx) => send(trx, gift, recipients, context));
    } catch (error) {
      if (error instanceof NothingGiven) return error.result;
      if (!(error instanceof RecipientsTaken)) throw error;
      if (attempt === SEND_ATTEMPTS) throw new RewardSendRacedError(gift.requestID);
    }
  }
}

async function send(
  trx: Kysely<GameDatabase>,
  gift: RewardGift,
  recipients: RewardRecipients,
  context: AdminChange,
): Promise<DistributeRewardRecord> {
  const now = context.now ?? new Date();
  const items = canonicalItems(gift.items);
  const userIDs = await recipients.find(trx);
  const reached = await reachedAlready(trx, gift.requestID, userIDs);
  const fresh = userIDs.filter((userID) => !reached.has(userID));

  const distribution = await recordDistribution(
    trx,
    gift,
    { ...context, now },
    {
      ...(recipients.audience ? { audience: recipients.audience } : {}),
      ...(recipients.segment ? { segmentID: recipients.segment.segmentID, segmentName: recipients.segment.name } : {}),
      userIDs,
      reached: fresh.length,
    },
  );
  const claimed = await claimRecipients(trx, gift.requestID, fresh, now.toISOString());
  if (claimed.size !== fresh.length) throw new RecipientsTaken();
  const result: DistributeRewardRecord = {
    requestID: distribution.request_id,
    reason: distribution.reason,
    credits: distribution.credits,
    items,
    distributedAt: distribution.distributed_at,
    distributedBy: distribution.distributed_by,
    audience: recipients.audience,
    segment: recipients.segment,
    given: fresh,
    alreadyGiven: userIDs.filter((userID) => reached.has(userID)),
  };
  if (fresh.length === 0) throw new NothingGiven(result);
  await grantReward(trx, { requestID: gift.requestID, credits: gift.credits, items }, fresh, now);
  return result;
}

/**
 * Gives each of `userIDs` (claimed as recipients in this transaction) the reward's credits and
 * items through the ledger, referenced `reward:<requestID>:<userID>`, in id order.
 */
export async function grantReward(
  trx: Kysely<GameDatabase>,
  reward: { requestID: string; credits: number; items: readonly RewardItem[] },
  userIDs: Iterable<string>,
  now: Date,
): Promise<void> {
  const itemIDs = reward.items.flatMap((item) => Array<string>(item.quantity).fill(item.itemID));
  for (const userId of [...userIDs].sort()) {
    const reference = rewardReference(reward.requestID, userId);
    if (reward.credits > 0) {
      await credit(trx, { userId, amount: reward.credits, reason: 'reward', reference, now });
    }
    await grantItems(trx, { userId, itemIDs, source: 'reward', reference, now });
  }
}
