import type { Profile } from '@outpost/contracts/identity';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../database';
import { prepareQuery } from '../../platform/db/prepared-query';
import { toProfile } from '../queries';

/*
 * Whether an account's sessions count right now. Suspending a player and deleting an account end
 * their sessions at once; this read, made with the profile on every signed-in request, is what
 * keeps a session that another instance still has cached, or one that races the change, from
 * counting for a moment longer.
 */

type Identity = Kysely<IdentityDatabase>;

/**
 * The account, its profile, and whether it is suspended or being deleted: one statement by key,
 * compiled once. `now` decides which suspensions have ended (ISO text in both dialects).
 */
const standingById = prepareQuery((db: Identity, params: { userId: string; now: string }) =>
  db
    .selectFrom('auth_users')
    .leftJoin('profiles', 'profiles.user_id', 'auth_users.id')
    .leftJoin('account_suspensions', (join) =>
      join
        .onRef('account_suspensions.user_id', '=', 'auth_users.id')
        .on('account_suspensions.lifted_at', 'is', null)
        .on((eb) =>
          eb.or([eb('account_suspensions.ends_at', 'is', null), eb('account_suspensions.ends_at', '>', params.now)]),
        ),
    )
    .leftJoin('account_deletions', 'account_deletions.user_id', 'auth_users.id')
    .select([
      'profiles.user_id',
      'profiles.display_name',
      'profiles.display_name_key',
      'profiles.keys',
      'profiles.created',
      'account_suspensions.suspension_id',
      'account_suspensions.ends_at',
      'account_suspensions.reason',
      'account_deletions.anonymous_id',
    ])
    .where('auth_users.id', '=', params.userId),
);

export type AccountStanding =
  | { kind: 'active'; profile: Profile | null }
  /** No account, or one being deleted: both read as no account at all. */
  | { kind: 'gone' }
  | { kind: 'suspended'; endsAt: string | null; reason: string };

export async function accountStanding(db: Identity, userId: string, now = new Date()): Promise<AccountStanding> {
  const [row] = await standingById(db, { userId, now: now.toISOString() });
  if (!row || row.anonymous_id !== null) return { kind: 'gone' };
  if (row.suspension_id !== null) return { kind: 'suspended', endsAt: row.ends_at, reason: row.reason ?? '' };
  const profile =
    row.user_id === null || row.display_name === null || row.display_name_key === null || row.keys === null
      ? null
      : toProfile({
          user_id: row.user_id,
          display_name: row.display_name,
          display_name_key: row.display_name_key,
          keys: row.keys,
          created: row.created ?? '',
        });
  return { kind: 'active', profile };
}
