import { ACCOUNT_SUSPENDED_CODE, accountSuspendedMessage } from '@outpost/contracts/account-lifecycle-text';
import { type SessionEnd, sessionEnd } from '@outpost/contracts/identity';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database';
import { FunctionError } from '../platform/http/errors';
import type { LiveSession, SessionCheck } from '../platform/live/routes';
import { formatUtc } from './auth';
import { type NotedCause, notedEnd } from './ended-sessions';
import { type AccountStanding, accountStanding } from './lifecycle/standing';
import { sessionByToken } from './session-reader';

/*
 * Why a session no longer counts, in the words its holder is told: the last event of a live
 * stream opened with it, GET /api/auth/me, and a suspended player's refused request. The
 * account's standing speaks first (deleted, suspended), then the note of how the session ended.
 */

type Identity = Kysely<IdentityDatabase>;

/** A suspension's end: until when and why, in the words a refused sign-in uses (the end in UTC). */
export function suspendedEnd(endsAt: string | null, reason: string): SessionEnd {
  return {
    cause: 'suspended',
    message: accountSuspendedMessage(endsAt, reason, formatUtc),
    suspension: { reason, endsAt },
  };
}

/**
 * The refusal of a suspended account, a sign-in's or a request's: 403 with the end and the
 * reason also in `details`, so a screen can word the end in its reader's own time.
 */
export function suspendedRefusal(endsAt: string | null, reason: string): FunctionError {
  return new FunctionError('permission-denied', suspendedEnd(endsAt, reason).message, {
    code: ACCOUNT_SUSPENDED_CODE,
    endsAt,
    reason,
  });
}

/** What an account that may not have a session says of its sessions. */
export function endByStanding(standing: Exclude<AccountStanding, { kind: 'active' }>): SessionEnd {
  return standing.kind === 'gone' ? sessionEnd('deleted') : suspendedEnd(standing.endsAt, standing.reason);
}

/** Why the session of one of `tokens` ended, when it was noted (and not replaced): by the account's standing first. */
export async function endOfPresented(
  identity: Identity,
  tokens: readonly string[],
  now = new Date(),
): Promise<SessionEnd | undefined> {
  const note = await notedEnd(identity, tokens, now);
  if (!note || note.cause === 'replaced') return undefined;
  const standing = await accountStanding(identity, note.userId, now);
  return standing.kind === 'active' ? endOfNote(note.cause) : endByStanding(standing);
}

/** A noted end of an account in good standing (a suspension since lifted leaves the session simply gone). */
function endOfNote(cause: Exclude<NotedCause, 'replaced'> | undefined): SessionEnd {
  return sessionEnd(cause === undefined || cause === 'suspended' ? 'ended' : cause);
}

/** The session's viewer now, with its expiry, or why it no longer counts (a stream checked again has no request to read). */
export async function checkSession(
  identity: Identity,
  session: Pick<LiveSession, 'userId' | 'token'>,
  now = new Date(),
): Promise<SessionCheck> {
  const [[row], standing] = await Promise.all([
    sessionByToken(identity, { token: session.token }),
    accountStanding(identity, session.userId, now),
  ]);
  if (standing.kind !== 'active') return { end: endByStanding(standing) };
  const expiresAt = row ? new Date(row.expires_at).getTime() : 0;
  if (row && row.user_id === session.userId && expiresAt > now.getTime()) {
    return { viewer: { userId: session.userId, email: row.email, profile: standing.profile }, expiresAt };
  }
  const cause = (await notedEnd(identity, [session.token], now))?.cause;
  // Its device holds the new session already (or will as the answer lands): it reconnects with it.
  return cause === 'replaced' ? { reconnect: true } : { end: endOfNote(cause) };
}
