import { PROFILE_KEYS, type ProfileKey } from '@outpost/contracts/permissions';
import { USER_KEYS_MESSAGES, type UserKeysResult } from '@outpost/contracts/user-search';
import type { Kysely } from 'kysely';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../../backoffice/index';
import type { GameDatabase, IdentityDatabase } from '../../database';
import { withIdentityChangeLast } from '../identity-change-last';

/*
 * An admin's change of a user's keys, made from a search hit: the only write of this folder. Keys live in the
 * identity store, shared by the environments; the change is logged in the admin log of the environment the
 * admin works in, written first, in a transaction of that store that the key change runs inside.
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
  /** The environment's store whose transaction the key change runs last inside. */
  game: Kysely<GameDatabase>;
}

/** A profile's keys, with the stored text a later change is conditional on. */
export interface StoredKeys {
  displayName: string;
  keys: string[];
  /** The keys as stored (JSON text): the condition of `changeKeysLast`. */
  stored: string;
}

export async function findStoredKeys(
  identity: Kysely<IdentityDatabase>,
  userID: string,
): Promise<StoredKeys | undefined> {
  const row = await identity
    .selectFrom('profiles')
    .select(['display_name', 'keys'])
    .where('user_id', '=', userID)
    .executeTakeFirst();
  return row && { displayName: row.display_name, keys: JSON.parse(row.keys) as string[], stored: row.keys };
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

/** Rounds of read-and-replace before a key addition gives up: rival changes are people's edits, and rare. */
const ADD_KEY_ROUNDS = 5;

/**
 * Adds `key` to `userID`'s keys, keeping every other key: a change made in between is read again,
 * never overwritten. Answers false when there is no profile to hold it (an account deleted
 * meanwhile); adding a key the profile holds already changes nothing, so it can be repeated.
 */
export async function addProfileKey(identity: Kysely<IdentityDatabase>, userID: string, key: string): Promise<boolean> {
  for (let round = 0; round < ADD_KEY_ROUNDS; round += 1) {
    const profile = await findStoredKeys(identity, userID);
    if (!profile) return false;
    if (profile.keys.includes(key)) return true;
    if (await replaceKeys(identity, userID, profile.stored, JSON.stringify([...profile.keys, key]))) return true;
  }
  throw new Error(`The keys of ${userID} kept changing while the key ${key} was added.`);
}

/**
 * Runs `work` in a transaction of the game store and, last inside it, sets `userID`'s keys from
 * `from` to `to` (KeysChangedMeanwhileError, rolling `work` back, when they are no longer `from`);
 * should the game commit fail after it, the keys go back.
 */
export async function changeKeysLast<Result>(
  stores: KeyStores,
  change: { userID: string; from: string; to: string },
  work: (trx: Kysely<GameDatabase>) => Promise<Result>,
): Promise<Result> {
  const { result } = await withIdentityChangeLast(stores.game, work, {
    apply: async () => {
      if (!(await replaceKeys(stores.identity, change.userID, change.from, change.to))) {
        throw new KeysChangedMeanwhileError(USER_KEYS_MESSAGES.changedMeanwhile);
      }
    },
    undo: () => replaceKeys(stores.identity, change.userID, change.to, change.from).then(() => undefined),
  });
  return result;
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
  const profile = await findStoredKeys(stores.identity, userID);
  if (!profile) {
    const account = await stores.identity
      .selectFrom('auth_users')
      .select('id')
      .where('id', '=', userID)
      .executeTakeFirst();
    throw new UserNotFoundError(account ? USER_KEYS_MESSAGES.noProfile(userID) : USER_KEYS_MESSAGES.noUser(userID));
  }
  // A refused change leaves no log entry: the entry is the work the key change runs after.
  await changeKeysLast(stores, { userID, from: profile.stored, to: JSON.stringify(saved) }, (trx) =>
    appendAdminLog(
      trx,
      adminLogRecord(change, USER_KEYS_ACTION, {
        userID,
        displayName: profile.displayName,
        keys: saved,
        previousKeys: profile.keys,
      }),
    ),
  );
  return { userID, displayName: profile.displayName, keys: saved };
}
