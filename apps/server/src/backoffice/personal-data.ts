import type { GameDatabase } from '../database';
import { type PersonalDataPart, replaceInText, writtenBefore } from '../platform/personal-data';

/**
 * The admin log is the studio's record and is never erased: an entry naming the player (a reward
 * given to them, a key changed, a suspension) or made by them (a staff member deleting their own
 * account) keeps the anonymous id instead of their id and address. It is not part of the download.
 */
export const adminLogPersonalData: PersonalDataPart<GameDatabase> = {
  async export() {
    return {};
  },
  async erase(trx, subject) {
    await replaceInText(trx, { admin_log: ['admin', 'data'] }, subject.userId, subject.anonymousId);
    // The address and the name pass to whoever takes them after the deletion: only entries written
    // before it named this player by them.
    const theirs = writtenBefore(subject, 'timestamp');
    // As a JSON string, so another address that holds this one (`ba@b.co`, `a@b.com`) stays as it is.
    await replaceInText(
      trx,
      { admin_log: ['data'] },
      JSON.stringify(subject.email),
      JSON.stringify(subject.anonymousId),
      theirs,
    );
    // A name is a short word that may be any other value too, so only where an entry names it as a name.
    if (subject.displayName !== null) {
      await replaceInText(
        trx,
        { admin_log: ['data'] },
        `"displayName":${JSON.stringify(subject.displayName)}`,
        '"displayName":null',
        theirs,
      );
    }
  },
};
