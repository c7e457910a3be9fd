import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../stores';

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
