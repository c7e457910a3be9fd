import { type Expression, type Insertable, type Kysely, type SqlBool, sql } from 'kysely';
import type { GameDatabase } from '../database';
import { isPostgres } from '../platform/db/dialect';
import { prepareQuery } from '../platform/db/prepared-query';
import type { EmailSignupTable } from './tables';

export interface NewEmailSignup {
  email: string;
  source: string;
  createdAt: string;
}

/** Runs `work` in the caller's transaction, or in a new one. */
function inTransaction<T>(db: Kysely<GameDatabase>, work: (trx: Kysely<GameDatabase>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Stores the address once; returns false when it was already on the list. */
export async function insertEmailSignup(db: Kysely<GameDatabase>, signup: NewEmailSignup): Promise<boolean> {
  return (await insertEmailSignups(db, [signup])) > 0;
}

type EmailSignupValues = Insertable<EmailSignupTable>;

/** PostgreSQL: the insert and the count's update as one statement; answers how many rows it added. */
function insertCounted(db: Kysely<GameDatabase>, rows: readonly EmailSignupValues[]) {
  return db
    .with('added', (qb) =>
      qb
        .insertInto('email_signups')
        .values([...rows])
        .onConflict((conflict) => conflict.column('email').doNothing())
        .returning('email'),
    )
    .with('counted', (qb) =>
      qb
        .updateTable('email_signup_count')
        .set((eb) => ({ total: eb('total', '+', eb.selectFrom('added').select(eb.fn.countAll<number>().as('n'))) }))
        .where('id', '=', 1)
        // A repeat leaves the row alone: no lock, no new row version.
        .where((eb) => eb.exists(eb.selectFrom('added').select('email')))
        .returning('total'),
    )
    .selectFrom('added')
    .select((eb) => eb.fn.countAll<number | string>().as('added'));
}

// One address, the landing form's case: building that statement costs more than running it, so it is compiled once.
const insertOneCounted = prepareQuery(
  (db: Kysely<GameDatabase>, params: { email: string; source: string; createdAt: string }) =>
    insertCounted(db, [{ email: params.email, source: params.source, created_at: params.createdAt }]),
);

/**
 * Adds the addresses not yet on the list and, atomically with them, their number to the list's
 * count; returns that number. A repeat adds nothing: the key settles concurrent repeats, and the
 * count only moves by rows really inserted, so it stays equal to the list's length.
 *
 * PostgreSQL does both in one statement (the insert in a WITH clause, the count's update reading
 * its rows): one round trip, and the count's row is locked only for that statement's commit.
 * SQLite, which has no data-modifying WITH, runs the two in one transaction.
 */
export async function insertEmailSignups(
  db: Kysely<GameDatabase>,
  signups: readonly NewEmailSignup[],
): Promise<number> {
  if (signups.length === 0) return 0;
  const rows = signups.map((signup) => ({ email: signup.email, source: signup.source, created_at: signup.createdAt }));
  if (isPostgres(db)) {
    const [first] = signups;
    const [result] =
      signups.length === 1 && first
        ? await insertOneCounted(db, { email: first.email, source: first.source, createdAt: first.createdAt })
        : await insertCounted(db, rows).execute();
    return Number(result?.added ?? 0);
  }
  return inTransaction(db, async (trx) => {
    const result = await trx
      .insertInto('email_signups')
      .values(rows)
      .onConflict((conflict) => conflict.column('email').doNothing())
      .executeTakeFirst();
    const added = Number(result.numInsertedOrUpdatedRows ?? 0n);
    if (added > 0) {
      await trx
        .updateTable('email_signup_count')
        .set((eb) => ({ total: eb('total', '+', added) }))
        .where('id', '=', 1)
        .execute();
    }
    return added;
  });
}

/**
 * Takes the signups `which` picks off the list (their owner deleted their account), with the
 * count, in the caller's transaction: the count's update waits for, then subtracts from, whatever
 * it holds.
 */
export async function removeEmailSignups(trx: Kysely<GameDatabase>, which: Expression<SqlBool>): Promise<void> {
  const result = await trx.deleteFrom('email_signups').where(which).executeTakeFirst();
  const removed = Number(result.numDeletedRows);
  if (removed > 0) {
    await trx
      .updateTable('email_signup_count')
      .set((eb) => ({ total: eb('total', '-', removed) }))
      .where('id', '=', 1)
      .execute();
  }
}

// The landing page asks on every visit: one row, compiled once.
const signupTotal = prepareQuery((db: Kysely<GameDatabase>, _params: Record<string, never>) =>
  db.selectFrom('email_signup_count').select('total').where('id', '=', 1),
);

/** The list's length, from its counter: the same cost with a million signups as with a hundred. */
export async function countEmailSignups(db: Kysely<GameDatabase>): Promise<number> {
  const [row] = await signupTotal(db, {});
  if (!row) throw new Error('email_signup_count has no row: the store was not migrated.');
  return Number(row.total);
}

/**
 * Sets the count to the list's real length, counting every row. For bulk loads that bypass
 * insertEmailSignups and for rows removed by hand; on PostgreSQL it holds off concurrent inserts
 * until it commits, so none is counted twice or missed.
 */
export async function recountEmailSignups(db: Kysely<GameDatabase>): Promise<number> {
  return inTransaction(db, async (trx) => {
    if (isPostgres(trx)) {
      await sql`lock table email_signups in share mode`.execute(trx);
    }
    const row = await trx
      .selectFrom('email_signups')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    const total = Number(row.count);
    await trx.updateTable('email_signup_count').set({ total }).where('id', '=', 1).execute();
    return total;
  });
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
