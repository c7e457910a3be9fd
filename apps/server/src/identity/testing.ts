import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database';
import type { Dialect } from '../platform/db/stores';
import { inBatches } from '../testing/query-plans';
import { setProfileKeys } from './queries';

/** Test helpers that drive the real auth routes through `inject`. */
export interface SignedIn {
  userId: string;
  email: string;
  /** `Authorization` header value for bearer calls. */
  bearer: string;
  /** `Cookie` header value for cookie-session calls. */
  cookie: string;
}

export const ORIGIN = 'http://localhost:3000';
/** The password signUp gives an account unless told otherwise. */
export const TEST_PASSWORD = 'correct horse battery';

export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export async function signUp(
  app: FastifyInstance,
  account: { email: string; password?: string; name?: string },
): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: {
      email: account.email,
      password: account.password ?? TEST_PASSWORD,
      name: account.name ?? 'player',
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { user: { id: string; email: string } };
  return {
    userId: body.user.id,
    email: body.user.email,
    bearer: `Bearer ${response.headers['set-auth-token']}`,
    cookie: cookieHeader(response),
  };
}

/** Signs up and registers a profile with these keys (set directly, as the operator CLI does). */
export async function signUpWithProfile(
  app: FastifyInstance,
  setKeys: (userId: string, keys: string[]) => Promise<unknown>,
  account: { email: string; displayName: string; keys?: string[] },
): Promise<SignedIn> {
  const user = await signUp(app, { email: account.email, name: account.displayName });
  const register = await app.inject({
    method: 'POST',
    url: '/api/fn/register',
    headers: { authorization: user.bearer },
    payload: { email: account.email, displayName: account.displayName },
  });
  if (register.statusCode !== 200) throw new Error(`register failed: ${register.statusCode} ${register.body}`);
  if (account.keys?.length) await setKeys(user.userId, account.keys);
  return user;
}

/**
 * One signed-in account with a profile per role, holding that role's keys: `{staff: ['staff']}`
 * gives the account `staff@example.com`, displayed as `staff-role`.
 */
export async function signUpRoles<Role extends string>(
  app: FastifyInstance,
  identity: Kysely<IdentityDatabase>,
  roles: Record<Role, string[]>,
): Promise<Record<Role, SignedIn>> {
  const setKeys = (userId: string, keys: string[]) => setProfileKeys(identity, userId, keys);
  const accounts = {} as Record<Role, SignedIn>;
  for (const [role, keys] of Object.entries(roles) as [Role, string[]][]) {
    accounts[role] = await signUpWithProfile(app, setKeys, {
      email: `${role}@example.com`,
      displayName: `${role}-role`,
      keys,
    });
  }
  return accounts;
}

/**
 * `count` signed-in players for crowd tests. Each sign-up hashes a password (about half a second),
 * so one player signs up through the real route and the others are copies of their account and
 * session rows (clonePlayers).
 */
export async function signUpPlayers(
  app: FastifyInstance,
  identity: Kysely<IdentityDatabase>,
  prefix: string,
  count: number,
): Promise<SignedIn[]> {
  const first = await signUp(app, { email: `${prefix}-0@example.com` });
  return [first, ...(await clonePlayers(identity, first.userId, prefix, count - 1))];
}

/** Rows per insert: SQLite binds at most 32,766 values, and a session row has nine columns. */
const COPY_BATCH = 1_000;

/**
 * `count` more signed-in players, copies of one who signed up through the real route: their
 * account and session rows with new ids, addresses (`<prefix>-1@example.com`, …) and tokens. The
 * rows stay exactly as the auth library writes them on each dialect, and every request still
 * resolves its session through the library (the benches' crowds use it too, against server
 * processes sharing the store).
 */
export async function clonePlayers(
  identity: Kysely<IdentityDatabase>,
  userId: string,
  prefix: string,
  count: number,
): Promise<SignedIn[]> {
  if (count <= 0) return [];
  const user = await identity.selectFrom('auth_users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const session = await identity
    .selectFrom('auth_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const players = Array.from({ length: count }, (_, index) => ({
    userId: `${prefix}-${index + 1}-${randomBytes(6).toString('hex')}`,
    email: `${prefix}-${index + 1}@example.com`,
    // The bearer plugin signs a token without a '.' itself, as it does the one sign-up hands out.
    token: randomBytes(24).toString('hex'),
  }));
  for (let start = 0; start < players.length; start += COPY_BATCH) {
    const batch = players.slice(start, start + COPY_BATCH);
    await identity
      .insertInto('auth_users')
      .values(batch.map((player) => ({ ...user, id: player.userId, email: player.email })))
      .execute();
    await identity
      .insertInto('auth_sessions')
      .values(
        batch.map((player) => ({
          ...session,
          id: randomBytes(12).toString('hex'),
          token: player.token,
          user_id: player.userId,
        })),
      )
      .execute();
  }
  return players.map((player) => ({
    userId: player.userId,
    email: player.email,
    bearer: `Bearer ${player.token}`,
    cookie: '',
  }));
}

/** POST /api/account/deletion: the signed-in player deletes their own account, from the site, with their password. */
export function deleteOwnAccount(app: FastifyInstance, who: SignedIn, password = TEST_PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/api/account/deletion',
    headers: { cookie: who.cookie, origin: ORIGIN },
    payload: { password },
  });
}

/**
 * `count` accounts (`user-0` …, named `Player 0` …), written straight into the tables as each store keeps
 * them, for a plan test's crowd: `keysOf` gives each one's profile keys, or null for an account without a
 * profile.
 */
export async function insertAccounts(
  identity: Kysely<IdentityDatabase>,
  dialect: Dialect,
  count: number,
  keysOf: (index: number) => readonly string[] | null,
): Promise<void> {
  const at = new Date('2026-11-01T00:00:00.000Z');
  const indexes = Array.from({ length: count }, (_, index) => index);
  await inBatches(
    indexes.map((index) => ({
      id: `user-${index}`,
      name: `Player ${index}`,
      email: `player-${index}@example.com`,
      email_verified: dialect === 'postgres' ? false : 0,
      image: null,
      created_at: dialect === 'postgres' ? at : at.toISOString(),
      updated_at: dialect === 'postgres' ? at : at.toISOString(),
    })),
    (batch) => identity.insertInto('auth_users').values(batch).execute(),
  );
  await inBatches(
    indexes.flatMap((index) => {
      const keys = keysOf(index);
      if (keys === null) return [];
      return [
        {
          user_id: `user-${index}`,
          display_name: `Player ${index}`,
          display_name_key: `player ${index}`,
          keys: JSON.stringify(keys),
          created: new Date(at.getTime() + index * 1_000).toISOString(),
        },
      ];
    }),
    (batch) => identity.insertInto('profiles').values(batch).execute(),
  );
}
