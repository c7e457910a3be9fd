import type { Kysely } from 'kysely';
import { prepareQuery } from '../platform/db/prepared-query';
import type { GameDatabase } from '../platform/db/schema';

/** Stores the address once; returns false when it was already on the list. */
export async function insertEmailSignup(
  db: Kysely<GameDatabase>,
  signup: { email: string; source: string; createdAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('email_signups')
    .values({ email: signup.email, source: signup.source, created_at: signup.createdAt })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function countEmailSignups(db: Kysely<GameDatabase>): Promise<number> {
  const row = await db
    .selectFrom('email_signups')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// A read by key is as cheap as building a Kysely query, so it is compiled once (see prepared-query.ts).
const emailSignupByEmail = prepareQuery((db: Kysely<GameDatabase>, params: { email: string }) =>
  db.selectFrom('email_signups').selectAll().where('email', '=', params.email),
);

export async function findEmailSignup(db: Kysely<GameDatabase>, email: string) {
  const [row] = await emailSignupByEmail(db, { email });
  return row;
}

/** Registers the address for a segment once; a repeat keeps the first registration. */
export async function insertSegmentRegistration(
  db: Kysely<GameDatabase>,
  registration: { segmentId: string; email: string; userId: string; createdAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('email_segment_registrations')
    .values({
      segment_id: registration.segmentId,
      email: registration.email,
      user_id: registration.userId,
      created_at: registration.createdAt,
    })
    .onConflict((conflict) => conflict.columns(['segment_id', 'email']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
