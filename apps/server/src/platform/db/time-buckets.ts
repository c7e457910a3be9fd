import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from './dialect';

/** A chart's unit of time. */
export type TimeUnit = 'hour' | 'day';

/** The length of a bucket's key: 'YYYY-MM-DDTHH' for an hour, 'YYYY-MM-DD' for a day. */
const KEY_LENGTH: Record<TimeUnit, number> = { hour: 13, day: 10 };

/** An instant's bucket key in UTC ('2026-11-26T18' or '2026-11-26'), as bucketOf answers it in SQL. */
export function bucketKey(instant: Date, unit: TimeUnit): string {
  return instant.toISOString().slice(0, KEY_LENGTH[unit]);
}

/**
 * The bucket key of an instant column, in SQL. Our stores keep instants as ISO 8601 text in UTC
 * (SQLite, and most PostgreSQL columns); the auth library's PostgreSQL columns are timestamptz, so
 * on PostgreSQL the value is read as an instant and formatted in UTC, which serves both.
 */
export function bucketOf<Database>(
  db: Kysely<Database>,
  column: Expression<unknown>,
  unit: TimeUnit,
): RawBuilder<string> {
  if (!isPostgres(db)) return sql<string>`substr(${column}, 1, ${sql.lit(KEY_LENGTH[unit])})`;
  const format = unit === 'hour' ? 'YYYY-MM-DD"T"HH24' : 'YYYY-MM-DD';
  return sql<string>`to_char((${column})::timestamptz at time zone 'UTC', ${sql.lit(format)})`;
}

/** Rows of (bucket, value) as a map, values as numbers (PostgreSQL answers counts and sums as text). */
export function bucketValues(rows: readonly { bucket: string; value: string | number | bigint | null }[]) {
  return new Map(rows.map((row) => [row.bucket, Number(row.value ?? 0)]));
}
