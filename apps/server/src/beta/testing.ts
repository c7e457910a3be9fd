import { ADMIN_INVITE_SOURCE } from '@outpost/contracts/beta';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';

/** Test helpers for the beta programme: invites written straight into a store. */

export interface TestInvite {
  inviteID: string;
  /** 'admin' or the sharing player's user id; 'admin' by default. */
  source?: string;
  /** ISO 8601; a day from now by default. */
  expiration?: string;
}

export async function putTestInvite(db: Kysely<GameDatabase>, invite: TestInvite): Promise<void> {
  const source = invite.source ?? ADMIN_INVITE_SOURCE;
  await db
    .insertInto('invites')
    .values({
      invite_id: invite.inviteID,
      source,
      created_by: source === ADMIN_INVITE_SOURCE ? 'test-admin' : source,
      claimed: 0,
      expiration: invite.expiration ?? new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
      created: new Date().toISOString(),
    })
    .execute();
}

/** An invite's claimed flag beside its claim rows: a player's invite has both or neither. */
export async function inviteClaims(
  db: Kysely<GameDatabase>,
  inviteID: string,
): Promise<{ claimed: boolean; claimedBy: string[] }> {
  const invite = await db
    .selectFrom('invites')
    .select('claimed')
    .where('invite_id', '=', inviteID)
    .executeTakeFirstOrThrow();
  const claims = await db
    .selectFrom('invite_claims')
    .select('user_id')
    .where('invite_id', '=', inviteID)
    .orderBy('user_id')
    .execute();
  return { claimed: invite.claimed === 1, claimedBy: claims.map((claim) => claim.user_id) };
}

/** The admin-log entries of one action, oldest first. */
export async function adminLogOf(db: Kysely<GameDatabase>, action: string) {
  const rows = await db.selectFrom('admin_log').selectAll().where('action', '=', action).orderBy('id').execute();
  return rows.map((row) => ({ admin: row.admin, environment: row.environment, data: JSON.parse(row.data) as unknown }));
}
