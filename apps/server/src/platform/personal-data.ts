import { type Kysely, type RawBuilder, sql } from 'kysely';

/*
 * The seam through which each domain hands over its share of a player's personal data, for the player's
 * download and for the deletion of their account. Every domain that keeps something about a player brings one
 * part; the composition root lists them, so a new domain adds its part there and a deletion can never forget
 * it.
 */

/** The player whose data is asked for. */
export interface DataSubject {
  userId: string;
  /** The account's address, lower-cased: some records are kept by address (email signups). */
  email: string;
  /** The profile's display name, if the player picked one. */
  displayName: string | null;
  /**
   * ISO 8601: a record that names the player only by address or name is theirs when written before
   * this (see `ownedRows`): the time their deletion was asked, or now for their download.
   */
  writtenBefore: string;
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
   * what others rely on, inside the deletion's transaction of one store; a record that names them
   * only by address or name counts as theirs as `ownedRows` says, so a new account that signed up
   * with the same address keeps its own. Run again, it changes nothing more, so a deletion cut
   * short can be finished.
   */
  erase(trx: Kysely<Database>, subject: ErasedSubject): Promise<void>;
  /**
   * What the player must settle before their account can go (an order holding stock while it waits
   * for payment), in words for them; undefined when nothing does.
   */
  blocker?(db: Kysely<Database>, subject: DataSubject): Promise<string | undefined>;
}

/**
 * How a table's rows may name a player other than by their id (an address typed into a form, a
 * name in a report), and how it tells whose a row is.
 */
export interface NamedRows {
  /** The column holding an address (stored lower-cased), or the caller's own test of a row naming the player. */
  names: string | RawBuilder<boolean>;
  /** The column holding when a row was written (ISO 8601 text). */
  writtenAt: string;
  /**
   * The column naming the account a row was written by or for, and what it holds in a row written
   * signed out (null, or a placeholder id); absent when the table keeps no account.
   */
  account?: { column: string; signedOut: string | null };
}

/**
 * The player's rows of a table that may name them other than by their id: the one rule of whose a
 * row is, for their deletion and their download alike. A row written by or for an account is that
 * account's alone: the player's are theirs, another account's never are, whatever address it holds.
 * A row written for no account (signed out) is the player's when it names them and was written
 * before `subject.writtenBefore`. An address belongs to one account at a time, so until the deletion
 * it named this player; a row written after it belongs to whoever holds the address then (a new
 * account signed up with it at once), and the deletion's later passes leave it whole.
 */
export function ownedRows(subject: DataSubject, rows: NamedRows): RawBuilder<boolean> {
  const names = typeof rows.names === 'string' ? sql<boolean>`${sql.ref(rows.names)} = ${subject.email}` : rows.names;
  const named = sql<boolean>`${names} and ${writtenBefore(subject, rows.writtenAt)}`;
  if (!rows.account) return sql<boolean>`(${named})`;
  const account = sql.ref(rows.account.column);
  const signedOut =
    rows.account.signedOut === null ? sql`${account} is null` : sql`${account} = ${rows.account.signedOut}`;
  return sql<boolean>`(${account} = ${subject.userId} or (${signedOut} and ${named}))`;
}

/** The time half of `ownedRows`, for a record that names the player inside its text (an admin-log entry). */
export function writtenBefore(subject: DataSubject, column: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} < ${subject.writtenBefore}`;
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
 * reference `code:<code>:<userID>`, an admin-log entry's JSON), in every row that holds it and
 * meets `only` (an address or a name: only in rows `writtenBefore` the deletion).
 */
export async function replaceInText<Database>(
  trx: Kysely<Database>,
  columns: PlayerColumns<Database>,
  from: string,
  to: string,
  only: RawBuilder<boolean> = sql<boolean>`true`,
): Promise<void> {
  // LIKE only narrows the rows down (a `_` or `%` in `from` widens it); replace() is exact.
  for (const [table, names] of Object.entries(columns) as [string, readonly string[]][]) {
    for (const column of names) {
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = replace(${sql.ref(column)}, ${from}, ${to}) where ${sql.ref(column)} like ${`%${from}%`} and ${only}`.execute(
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
