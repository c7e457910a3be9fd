import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';

/*
 * A number for people to name a row by (order #1047, report #12) where its id is random: 1, 2, 3…
 * in the order rows were written, never used twice, assigned by the store itself so that concurrent
 * writers (checkouts in several transactions, several instances) never take the same one.
 *  - PostgreSQL: a sequence is the column's default; nextval never blocks another transaction and
 *    never hands a value out twice (a rolled-back insert leaves a gap, which is allowed).
 *  - SQLite: a trigger after each inserted row takes the highest number so far plus one. SQLite has
 *    one writer at a time, so no other insert runs between that read and its write. Rows of these
 *    tables are never deleted (they are anonymised), so the highest number is never given again.
 * A unique index holds both to it. The store assigns the number after the insert on SQLite, so an
 * insert's RETURNING does not have it there: read it back after the insert.
 *
 * Migrations call these: their behaviour is frozen with them. A different numbering is a new function.
 */

export interface RowNumber {
  table: string;
  /** The column numbering the rows. */
  column: string;
  /** The table's key (one text column). */
  key: string;
  /** The columns giving existing rows their numbers, first written first (the key breaks ties). */
  writtenAt: string;
}

const names = ({ table, column }: RowNumber) => ({ index: `${table}_${column}`, sequence: `${table}_${column}_seq` });

/** Adds the number to a table, numbering the rows already there by `writtenAt`. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function addRowNumber(db: Kysely<any>, rowNumber: RowNumber): Promise<void> {
  const { table, column, key, writtenAt } = rowNumber;
  const { index, sequence } = names(rowNumber);
  await db.schema.alterTable(table).addColumn(column, 'integer').execute();
  await sql`
    update ${sql.table(table)} set ${sql.ref(column)} = numbered.n
    from (select ${sql.ref(key)} as numbered_key,
                 row_number() over (order by ${sql.ref(writtenAt)}, ${sql.ref(key)}) as n
          from ${sql.table(table)}) as numbered
    where numbered.numbered_key = ${sql.ref(`${table}.${key}`)}
  `.execute(db);
  await db.schema.createIndex(index).on(table).column(column).unique().execute();
  if (isPostgres(db)) {
    await sql`create sequence ${sql.id(sequence)} owned by ${sql.ref(`${table}.${column}`)}`.execute(db);
    await sql`select setval(${sequence}, coalesce(max(${sql.ref(column)}), 0) + 1, false) from ${sql.table(table)}`.execute(
      db,
    );
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} set default nextval(${sql.lit(sequence)}),
      alter column ${sql.ref(column)} set not null`.execute(db);
    return;
  }
  await sql`
    create trigger ${sql.id(index)} after insert on ${sql.table(table)} for each row when new.${sql.ref(column)} is null
    begin
      update ${sql.table(table)} set ${sql.ref(column)} = (select coalesce(max(${sql.ref(column)}), 0) + 1 from ${sql.table(table)})
      where ${sql.ref(key)} = new.${sql.ref(key)};
    end
  `.execute(db);
}

/** Takes the number away again (a migration's down). */
// biome-ignore lint/suspicious/noExplicitAny: see addRowNumber()
export async function dropRowNumber(db: Kysely<any>, rowNumber: RowNumber): Promise<void> {
  const { table, column } = rowNumber;
  const { index } = names(rowNumber);
  if (!isPostgres(db)) await sql`drop trigger ${sql.id(index)}`.execute(db);
  await db.schema.dropIndex(index).execute();
  // The sequence, owned by the column, goes with it on PostgreSQL.
  await db.schema.alterTable(table).dropColumn(column).execute();
}
