import type { RewardAudience, RewardRequest } from '@outpost/contracts/rewards';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database';
import { betaTesters, partners } from './audiences';
import type { RewardRecipients } from './distribute';

/** User ids that name no account (400); nothing was given. */
export class UnknownUsersError extends Error {
  constructor(readonly userIDs: string[]) {
    super(`No account has the user ids ${userIDs.join(', ')}.`);
  }
}

/**
 * The user ids among `userIDs` that name no account, once each, in the order given. Accounts live
 * in the identity store, shared by every environment, so a reward's recipients are checked here
 * before the environment's transaction gives anything. A call names at most REWARD_MAX_RECIPIENTS
 * ids, well under both dialects' parameter limits.
 */
export async function findMissingUsers(
  identity: Kysely<IdentityDatabase>,
  userIDs: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(userIDs)];
  if (unique.length === 0) return [];
  const rows = await identity.selectFrom('auth_users').select('id').where('id', 'in', unique).execute();
  const found = new Set(rows.map((row) => row.id));
  return unique.filter((userID) => !found.has(userID));
}

/**
 * Who a reward request names. Beta testers are the environment's data, so the distribution's own
 * transaction finds them; partners are the identity store's, which no transaction of the
 * environment's store can include, so they are found just before it.
 */
export async function rewardRecipients(
  identity: Kysely<IdentityDatabase>,
  request: Pick<RewardRequest, 'userIDs'> & { audience?: RewardAudience | undefined },
): Promise<RewardRecipients> {
  if (request.audience === 'beta-testers') return { audience: request.audience, find: betaTesters };
  if (request.audience === 'partners') {
    const members = await partners(identity);
    return { audience: request.audience, find: async () => members };
  }
  const { userIDs } = request;
  // The input schema lets a request through only with one of the two.
  if (!userIDs) throw new Error('A reward request names neither userIDs nor an audience.');
  const missing = await findMissingUsers(identity, userIDs);
  if (missing.length > 0) throw new UnknownUsersError(missing);
  return { audience: null, find: async () => userIDs };
}
