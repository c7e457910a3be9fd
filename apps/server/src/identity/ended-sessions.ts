import { createHash } from 'node:crypto';
import type { SessionEndCause } from '@outpost/contracts/identity';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database';

/*
 * Why sessions ended, noted where the app ends them: a sign-out, a password changed or reset (the
 * auth library deletes the sessions; viewer.ts notes them just before), a suspension (in the
 * deleting transaction). A session row, once deleted, tells nothing, so a live stream still open
 * on it, or a request still presenting it, would otherwise learn only that it is gone. A note is
 * kept by a hash of the token, until the session's own expiry, and goes with its account.
 */

type Identity = Kysely<IdentityDatabase>;

/**
 * The ends the account's standing cannot tell by itself (a deletion and a suspension in force it
 * can), and `replaced`: the session of the device that changed the password, which the library
 * ends and replaces with a new one on the same device, so nobody is told it ended.
 */
export type NotedCause = Extract<SessionEndCause, 'signed-out' | 'password-changed' | 'suspended'> | 'replaced';

/** What a note is kept under: the token itself is a credential, its hash is not. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The sessions a note covers: some by their tokens, or every session of one account. */
export type SessionsToNote = { tokens: readonly string[] } | { userId: string };

/**
 * Notes why these sessions end, replacing an earlier note of theirs, and forgets notes whose
 * session would have expired by now. Answers the tokens noted (to withdraw them should the end
 * not happen after all).
 */
export async function noteSessionEnds(
  db: Identity,
  which: SessionsToNote,
  cause: NotedCause,
  now = new Date(),
): Promise<string[]> {
  let query = db.selectFrom('auth_sessions').select(['token', 'user_id', 'expires_at']);
  if ('tokens' in which) {
    if (which.tokens.length === 0) return [];
    query = query.where('token', 'in', [...which.tokens]);
  } else {
    query = query.where('user_id', '=', which.userId);
  }
  const sessions = await query.execute();
  await db.deleteFrom('ended_sessions').where('expires_at', '<=', now.toISOString()).execute();
  if (sessions.length === 0) return [];
  await db
    .insertInto('ended_sessions')
    .values(
      sessions.map((session) => ({
        token_hash: tokenHash(session.token),
        user_id: session.user_id,
        cause,
        expires_at: new Date(session.expires_at).toISOString(),
      })),
    )
    .onConflict((conflict) => conflict.column('token_hash').doUpdateSet((eb) => ({ cause: eb.ref('excluded.cause') })))
    .execute();
  return sessions.map((session) => session.token);
}

/** Takes back the notes of sessions that did not end after all (the sign-out or change was refused). */
export async function withdrawSessionEnds(db: Identity, tokens: readonly string[]): Promise<void> {
  if (tokens.length === 0) return;
  const alive = await db
    .selectFrom('auth_sessions')
    .select('token')
    .where('token', 'in', [...tokens])
    .execute();
  if (alive.length === 0) return;
  await db
    .deleteFrom('ended_sessions')
    .where(
      'token_hash',
      'in',
      alive.map((session) => tokenHash(session.token)),
    )
    .execute();
}

/** The note of the first of `tokens` whose session ended and would not have expired yet. */
export async function notedEnd(
  db: Identity,
  tokens: readonly string[],
  now = new Date(),
): Promise<{ userId: string; cause: NotedCause } | undefined> {
  if (tokens.length === 0) return undefined;
  const hashes = tokens.map(tokenHash);
  const notes = await db
    .selectFrom('ended_sessions')
    .select(['token_hash', 'user_id', 'cause'])
    .where('token_hash', 'in', hashes)
    .where('expires_at', '>', now.toISOString())
    .execute();
  const note = hashes.flatMap((hash) => notes.filter((row) => row.token_hash === hash))[0];
  return note && { userId: note.user_id, cause: note.cause as NotedCause };
}
