import {
  type DistributeRewardResult,
  REWARD_ADMIN_ACTION,
  type RewardItem,
  type RewardRequest,
} from '@outpost/contracts/rewards';
import type { Kysely } from 'kysely';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../../backoffice/admin-log';
import type { GameDatabase } from '../../stores';
import { grantItems } from '../inventory';
import { findMissingItems, UnknownItemsError } from '../items/queries';
import { credit } from '../ledger';
import type { RewardDistributionRow } from './tables';

/*
 * The only writer of reward distributions. One transaction per call: the admin-log entry first,
 * then the distribution's row (its requestID is the key a retry meets), the recipients not given
 * yet, and per new recipient the ledger credit and the item grant, both referenced
 * `reward:<requestID>:<userID>`. Concurrent repeats of a requestID queue on its row: PostgreSQL's
 * insert waits for the first sender's commit and then finds the key taken; SQLite runs one
 * transaction at a time.
 */

export const REWARD_ADMIN_ACTIONS = { distribute: REWARD_ADMIN_ACTION } as const;

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
  constructor(readonly result: DistributeRewardResult) {
    super('Every recipient had this reward already.');
  }
}

/** The ledger and inventory reference of one player's share of one distribution. */
export const rewardReference = (requestID: string, userID: string) => `reward:${requestID}:${userID}`;

/** Items in one order, so two sendings of one reward store and compare the same text. */
function canonicalItems(items: readonly RewardItem[]): RewardItem[] {
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

/** The players of `userIDs` this distribution has not given its reward to yet, now marked as given. */
async function claimRecipients(
  trx: Kysely<GameDatabase>,
  requestID: string,
  userIDs: readonly string[],
  givenAt: string,
): Promise<Set<string>> {
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
 * Gives a reward to players who exist (the caller checks them in the identity store). Items must
 * be in the environment's items-master (UnknownItemsError otherwise, nothing given). A requestID
 * sent again with the same reward gives it only to players it has not reached yet, and answers
 * who had it already; with another reward it is refused (RewardRequestReusedError).
 */
export async function distributeReward(
  db: Kysely<GameDatabase>,
  request: RewardRequest,
  context: AdminChange,
): Promise<DistributeRewardResult> {
  const now = context.now ?? new Date();
  const items = canonicalItems(request.items);
  const itemIDs = items.flatMap((item) => Array<string>(item.quantity).fill(item.itemID));
  try {
    return await db.transaction().execute(async (trx) => {
      await appendAdminLog(
        trx,
        adminLogRecord({ ...context, now }, REWARD_ADMIN_ACTIONS.distribute, {
          requestID: request.requestID,
          reason: request.reason,
          credits: request.credits,
          items,
          userIDs: request.userIDs,
        }),
      );
      const missing = await findMissingItems(
        trx,
        items.map((item) => item.itemID),
      );
      if (missing.length > 0) throw new UnknownItemsError(missing);

      const distribution = await claimDistribution(trx, {
        request_id: request.requestID,
        reason: request.reason,
        credits: request.credits,
        items: JSON.stringify(items),
        distributed_at: now.toISOString(),
        distributed_by: context.admin,
      });
      const fresh = await claimRecipients(trx, request.requestID, request.userIDs, now.toISOString());
      const result: DistributeRewardResult = {
        requestID: distribution.request_id,
        reason: distribution.reason,
        credits: distribution.credits,
        items,
        distributedAt: distribution.distributed_at,
        distributedBy: distribution.distributed_by,
        given: request.userIDs.filter((userID) => fresh.has(userID)),
        alreadyGiven: request.userIDs.filter((userID) => !fresh.has(userID)),
      };
      if (result.given.length === 0) throw new NothingGiven(result);

      for (const userId of [...fresh].sort()) {
        const reference = rewardReference(request.requestID, userId);
        if (request.credits > 0) {
          await credit(trx, { userId, amount: request.credits, reason: 'reward', reference, now });
        }
        await grantItems(trx, { userId, itemIDs, source: 'reward', reference, now });
      }
      return result;
    });
  } catch (error) {
    if (error instanceof NothingGiven) return error.result;
    throw error;
  }
}
