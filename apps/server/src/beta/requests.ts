import type { AdminListPage } from '@outpost/contracts/admin-list';
import {
  BETA_MAX_INVITES,
  BETA_REQUEST_STATUS,
  type BetaRequest,
  type BetaRequestData,
  type BetaRequestListQuery,
} from '@outpost/contracts/beta';
import type { Kysely } from 'kysely';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { fetchListPage } from '../platform/db/list-page';
import { containsText } from '../platform/db/text-search';
import { BETA_ADMIN_ACTIONS } from './actions';
import { createSharedInvites, firstClaimedInvite } from './invites';
import type { BetaRequestRow } from './tables';

/*
 * Every read and write of beta requests (docs/product.md §3.4 request-to-enter, §4.3). The request is keyed by
 * the player: a repeat, even a concurrent one, meets the key and replaces only its data. An
 * acceptance is the one `UPDATE … WHERE status = 1` that finds it requested, and writes the
 * player's invites in its transaction, so they get maxInvites of them however many accepts race.
 */

export class BetaRequestNotFoundError extends Error {
  constructor(readonly userId: string) {
    super(`${userId} has not requested beta entry.`);
  }
}

export class BetaRequestAlreadyAcceptedError extends Error {
  constructor(readonly userId: string) {
    super(`The beta request of ${userId} was already accepted.`);
  }
}

function toBetaRequest(row: BetaRequestRow): BetaRequest {
  return {
    userID: row.user_id,
    email: row.email,
    displayName: row.display_name,
    maxInvites: row.max_invites,
    inviteCode: row.invite_code,
    timestamp: row.timestamp,
    data: JSON.parse(row.data) as BetaRequestData,
    status: row.status,
    updatedAt: row.updated_at,
    acceptedAt: row.accepted_at,
  };
}

export async function findBetaRequest(db: Kysely<GameDatabase>, userId: string): Promise<BetaRequest | undefined> {
  const row = await db.selectFrom('beta_requests').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row && toBetaRequest(row);
}

/**
 * Creates the player's request with status 1 and the invite they came in with, or replaces only
 * the data of the one they have (docs/product.md §4.3).
 */
export async function requestBetaEntry(
  db: Kysely<GameDatabase>,
  request: { userId: string; email: string; displayName: string; data: BetaRequestData; now: Date },
): Promise<BetaRequest> {
  const at = request.now.toISOString();
  const data = JSON.stringify(request.data);
  const row = await db
    .insertInto('beta_requests')
    .values({
      user_id: request.userId,
      email: request.email,
      display_name: request.displayName,
      max_invites: BETA_MAX_INVITES,
      invite_code: await firstClaimedInvite(db, request.userId),
      timestamp: at,
      data,
      status: BETA_REQUEST_STATUS.requested,
      updated_at: at,
      accepted_at: null,
    })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ data, updated_at: at }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toBetaRequest(row);
}

const REQUEST_SORTS = { timestamp: 'timestamp', displayName: 'display_name', status: 'status' } as const;

/** One page of beta requests (the admin list protocol). */
export async function listBetaRequests(
  db: Kysely<GameDatabase>,
  query: BetaRequestListQuery,
): Promise<AdminListPage<BetaRequest>> {
  let filtered = db.selectFrom('beta_requests');
  if (query.status !== undefined) filtered = filtered.where('status', '=', query.status);
  if (query.q) filtered = filtered.where(containsText(['email', 'display_name'], query.q));
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy(REQUEST_SORTS[query.sort], query.order).orderBy('user_id', query.order),
    query,
  );
  return { ...page, rows: rows.map(toBetaRequest) };
}

/**
 * Accepts a requested player into the beta (status 2) and writes the maxInvites invites they
 * share, expiring at `inviteExpiration`; its admin-log entry comes first in the transaction.
 */
export async function acceptBetaRequest(
  db: Kysely<GameDatabase>,
  userId: string,
  inviteExpiration: string,
  context: AdminChange,
): Promise<BetaRequest> {
  const now = context.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    await appendAdminLog(trx, adminLogRecord(context, BETA_ADMIN_ACTIONS.acceptRequest, { userID: userId }));
    const row = await trx
      .updateTable('beta_requests')
      .set({ status: BETA_REQUEST_STATUS.accepted, accepted_at: now.toISOString() })
      .where('user_id', '=', userId)
      .where('status', '=', BETA_REQUEST_STATUS.requested)
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const exists = await trx
        .selectFrom('beta_requests')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      throw exists ? new BetaRequestAlreadyAcceptedError(userId) : new BetaRequestNotFoundError(userId);
    }
    await createSharedInvites(trx, { userId, count: row.max_invites, expiration: inviteExpiration, now });
    return toBetaRequest(row);
  });
}
