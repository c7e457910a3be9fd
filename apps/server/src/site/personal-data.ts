import type { PersonalDataPart } from '../platform/personal-data';
import type { GameDatabase } from '../stores';
import { findEmailSignup, removeEmailSignup } from './queries';

/** The landing page's list and segment registrations are the player's address: downloaded, and erased with the account. */
export const sitePersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId, email }) {
    const [signup, segments] = await Promise.all([
      findEmailSignup(db, email),
      db
        .selectFrom('email_segment_registrations')
        .select(['segment_id', 'email', 'created_at'])
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', email)]))
        .orderBy('created_at')
        .execute(),
    ]);
    return {
      emailSignup: signup ? { email: signup.email, signedUpAt: signup.created_at } : null,
      emailSegments: segments.map((row) => ({
        segmentID: row.segment_id,
        email: row.email,
        registeredAt: row.created_at,
      })),
    };
  },
  async addresses(db, { userId }) {
    const rows = await db
      .selectFrom('email_segment_registrations')
      .select('email')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => row.email);
  },
  async erase(trx, { userId, email }) {
    await removeEmailSignup(trx, email);
    await trx
      .deleteFrom('email_segment_registrations')
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', email)]))
      .execute();
  },
};
