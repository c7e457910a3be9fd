import type { AdminListPage } from '@outpost/contracts/admin-list';
import {
  ADMIN_INVITE_SOURCE,
  type AdminInvite,
  type CreateAdminInvite,
  type InviteClaim,
  type InviteListQuery,
  type InvitePreview,
  type InviteRefusal,
  type SharedInvite,
} from '@outpost/contracts/beta';
import type { Kysely } from 'kysely';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { isUniqueViolation } from '../platform/db/errors';
import { fetchListPage } from '../platform/db/list-page';
import { newRandomID } from '../platform/random-id';
import { BETA_ADMIN_ACTIONS } from './actions';
import type { InviteRow } from './tables';

/*
 * Every read and write of invites (docs/product.md §3.3, §4.2). A player's invite goes to the one claim whose
 * `UPDATE … WHERE claimed = 0` finds it unclaimed: the row lock orders concurrent claims and the
 * others find it claimed; an admin invite's claimers are rows keyed by (invite, player).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A refused claim (docs/product.md §4.2); `byYou` when the player who asks is the one who claimed it. */
export class InviteClaimRefusedError extends Error {
  constructor(
    readonly refusal: InviteRefusal,
    readonly byYou = false,
  ) {
    super(`The invite was not claimed: ${refusal}.`);
  }
}

export class InviteExistsError extends Error {
  constructor(readonly inviteID: string) {
    super(`The invite ${inviteID} already exists.`);
  }
}

/** An expiration `days` whole days after `now`. */
export const expirationAfter = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();

const sourceKind = (invite: InviteRow) => (invite.source === ADMIN_INVITE_SOURCE ? 'admin' : 'player');
const isExpired = (invite: InviteRow, now: Date) => invite.expiration <= now.toISOString();

async function findInvite(db: Kysely<GameDatabase>, inviteID: string): Promise<InviteRow | undefined> {
  // The code is the primary key: the lookup answers at most one invite (docs/product.md §9.1).
  return db.selectFrom('invites').selectAll().where('invite_id', '=', inviteID).executeTakeFirst();
}

async function findClaim(db: Kysely<GameDatabase>, inviteID: string, userId: string) {
  return db
    .selectFrom('invite_claims')
    .select('claimed_at')
    .where('invite_id', '=', inviteID)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The invite as `userId` would meet it now, or undefined for an unknown code. */
export async function previewInvite(
  db: Kysely<GameDatabase>,
  inviteID: string,
  userId: string,
  now: Date,
): Promise<InvitePreview | undefined> {
  const invite = await findInvite(db, inviteID);
  if (!invite) return undefined;
  const mine = await findClaim(db, inviteID, userId);
  const status = isExpired(invite, now)
    ? 'expired'
    : mine
      ? 'claimed-by-you'
      : invite.source === ADMIN_INVITE_SOURCE
        ? 'claimable'
        : invite.source === userId
          ? 'own'
          : invite.claimed === 1
            ? 'claimed'
            : 'claimable';
  return { inviteID, source: sourceKind(invite), expiration: invite.expiration, status };
}

/**
 * The claim of docs/product.md §4.2: refused when expired; an admin invite adds the player to its claimers (once)
 * and accepts; a player's invite is accepted only when unclaimed and not the player's own, then
 * marked claimed with the player as its claimer; anything else is refused and changes nothing.
 */
export async function claimInvite(
  db: Kysely<GameDatabase>,
  claim: { inviteID: string; userId: string; now: Date },
): Promise<InviteClaim> {
  const { inviteID, userId } = claim;
  const at = claim.now.toISOString();
  return db.transaction().execute(async (trx) => {
    const invite = await findInvite(trx, inviteID);
    if (!invite) throw new InviteClaimRefusedError('invite-not-found');
    if (isExpired(invite, claim.now)) throw new InviteClaimRefusedError('invite-expired');
    if (invite.source === ADMIN_INVITE_SOURCE) {
      const added = await trx
        .insertInto('invite_claims')
        .values({ invite_id: inviteID, user_id: userId, claimed_at: at })
        .onConflict((conflict) => conflict.columns(['invite_id', 'user_id']).doNothing())
        .executeTakeFirst();
      if (Number(added.numInsertedOrUpdatedRows ?? 0n) === 0) {
        const first = await findClaim(trx, inviteID, userId);
        return { inviteID, source: 'admin', claimedAt: first?.claimed_at ?? at, newlyClaimed: false };
      }
      await trx.updateTable('invites').set({ claimed: 1 }).where('invite_id', '=', inviteID).execute();
      return { inviteID, source: 'admin', claimedAt: at, newlyClaimed: true };
    }
    if (invite.source === userId) throw new InviteClaimRefusedError('invite-own');
    const taken = await trx
      .updateTable('invites')
      .set({ claimed: 1 })
      .where('invite_id', '=', inviteID)
      .where('claimed', '=', 0)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) {
      const byYou = (await findClaim(trx, inviteID, userId)) !== undefined;
      throw new InviteClaimRefusedError('invite-already-claimed', byYou);
    }
    await trx.insertInto('invite_claims').values({ invite_id: inviteID, user_id: userId, claimed_at: at }).execute();
    return { inviteID, source: 'player', claimedAt: at, newlyClaimed: true };
  });
}

