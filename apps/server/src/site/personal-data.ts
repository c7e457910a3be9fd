import { GUEST_USER_ID } from '@outpost/contracts/identity';
import type { GameDatabase } from '../database';
import { type NamedRows, ownedRows, type PersonalDataPart } from '../platform/personal-data';
import { removeEmailSignups } from './queries';

/** The landing page's list keeps addresses alone: anyone may put one on it, signed in or not. */
const SIGNUPS: NamedRows = { names: 'email', writtenAt: 'created_at' };
/** A segment registration names its account, or the guest placeholder when made signed out. */
const SEGMENTS: NamedRows = {
  names: 'email',
  writtenAt: 'created_at',
  account: { column: 'user_id', signedOut: GUEST_USER_ID },
};

/**
 * The landing page's list and segment registrations are the player's address: downloaded, and
 * erased with the account (those made signed out by address, as `ownedRows` says).
 */
export const sitePersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, subject) {
    const [signup, segments] = await Promise.all([
      db
        .selectFrom('email_signups')
        .select(['email', 'created_at'])
        .where(ownedRows(subject, SIGNUPS))
        .executeTakeFirst(),
      db
        .selectFrom('email_segment_registrations')
        .select(['segment_id', 'email', 'created_at'])
        .where(ownedRows(subject, SEGMENTS))
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
  async erase(trx, subject) {
    await removeEmailSignups(trx, ownedRows(subject, SIGNUPS));
    await trx.deleteFrom('email_segment_registrations').where(ownedRows(subject, SEGMENTS)).execute();
  },
};
