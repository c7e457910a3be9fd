import type { GameDatabase } from '../database';
import { anonymiseColumns, type PersonalDataPart } from '../platform/personal-data';
import { toFeedback } from './feedback';
import { listSharedInvites } from './invites';
import { findBetaRequest } from './requests';

/**
 * The beta programme: the request to enter (address, name, answers) is the player's own and goes
 * with the account. Invites they share and claimed, and their feedback, are what other players and
 * the studio rely on (a claimed invite, a reviewed report on an objective): they stay under the
 * anonymous id.
 */
export const betaPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const [request, shared, claimed, feedback] = await Promise.all([
      findBetaRequest(db, userId),
      listSharedInvites(db, userId, new Date()),
      db
        .selectFrom('invite_claims')
        .select(['invite_id', 'claimed_at'])
        .where('user_id', '=', userId)
        .orderBy('claimed_at')
        .execute(),
      db.selectFrom('feedback').selectAll().where('user_id', '=', userId).orderBy('feedback_id').execute(),
    ]);
    return {
      betaRequest: request ?? null,
      invitesShared: shared,
      invitesClaimed: claimed.map((row) => ({ inviteID: row.invite_id, claimedAt: row.claimed_at })),
      feedback: feedback.map(toFeedback),
    };
  },
  async erase(trx, subject) {
    await trx.deleteFrom('beta_requests').where('user_id', '=', subject.userId).execute();
    await anonymiseColumns(
      trx,
      { invites: ['source', 'created_by'], invite_claims: ['user_id'], feedback: ['user_id'] },
      subject,
    );
  },
};
