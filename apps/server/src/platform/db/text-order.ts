import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';

/*
 * How a PostgreSQL database compares text: as bytes, as SQLite does, or by a language's rules, the
 * collation it was created with (docs/decisions/0151-a-postgresql-database-that-compares-text-as-bytes.md).
 * Every key of the stores is text, so the collation is paid on every index entry written or looked up,
 * and it decides how text sorts: a database compared by a language's rules costs more and orders text
 * unlike the SQLite stores. The server says so as it starts; it works either way.
 */

export interface TextOrder {
  /** The collation as PostgreSQL names it (`C`, `en_US.UTF-8`), or ICU's locale (`ICU's en-US`). */
  collation: string;
  /** True when text sorts by its bytes (its code points), as SQLite sorts it. */
  asBytes: boolean;
}

/** The C library's locales that compare text by bytes or code points (for UTF-8 the same order). */
const BYTE_ORDER_LOCALES = /^(C|POSIX|C\.UTF-?8)$/i;

/** The database's text order on PostgreSQL; undefined on SQLite, which compares text as bytes. */
export async function databaseTextOrder<Database>(db: Kysely<Database>): Promise<TextOrder | undefined> {
  if (!isPostgres(db)) return undefined;
  // The row as JSON: the locale's column is daticulocale up to PostgreSQL 16 and datlocale from 17,
  // where the builtin provider ('b') joined the C library's ('c') and ICU's ('i').
  const { rows } = await sql<{ database: Record<string, unknown> }>`
    select to_jsonb(d) as database from pg_database d where datname = current_database()`.execute(db);
  const database = rows[0]?.database ?? {};
  const libc = String(database.datcollate ?? '');
  const locale = String(database.datlocale ?? database.daticulocale ?? libc);
  if (database.datlocprovider === 'i') return { collation: `ICU's ${locale}`, asBytes: false };
  if (database.datlocprovider === 'b') return { collation: locale, asBytes: true };
  return { collation: libc, asBytes: BYTE_ORDER_LOCALES.test(libc) };
}

/** What the server logs as it starts on a database that compares text by a language's rules. */
export function textOrderWarning(order: TextOrder | undefined): string | undefined {
  if (!order || order.asBytes) return undefined;
  return (
    `The PostgreSQL database compares text by the rules of ${order.collation}, not as bytes: every key's index ` +
    "costs more to keep (1,000 ids took 64 % longer to insert under ICU's en-US than under C) and text sorts " +
    'unlike on SQLite. Create the database with createdb --template=template0 --locale-provider=libc --locale=C; ' +
    'docs/deployment.md shows how to move one.'
  );
}
