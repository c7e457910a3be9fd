import type { Profile } from '@outpost/contracts/identity';
import type { Person } from '@outpost/contracts/people';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { IdentityDatabase } from '../database';
import { missingValues } from '../platform/db/bulk-rows';
import { isUniqueViolation } from '../platform/db/errors';
import { prepareQuery } from '../platform/db/prepared-query';
import { bucketKey, bucketValues, type TimeUnit } from '../platform/db/time-buckets';
import type { ProfileRow } from './tables';

// Hot reads (check-email on every login screen, the profile on every signed-in call) are compiled once.
const userIdByEmail = prepareQuery((db: Kysely<IdentityDatabase>, params: { email: string }) =>
  db.selectFrom('auth_users').select('id').where('email', '=', params.email),
);
const profileByUserId = prepareQuery((db: Kysely<IdentityDatabase>, params: { userId: string }) =>
  db.selectFrom('profiles').selectAll().where('user_id', '=', params.userId),
);

export async function findUserIdByEmail(db: Kysely<IdentityDatabase>, email: string): Promise<string | undefined> {
  const [row] = await userIdByEmail(db, { email: email.toLowerCase() });
  return row?.id;
}

export function toProfile(row: ProfileRow): Profile {
  return { displayName: row.display_name, keys: JSON.parse(row.keys) as string[], created: row.created };
}

export async function findProfile(db: Kysely<IdentityDatabase>, userId: string): Promise<Profile | null> {
  const [row] = await profileByUserId(db, { userId });
  return row ? toProfile(row) : null;
}

export async function isDisplayNameTaken(db: Kysely<IdentityDatabase>, displayName: string): Promise<boolean> {
  const row = await db
    .selectFrom('profiles')
    .select('user_id')
    .where('display_name_key', '=', displayName.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates the profile once; the unique display-name key settles races between two users
 * choosing the same name. Returns what stopped it, if anything.
 */
export async function insertProfile(
  db: Kysely<IdentityDatabase>,
  profile: { userId: string; displayName: string; keys?: readonly string[]; created: string },
): Promise<'created' | 'profile-exists' | 'name-taken'> {
  const result = await db
    .insertInto('profiles')
    .values({
      user_id: profile.userId,
      display_name: profile.displayName,
      display_name_key: profile.displayName.toLowerCase(),
      keys: JSON.stringify(profile.keys ?? []),
      created: profile.created,
    })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) return 'created';
  return (await findProfile(db, profile.userId)) ? 'profile-exists' : 'name-taken';
}

/** Renames the player's profile; false when they have none. Throws the unique violation of a taken name. */
async function renameProfile(db: Kysely<IdentityDatabase>, userId: string, displayName: string): Promise<boolean> {
  const result = await db
    .updateTable('profiles')
    .set({ display_name: displayName, display_name_key: displayName.toLowerCase() })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Gives the player's profile a new display name, or creates the profile with it for an account
 * that has none. The unique display-name key decides between players racing for one name, as it
 * does for register; a change of case alone is the player's own name, so it goes through.
 */
export async function setDisplayName(
  db: Kysely<IdentityDatabase>,
  userId: string,
  displayName: string,
): Promise<{ outcome: 'saved'; profile: Profile } | { outcome: 'name-taken' }> {
  try {
    if (!(await renameProfile(db, userId, displayName))) {
      const created = await insertProfile(db, { userId, displayName, created: new Date().toISOString() });
      if (created === 'name-taken') return { outcome: 'name-taken' };
      // 'profile-exists': another call of this player created it meanwhile, so now it can be renamed.
      if (created === 'profile-exists') await renameProfile(db, userId, displayName);
    }
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: 'name-taken' };
    throw error;
  }
  const profile = await findProfile(db, userId);
  if (!profile) throw new Error(`the profile of ${userId} is missing after its display name was set`);
  return { outcome: 'saved', profile };
}

/** A profile key profilesHoldingKey can look for: lowercase letters, digits and hyphens. */
const PLAIN_KEY = /^[a-z0-9-]+$/;

/**
 * A LIKE pattern for profiles holding `key`: keys are stored as a JSON array of strings, so the
 * quoted key matches that key and no other ('partner', never 'partner-candidate').
 */
function heldKeyPattern(key: string): string {
  return `%${JSON.stringify(key)}%`;
}

/**
 * The profiles holding `key`. The pattern is written into the query, not bound, so the stores can answer
 * it from a partial index built for that key (profiles_partners, identity's migration
 * 2026-12-27-partner-profiles, for the partner key): a bound pattern's plan, prepared once, would read
 * every profile.
 */
function profilesHoldingKey(db: Kysely<IdentityDatabase>, key: string) {
  // Written into a LIKE pattern as it is: a key of other characters ('_', '%', a backslash) would match others.
  if (!PLAIN_KEY.test(key))
    throw new RangeError(`A profile key to look for is lowercase letters, digits and hyphens (got "${key}").`);
  return db.selectFrom('profiles').where('profiles.keys', 'like', sql.lit(heldKeyPattern(key)));
}

/**
 * A profile's account's email, looked up by its key in a subquery of the profile's row rather than joined:
 * joined, PostgreSQL's planner hashed all 100,000 accounts to match 1,000 partners (26 ms, against 5 for
 * the lookups). Null for a profile whose account is gone.
 */
export function profileAccountEmail(eb: ExpressionBuilder<IdentityDatabase, 'profiles'>) {
  return eb.selectFrom('auth_users').select('auth_users.email').whereRef('auth_users.id', '=', 'profiles.user_id');
}

/** The profiles holding `key` whose account there is (profilesHoldingKey, each account looked up by key). */
export function accountsHoldingKey(db: Kysely<IdentityDatabase>, key: string) {
  return profilesHoldingKey(db, key).where((eb) => eb(profileAccountEmail(eb), 'is not', null));
}

export async function setProfileKeys(db: Kysely<IdentityDatabase>, userId: string, keys: readonly string[]) {
  const result = await db
    .updateTable('profiles')
    .set({ keys: JSON.stringify([...new Set(keys)]) })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function listUsers(db: Kysely<IdentityDatabase>, options: { key?: string } = {}) {
  const rows = await db
    .selectFrom('auth_users')
    .leftJoin('profiles', 'profiles.user_id', 'auth_users.id')
    .select(['auth_users.id', 'auth_users.email', 'profiles.display_name', 'profiles.keys', 'auth_users.created_at'])
    .orderBy('auth_users.email')
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      email: row.email,
      displayName: row.display_name,
      keys: row.keys ? (JSON.parse(row.keys) as string[]) : [],
    }))
    .filter((user) => !options.key || user.keys.includes(options.key));
}

