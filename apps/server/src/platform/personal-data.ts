import { type Kysely, sql } from 'kysely';

/*
 * The seam through which each domain hands over its share of a player's personal data, for the
 * player's download and for the deletion of their account (issue 21 point 5). Every domain that
 * keeps something about a player brings one part; the composition root lists them, so a new
 * domain adds its part there and a deletion can never forget it.
 */

/** The player whose data is asked for. */
export interface DataSubject {
  userId: string;
  /** The account's address, lower-cased: some records are kept by address (email signups). */
  email: string;
  /** The profile's display name, if the player picked one. */
  displayName: string | null;
}

export interface ErasedSubject extends DataSubject {
  /** What replaces the player's id in records others rely on: one value for every table and store. */
  anonymousId: string;
}

/** A section of the download: rows as the player reads them (names, not table columns). */
export type ExportSections = Record<string, unknown>;

/** One domain's part of a player's personal data in one store. */
export interface PersonalDataPart<Database> {
  /** The sections this part adds to the player's download, read from one store. */
  export(db: Kysely<Database>, subject: DataSubject): Promise<ExportSections>;
  /**
   * Erases what is only the player's and puts `anonymousId` in place of their id (and address) in
   * what others rely on, inside the deletion's transaction of one store. Run again, it changes
   * nothing more, so a deletion cut short can be finished.
   */
  erase(trx: Kysely<Database>, subject: ErasedSubject): Promise<void>;
  /**
   * Other addresses the player gave for mail to be sent to (a drop subscription's): their mail in
   * the outbox goes with the account.
   */
  addresses?(db: Kysely<Database>, subject: DataSubject): Promise<string[]>;
  /**
   * What the player must settle before their account can go (an order holding stock while it waits
   * for payment), in words for them; undefined when nothing does.
   */
  blocker?(db: Kysely<Database>, subject: DataSubject): Promise<string | undefined>;
}

/** Columns holding a player's id, by table: the records others rely on, kept under the anonymous id. */
export type PlayerColumns<Database> = {
  [Table in keyof Database & string]?: readonly (keyof Database[Table] & string)[];
};

/** Puts the anonymous id in place of the player's id in every column named. */
export async function anonymiseColumns<Database>(
  trx: Kysely<Database>,
  columns: PlayerColumns<Database>,
  subject: ErasedSubject,
): Promise<void> {
  for (const [table, names] of Object.entries(columns) as [string, readonly string[]][]) {
    for (const column of names) {
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${subject.anonymousId} where ${sql.ref(column)} = ${subject.userId}`.execute(
        trx,
      );
    }
  }
}

/**
 * Puts `to` in place of `from` wherever it appears inside the text of the columns named (a ledger
 * reference `code:<code>:<userID>`, an admin-log entry's JSON), in every row that holds it.
 */
export async function replaceInText<Database>(
  trx: Kysely<Database>,
  columns: PlayerColumns<Database>,
  from: string,
  to: string,
): Promise<void> {
  // LIKE only narrows the rows down (a `_` or `%` in `from` widens it); replace() is exact.
  for (const [table, names] of Object.entries(columns) as [string, readonly string[]][]) {
    for (const column of names) {
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = replace(${sql.ref(column)}, ${from}, ${to}) where ${sql.ref(column)} like ${`%${from}%`}`.execute(
        trx,
      );
    }
  }
}

/** A table of the player's rows, each counted in a column of another table (an episode's favourites). */
export interface CountedRows<Database> {
  rows: keyof Database & string;
  /** The column both tables share, naming what is counted. */
  key: string;
  counts: keyof Database & string;
  count: string;
}

/**
 * Deletes the player's rows of `spec.rows` and takes each off its count, by the rows this delete
 * really removed, so a write racing it (a toggle under way) cannot leave a count apart from its rows.
 */
export async function eraseCountedRows<Database>(
  trx: Kysely<Database>,
  spec: CountedRows<Database>,
  subject: DataSubject,
): Promise<void> {
  const removed = await sql<{
    counted: string;
  }>`delete from ${sql.table(spec.rows)} where user_id = ${subject.userId} returning ${sql.ref(spec.key)} as counted`.execute(
    trx,
  );
  for (const { counted } of removed.rows) {
    await sql`update ${sql.table(spec.counts)} set ${sql.ref(spec.count)} = ${sql.ref(spec.count)} - 1 where ${sql.ref(spec.key)} = ${counted}`.execute(
      trx,
    );
  }
}