/** The code of the invite the player claimed first, or null: the one they came into the beta with. */
export async function firstClaimedInvite(db: Kysely<GameDatabase>, userId: string): Promise<string | null> {
  const claim = await db
    .selectFrom('invite_claims')
    .select('invite_id')
    .where('user_id', '=', userId)
    .orderBy('claimed_at')
    .orderBy('invite_id')
    .limit(1)
    .executeTakeFirst();
  return claim?.invite_id ?? null;
}

/** Writes `count` invites for an accepted player to share; run in the acceptance's transaction. */
export async function createSharedInvites(
  trx: Kysely<GameDatabase>,
  share: { userId: string; count: number; expiration: string; now: Date },
): Promise<void> {
  if (share.count === 0) return;
  const created = share.now.toISOString();
  await trx
    .insertInto('invites')
    .values(
      Array.from({ length: share.count }, () => ({
        invite_id: newRandomID(),
        source: share.userId,
        created_by: share.userId,
        claimed: 0,
        expiration: share.expiration,
        created,
      })),
    )
    .execute();
}

/** The invites a player shares, oldest first, with whether (and when) a friend claimed each. */
export async function listSharedInvites(db: Kysely<GameDatabase>, userId: string, now: Date): Promise<SharedInvite[]> {
  const rows = await db
    .selectFrom('invites')
    .leftJoin('invite_claims', 'invite_claims.invite_id', 'invites.invite_id')
    .select([
      'invites.invite_id',
      'invites.claimed',
      'invites.expiration',
      'invites.created',
      'invite_claims.claimed_at',
    ])
    .where('invites.source', '=', userId)
    .orderBy('invites.created')
    .orderBy('invites.invite_id')
    .execute();
  const at = now.toISOString();
  return rows.map((row) => ({
    inviteID: row.invite_id,
    expiration: row.expiration,
    expired: row.expiration <= at,
    claimed: row.claimed === 1,
    claimedAt: row.claimed_at ?? null,
    created: row.created,
  }));
}

/* ------------------------------------------------------------------ back office */

function toAdminInvite(invite: InviteRow, claimedBy: string[]): AdminInvite {
  return {
    inviteID: invite.invite_id,
    source: invite.source,
    createdBy: invite.created_by,
    claimed: invite.claimed === 1,
    claimedBy,
    expiration: invite.expiration,
    created: invite.created,
  };
}

/** An admin invite: any number of players may claim it until it expires. */
export async function createAdminInvite(
  db: Kysely<GameDatabase>,
  input: CreateAdminInvite,
  context: AdminChange,
): Promise<AdminInvite> {
  const now = context.now ?? new Date();
  const invite: InviteRow = {
    invite_id: input.inviteID ?? newRandomID(),
    source: ADMIN_INVITE_SOURCE,
    created_by: context.admin,
    claimed: 0,
    expiration: expirationAfter(now, input.validDays),
    created: now.toISOString(),
  };
  try {
    await db.transaction().execute(async (trx) => {
      await appendAdminLog(
        trx,
        adminLogRecord(context, BETA_ADMIN_ACTIONS.createInvite, {
          inviteID: invite.invite_id,
          validDays: input.validDays,
          expiration: invite.expiration,
        }),
      );
      await trx.insertInto('invites').values(invite).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new InviteExistsError(invite.invite_id);
    throw error;
  }
  return toAdminInvite(invite, []);
}

/** Writes a demo admin invite unless its code is there; a restore never reopens a changed one. */
export async function seedAdminInvite(
  db: Kysely<GameDatabase>,
  invite: { inviteID: string; createdBy: string; validDays: number; now: Date },
): Promise<void> {
  await db
    .insertInto('invites')
    .values({
      invite_id: invite.inviteID,
      source: ADMIN_INVITE_SOURCE,
      created_by: invite.createdBy,
      claimed: 0,
      expiration: expirationAfter(invite.now, invite.validDays),
      created: invite.now.toISOString(),
    })
    .onConflict((conflict) => conflict.column('invite_id').doNothing())
    .execute();
}

const INVITE_SORTS = { created: 'created', expiration: 'expiration' } as const;

/** One page of invites with their claimers (the admin list protocol). */
export async function listInvites(
  db: Kysely<GameDatabase>,
  query: InviteListQuery,
): Promise<AdminListPage<AdminInvite>> {
  let filtered = db.selectFrom('invites');
  if (query.source === 'admin') filtered = filtered.where('source', '=', ADMIN_INVITE_SOURCE);
  if (query.source === 'player') filtered = filtered.where('source', '<>', ADMIN_INVITE_SOURCE);
  if (query.claimed !== undefined) filtered = filtered.where('claimed', '=', query.claimed ? 1 : 0);
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy(INVITE_SORTS[query.sort], query.order).orderBy('invite_id', query.order),
    query,
  );
  const claims =
    rows.length === 0
      ? []
      : await db
          .selectFrom('invite_claims')
          .select(['invite_id', 'user_id'])
          .where(
            'invite_id',
            'in',
            rows.map((row) => row.invite_id),
          )
          .orderBy('claimed_at')
          .orderBy('user_id')
          .execute();
  const claimers = (inviteID: string) =>
    claims.filter((claim) => claim.invite_id === inviteID).map((claim) => claim.user_id);
  return {
    ...page,
    rows: rows.map((row) => toAdminInvite(row, claimers(row.invite_id))),
  };
}
