import { sql } from 'kysely';
import type { GameDatabase } from '../database';
import { anonymiseColumns, ownedRows, type PersonalDataPart } from '../platform/personal-data';
import { toReport } from './queries';

/**
 * Reports are the moderators' record of what was done: a deleted player's reports (and a deleted
 * moderator's resolutions, and reports about the player by their name) stay, under the anonymous
 * id; the download has the reports they filed.
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
  async erase(trx, subject) {
    await anonymiseColumns(trx, { reports: ['reporter', 'resolved_by'] }, subject);
    // A report about the player names them as they were known; the record keeps who it was about,
    // anonymously. The name may be someone else's after the deletion, so only reports filed before.
    if (subject.displayName !== null) {
      const name = subject.displayName.toLowerCase();
      await trx
        .updateTable('reports')
        .set({ target: subject.anonymousId })
        .where(
          ownedRows(subject, {
            names: sql<boolean>`lower(target) in (${name}, ${`@${name}`})`,
            writtenAt: 'created_at',
          }),
        )
        .execute();
    }
  },
};
