import { randomBytes } from 'node:crypto';
import { REMOTE_CONFIG_PLATFORMS, type RemoteConfigPlatform } from '@outpost/contracts/remote-config/schemas';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../apps/server/src/database';
import type { LatencyRequest } from '../search/latency-client';
import { benchUser, SEARCH_USERS } from '../search/users';

/*
 * Who fetches the configuration in the bench: signed-in players (bearer sessions of accounts of the
 * 100,000) and devices not signed in, on every platform and a spread of app versions, a share of
 * them revalidating with the ETag of their previous fetch (If-None-Match, answered 304).
 */

/** Signed-in players among the callers, and as many device callers. */
export const SIGNED_IN_CALLERS = 400;
export const DEVICE_CALLERS = 400;
/** One caller in REVALIDATE_EVERY sends If-None-Match with the ETag of its previous fetch. */
const REVALIDATE_EVERY = 4;
/** Versions of the game in players' hands: old builds, the current ones, a four-part store build. */
const APP_VERSIONS = ['2.8', '2.9.4', '3.0', '3.0.2', '3.1', '3.2.1', '3.3', '3.3.0.17'];
/** Rows per insert: SQLite binds at most 32,766 values, and a session row has nine columns. */
const BATCH = 1_000;

export interface Caller {
  /** `Bearer …` for a signed-in player. */
  authorization?: string;
  platform: RemoteConfigPlatform;
  appVersion: string;
  deviceId: string;
  /** Whether it sends the ETag of its previous fetch. */
  revalidates: boolean;
}

/**
 * Bearer sessions for `userIds`, accounts already in the store: copies of the session row the auth
 * library wrote for `templateUserId`'s sign-up, with new ids and tokens (a sign-in hashes a password
 * for half a second, so hundreds of them would take minutes). Every request still resolves its
 * session through the library.
 */
export async function openSessions(
  identity: Kysely<IdentityDatabase>,
  templateUserId: string,
  userIds: readonly string[],
): Promise<string[]> {
  const session = await identity
    .selectFrom('auth_sessions')
    .selectAll()
    .where('user_id', '=', templateUserId)
    .executeTakeFirstOrThrow();
  // The bearer plugin signs a token without a '.' itself, as it does the one sign-up hands out.
  const tokens = userIds.map(() => randomBytes(24).toString('hex'));
  for (let start = 0; start < userIds.length; start += BATCH) {
    await identity
      .insertInto('auth_sessions')
      .values(
        userIds.slice(start, start + BATCH).map((userId, offset) => ({
          ...session,
          id: randomBytes(12).toString('hex'),
          token: tokens[start + offset] as string,
          user_id: userId,
        })),
      )
      .execute();
  }
  return tokens.map((token) => `Bearer ${token}`);
}

/** Accounts of the crowd (bench/search/users.ts) the signed-in callers play as, spread over it. */
export function signedInAccounts(): string[] {
  return Array.from({ length: SIGNED_IN_CALLERS }, (_, n) => benchUser((n * 241 + 17) % SEARCH_USERS).id);
}

/** The callers, a signed-in player and a device in turn; `bearers` are the signed-in players' sessions. */
export function benchCallers(bearers: readonly string[]): Caller[] {
  const callers: Caller[] = [];
  const caller = (n: number, authorization: string | undefined): Caller => ({
    ...(authorization ? { authorization } : {}),
    platform: REMOTE_CONFIG_PLATFORMS[n % REMOTE_CONFIG_PLATFORMS.length] as RemoteConfigPlatform,
    appVersion: APP_VERSIONS[(n * 5 + Math.floor(n / 3)) % APP_VERSIONS.length] as string,
    deviceId: `device-${n.toString(36)}-${(n * 2_654_435_761) % 4_294_967_296}`,
    revalidates: Math.floor(n / 2) % REVALIDATE_EVERY === REVALIDATE_EVERY - 1,
  });
  for (let n = 0; n < Math.max(bearers.length, DEVICE_CALLERS); n += 1) {
    const bearer = bearers[n];
    if (bearer !== undefined) callers.push(caller(2 * n, bearer));
    if (n < DEVICE_CALLERS) callers.push(caller(2 * n + 1, undefined));
  }
  return callers;
}

/** The fetch's path for a caller: what the game's SDK sends. */
export function fetchPath(caller: Caller): string {
  const query = new URLSearchParams({
    platform: caller.platform,
    appVersion: caller.appVersion,
    deviceId: caller.deviceId,
  });
  return `/api/remote-config?${query}`;
}

export function callerHeaders(caller: Caller): Record<string, string> {
  return caller.authorization ? { authorization: caller.authorization } : {};
}

/** The caller's fetch; revalidating with `etag`, the tag of its previous fetch, it must be answered 304. */
export function fetchRequest(caller: Caller, etag?: string): LatencyRequest {
  const request: LatencyRequest = { method: 'GET', path: fetchPath(caller), headers: callerHeaders(caller) };
  if (etag === undefined) return request;
  return { ...request, headers: { ...request.headers, 'if-none-match': etag }, expectStatus: 304 };
}