/**
 * Every account (docs/product.md §9.2's users count, exact): the count the auth_users triggers keep
 * (migration 2026-12-10).
 */
export async function countAccounts(db: Kysely<IdentityDatabase>): Promise<number> {
  const row = await db.selectFrom('account_count').select('total').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The newest accounts, newest first, with their display names. */
export async function listRecentAccounts(
  db: Kysely<IdentityDatabase>,
  limit: number,
): Promise<{ userID: string; displayName: string | null; joinedAt: string }[]> {
  const rows = await db
    .selectFrom('auth_users')
    .leftJoin('profiles', 'profiles.user_id', 'auth_users.id')
    .select(['auth_users.id', 'profiles.display_name', 'auth_users.created_at'])
    .orderBy('auth_users.created_at', 'desc')
    .orderBy('auth_users.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    userID: row.id,
    displayName: row.display_name ?? null,
    joinedAt: new Date(row.created_at).toISOString(),
  }));
}

/**
 * Accounts made per bucket of a window (the live stats' sign-ups chart), from the hours' counts the
 * triggers keep (migration 2026-12-26-sign-up-hours): a day is its hours' sum, at most 90 × 24 rows.
 */
export async function countSignUpsPerBucket(
  db: Kysely<IdentityDatabase>,
  since: string,
  unit: TimeUnit,
): Promise<ReadonlyMap<string, number>> {
  const bucket = unit === 'hour' ? sql<string>`hour` : sql<string>`substr(hour, 1, 10)`;
  const rows = await db
    .selectFrom('sign_up_hours')
    .where('hour', '>=', bucketKey(new Date(since), unit))
    .select((eb) => [bucket.as('bucket'), eb.fn.sum<string | number>('accounts').as('value')])
    .groupBy(bucket)
    .execute();
  return bucketValues(rows);
}

/**
 * Player accounts: every account but those being deleted (a deletion marker names them until the
 * sweep forgets them; a finished deletion has removed the account). Suspended players are
 * accounts in good keeping for this purpose: a suspension ends, and what is given meanwhile waits.
 */
function playerAccounts(db: Kysely<IdentityDatabase>) {
  return db
    .selectFrom('auth_users')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('account_deletions')
            .select('account_deletions.user_id')
            .whereRef('account_deletions.user_id', '=', 'auth_users.id'),
        ),
      ),
    );
}

/** The players among `userIds` with a player account (playerAccounts: there, and not being deleted). */
export async function withPlayerAccounts(
  db: Kysely<IdentityDatabase>,
  userIds: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Set();
  const rows = await playerAccounts(db).select('auth_users.id').where('auth_users.id', 'in', unique).execute();
  return new Set(rows.map((row) => row.id));
}

