import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database';
import type { ChangeSource } from '../platform/changes/triggers';
import { type LiveTopic, ownerAudience } from '../platform/live/routes';
import { findProfile } from './queries';

/*
 * The identity store's change sources: the user's profile (docs/product.md §7.10's live listener on it: a
 * display name or keys changed), accounts made and removed (for other domains' figures that count them), and
 * sessions that end, which every instance's session cache must
 * forget at once (sign-out, a password change, a suspension), whoever ended them: our routes, the
 * auth library or the operator's CLI. Both also check again the live streams of the account they
 * name, on every instance (viewer.ts's liveSessions).
 */

export interface IdentityLiveScope {
  identity: Kysely<IdentityDatabase>;
}

/** The user's profile: its key is the user. */
export const PROFILE_TOPIC = 'profile';

/** The internal topic of ended sessions: its key is the user whose session ended. */
export const ENDED_SESSIONS_TOPIC = 'ended-sessions';

/** Sessions that end: the auth library's rows, deleted by a sign-out, a password change or a suspension. */
export const ENDED_SESSIONS_SOURCE: ChangeSource = {
  topic: ENDED_SESSIONS_TOPIC,
  table: 'auth_sessions',
  key: 'user_id',
  ops: ['delete'],
};

/**
 * Accounts made and removed, as a change of `topic`'s one record `as`: a topic whose figures count the
 * accounts (the live stats' users count and newest players) hears of them without naming identity's tables.
 */
export function accountsChangeSource(topic: string, as: string): ChangeSource {
  return { topic, table: 'auth_users', key: 'id', as, ops: ['insert', 'delete'] };
}

export const IDENTITY_LIVE_TOPICS: readonly LiveTopic<IdentityLiveScope>[] = [
  {
    name: PROFILE_TOPIC,
    access: 'owner',
    side: 'identity',
    sources: [{ topic: PROFILE_TOPIC, table: 'profiles', key: 'user_id' }],
    audience: ownerAudience,
    load: (key, _audience, { identity }) => findProfile(identity, key),
  },
];
