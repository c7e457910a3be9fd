import type { AccountBeta } from '@outpost/contracts/beta';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { firstClaimedInvite, listSharedInvites } from './invites';
import { findBetaRequest } from './requests';

/** A player's side of the beta programme (GET /api/account/beta, and its live topic): their request, the invites they share, the one they came in with. */
export async function readAccountBeta(
  db: Kysely<GameDatabase>,
  userId: string,
  now = new Date(),
): Promise<AccountBeta> {
  const [request, invites, claimedInvite] = await Promise.all([
    findBetaRequest(db, userId),
    listSharedInvites(db, userId, now),
    firstClaimedInvite(db, userId),
  ]);
  return { request: request ?? null, invites, claimedInvite };
}
