import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';

/** Test helpers for the partner programme: what the stores hold, read straight from them. */

export async function keysOf(identity: Kysely<IdentityDatabase>, userId: string): Promise<string[]> {
  const row = await identity
    .selectFrom('profiles')
    .select('keys')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.keys) as string[];
}

export async function joinsOf(db: Kysely<GameDatabase>, linkID: string): Promise<string[]> {
  const rows = await db.selectFrom('referral_joins').select('user_id').where('link_id', '=', linkID).execute();
  return rows.map((row) => row.user_id).sort();
}

/** The ledger rows of one reference: a payout made once has exactly one. */
export async function ledgerRowsOf(db: Kysely<GameDatabase>, reference: string) {
  return db.selectFrom('credit_ledger').select(['user_id', 'amount']).where('reference', '=', reference).execute();
}

export async function inviteRow(db: Kysely<GameDatabase>, inviteID: string) {
  return db.selectFrom('partner_invites').selectAll().where('invite_id', '=', inviteID).executeTakeFirst();
}

/** Gives players signed up in bulk (who have no profile yet) one each, as registering would. */
export async function giveProfiles(
  identity: Kysely<IdentityDatabase>,
  players: readonly { userId: string }[],
  prefix: string,
): Promise<void> {
  await identity
    .insertInto('profiles')
    .values(
      players.map((player, index) => ({
        user_id: player.userId,
        display_name: `${prefix}-${index}`,
        display_name_key: `${prefix}-${index}`,
        keys: '[]',
        created: new Date().toISOString(),
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Moves an account's creation back in time, stored as the auth library stores it on each dialect. */
export async function setAccountCreated(identity: Kysely<IdentityDatabase>, userId: string, created: Date) {
  const row = await identity
    .selectFrom('auth_users')
    .select('created_at')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await identity
    .updateTable('auth_users')
    .set({ created_at: row.created_at instanceof Date ? created : created.toISOString() })
    .where('id', '=', userId)
    .execute();
}