/** When an account was made, or undefined when there is none. */
export async function accountCreatedAt(db: Kysely<IdentityDatabase>, userId: string): Promise<Date | undefined> {
  const row = await db.selectFrom('auth_users').select('created_at').where('id', '=', userId).executeTakeFirst();
  return row === undefined ? undefined : new Date(row.created_at);
}

/**
 * How many player accounts there are now: the accounts the auth_users triggers count (countAccounts) less
 * those being deleted, in one statement so both are of the same moment; counting the accounts read them all.
 */
export async function countPlayerAccounts(db: Kysely<IdentityDatabase>): Promise<number> {
  const beingDeleted = db
    .selectFrom('account_deletions')
    .innerJoin('auth_users', 'auth_users.id', 'account_deletions.user_id')
    .select((eb) => eb.fn.countAll().as('count'));
  const row = await db
    .selectFrom('account_count')
    .select(sql<string | number>`total - (${beingDeleted})`.as('total'))
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The next `limit` player accounts after `after` (from the first when null), in id order, each with
 * when it was made (milliseconds since 1970): one keyset page of segments' players.
 */
export async function playerAccountPage(
  db: Kysely<IdentityDatabase>,
  after: string | null,
  limit: number,
): Promise<{ userId: string; createdAt: number }[]> {
  let page = playerAccounts(db)
    .select(['auth_users.id', 'auth_users.created_at'])
    .orderBy('auth_users.id')
    .limit(limit);
  if (after !== null) page = page.where('auth_users.id', '>', after);
  const rows = await page.execute();
  return rows.map((row) => ({ userId: row.id, createdAt: new Date(row.created_at).getTime() }));
}

/** The next `limit` player accounts' ids after `after` (from the first when null), in id order: one keyset page. */
export async function playerAccountsAfter(
  db: Kysely<IdentityDatabase>,
  after: string | null,
  limit: number,
): Promise<string[]> {
  let page = playerAccounts(db).select('auth_users.id').orderBy('auth_users.id').limit(limit);
  if (after !== null) page = page.where('auth_users.id', '>', after);
  const rows = await page.execute();
  return rows.map((row) => row.id);
}

/**
 * The people behind these user ids, as the back office names them (display name and email); an
 * id without an account (deleted) is still answered, with neither.
 */
export async function peopleOf(
  db: Kysely<IdentityDatabase>,
  userIds: readonly string[],
): Promise<ReadonlyMap<string, Person>> {
  const unique = [...new Set(userIds)];
  const people = new Map<string, Person>(unique.map((userID) => [userID, { userID, displayName: null, email: null }]));
  if (unique.length === 0) return people;
  // Each account's profile is looked up by its key in a subquery of the account's row rather than joined:
  // joined, PostgreSQL's planner hashed all 100,000 profiles to name 500 people (27 ms, against 3 for the
  // lookups). The key is unique, so the subquery finds one profile or none, as the left join did.
  const rows = await db
    .selectFrom('auth_users')
    .select((eb) => [
      'auth_users.id as userID',
      'auth_users.email',
      eb
        .selectFrom('profiles')
        .select('profiles.display_name')
        .whereRef('profiles.user_id', '=', 'auth_users.id')
        .as('displayName'),
    ])
    .where('auth_users.id', 'in', unique)
    .execute();
  for (const row of rows)
    people.set(row.userID, { userID: row.userID, displayName: row.displayName, email: row.email });
  return people;
}

/**
 * The ids among `userIds` that name no account, once each, in the order given: a reward's or a push's chosen
 * players, a report's reporter, a game batch's players. One statement whatever their number (an index
 * lookup each, asked in key order so the lookups walk the index forwards).
 */
export async function missingAccounts(db: Kysely<IdentityDatabase>, userIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const missing = new Set(
    (await missingValues(db, { table: 'auth_users', column: 'id', type: 'text' }, [...unique].sort())).map(String),
  );
  return unique.filter((userId) => missing.has(userId));
}

/** The display names of some accounts (null for one without a profile), for lists that name people. */
export async function displayNamesOf(
  db: Kysely<IdentityDatabase>,
  userIds: readonly string[],
): Promise<ReadonlyMap<string, string | null>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('profiles')
    .select(['user_id', 'display_name'])
    .where('user_id', 'in', unique)
    .execute();
  const names = new Map<string, string | null>(unique.map((id) => [id, null]));
  for (const row of rows) names.set(row.user_id, row.display_name);
  return names;
}
