import { anonymiseColumns, type PersonalDataPart } from '../platform/personal-data';
import type { GameDatabase } from '../stores';
import { toReport } from './queries';

/**
 * Reports are the moderators' record of what was done: a deleted player's reports (and a deleted
 * moderator's resolutions) stay, under the anonymous id; the download has the reports they filed.
 */
export const moderationPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const filed = await db
      .selectFrom('reports')
      .selectAll()
      .where('reporter', '=', userId)
      .orderBy('created_at')
      .execute();
    // Without the moderator who resolved it: their id is the studio's, not the player's.
    return {
      reportsFiled: filed.map(toReport).map(({ resolvedBy: _moderator, reporter: _self, ...report }) => report),
    };
  },
  erase: (trx, subject) => anonymiseColumns(trx, { reports: ['reporter', 'resolved_by'] }, subject),
};
