import { type RawBuilder, sql } from 'kysely';

const literal = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);

/** Escapes LIKE's wildcards so a search for "50%" finds the text "50%". */
export function likePattern(text: string): string {
  return `%${literal(text)}%`;
}

/** True where `column` (a name the caller writes in code) starts with `text`, ignoring case, on both dialects. */
export function startsWithText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`${literal(text)}%`} escape '\\'`;
}

/**
 * True where any of `columns` contains `text`, ignoring case, on both dialects. The columns are
 * names the caller writes in code, never input. ESCAPE names the escape character likePattern
 * uses; SQLite has none by default.
 */
export function containsText(columns: readonly string[], text: string): RawBuilder<boolean> {
  const pattern = likePattern(text);
  const tests = columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`);
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}
