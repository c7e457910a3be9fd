import { PROFILE_KEYS, type ProfileKey } from '@outpost/contracts/permissions';
import { USER_KEYS_MESSAGES, type UserKeysResult } from '@outpost/contracts/user-search';
import type { Kysely } from 'kysely';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../../backoffice/admin-log';
import type { GameDatabase, IdentityDatabase } from '../../stores';

/*
 * An admin's change of a user's keys (issue 12 point 13), made from a search hit: the only write
 * of this folder. Keys live in the identity store, shared by the environments; the change is
 * logged in the admin log of the environment the admin works in, written first, in a
 * transaction of that store that the key change runs inside.
 */

export const USER_KEYS_ACTION = 'user.keys';

/** No account, or no profile to hold keys (404). */
export class UserNotFoundError extends Error {}
/** An admin taking away their own admin key (400): they could not give it back. */
export class OwnAdminKeyError extends Error {}
/** The keys changed between reading and writing them (409). */
export class KeysChangedMeanwhileError extends Error {}

interface KeyStores {
  identity: Kysely<IdentityDatabase>;
  /** The store of the environment the admin works in, for the admin log. */
  game: Kysely<GameDatabase>;
}

/** Replaces the keys only if they are still `from`: a rival change in between is never overwritten unseen. */
async function replaceKeys(identity: Kysely<IdentityDatabase>, userID: string, from: string, to: string) {
  const result = await identity
    .updateTable('profiles')
    .set({ keys: to })
    .where('user_id', '=', userID)
    .where('keys', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets `userID`'s keys to `keys` (each once, in the role table's order) and answers what was saved. */
export async function changeUserKeys(
  stores: KeyStores,
  change: AdminChange,
  userID: string,
  keys: readonly ProfileKey[],
): Promise<UserKeysResult> {
  const saved = PROFILE_KEYS.filter((key) => keys.includes(key));
  if (userID === change.admin && !saved.includes('admin')) throw new OwnAdminKeyError(USER_KEYS_MESSAGES.ownAdminKey);
  const profile = await stores.identity
    .selectFrom('profiles')
    .select(['display_name', 'keys'])
    .where('user_id', '=', userID)
    .executeTakeFirst();
  if (!profile) {
    const account = await stores.identity
      .selectFrom('auth_users')
      .select('id')
      .where('id', '=', userID)
      .executeTakeFirst();
    throw new UserNotFoundError(account ? USER_KEYS_MESSAGES.noProfile(userID) : USER_KEYS_MESSAGES.noUser(userID));
  }
  const previous = JSON.parse(profile.keys) as string[];
  const next = JSON.stringify(saved);

  // Two stores cannot share a transaction: the key change runs last inside the log's, so a
  // refused change leaves no entry. Should the log's commit fail after it, the keys go back.
  let replaced = false;
  try {
    await stores.game.transaction().execute(async (trx) => {
      await appendAdminLog(
        trx,
        adminLogRecord(change, USER_KEYS_ACTION, {
          userID,
          displayName: profile.display_name,
          keys: saved,
          previousKeys: previous,
        }),
      );
      if (!(await replaceKeys(stores.identity, userID, profile.keys, next))) {
        throw new KeysChangedMeanwhileError(USER_KEYS_MESSAGES.changedMeanwhile);
      }
      replaced = true;
    });
  } catch (error) {
    if (replaced) await replaceKeys(stores.identity, userID, next, profile.keys);
    throw error;
  }
  return { userID, displayName: profile.display_name, keys: saved };
}
