import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from './dialect';

/*
 * Many rows as one parameter per column (PostgreSQL: an array each, unnested) or one in all
 * (SQLite: a JSON array of rows, read by json_each), so a statement over a batch has the same short
 * text whatever its size, prepared once. A multi-row VALUES list costs the query builder a node per
 * value and the database a parse of every placeholder, on every statement (3,000 for a batch's ids
 * alone), and its text changes with the batch's size (docs/decisions/0050-game-data-at-scale.md).
 */

/** A column's type as PostgreSQL's array of it is cast. */
export type BulkType = 'text' | 'integer' | 'bigint';

export type BulkValue = string | number | null;

/**
 * `rows` as a table (`select … from bulkRows(…).as('r')`), in the order given: the ingestion's
 * upserts rely on it to take row locks in key order. `columns` name each column and its type.
 */
export function bulkRows<Database, Row extends Record<string, BulkValue>>(
  db: Kysely<Database>,
  columns: { readonly [Column in keyof Row & string]: BulkType },
  rows: readonly Row[],
): RawBuilder<Row> {
  const names = Object.keys(columns) as (keyof Row & string)[];
  if (isPostgres(db)) {
    const arrays = names.map((name) => sql`${rows.map((row) => row[name])}::${sql.raw(columns[name])}[]`);
    return sql<Row>`(select ${sql.join(names.map((name) => sql.ref(name)))} from unnest(${sql.join(arrays)})
      with ordinality as bulk(${sql.join([...names.map((name) => sql.ref(name)), sql.ref('bulk_position')])})
      order by bulk_position)`;
  }
  const json = JSON.stringify(rows.map((row) => names.map((name) => row[name])));
  const values = names.map((name, index) => sql`value ->> ${sql.lit(index)} as ${sql.ref(name)}`);
  return sql<Row>`(select ${sql.join(values)} from json_each(${json}) order by key)`;
}

/**
 * Which of `values` no row of `table` has in `column` (the unknown players of a batch), in one
 * statement whatever their number, an index lookup per value; it answers only the missing ones.
 * Each value looks its row up on its own (a lateral subquery with `limit 1`): asked as `not exists`
 * or `= any(array)`, PostgreSQL's planner weighed 1,000 lookups against one pass over the table and
 * scanned all 100,000 accounts (12 to 15 ms, against 2 for the lookups).
 */
export async function missingValues<Database>(
  db: Kysely<Database>,
  source: { table: string; column: string; type: BulkType },
  values: readonly BulkValue[],
): Promise<BulkValue[]> {
  if (values.length === 0) return [];
  const row = sql`select 1 as found from ${sql.table(source.table)} as t where t.${sql.ref(source.column)} = v.value limit 1`;
  const query = isPostgres(db)
    ? sql<{ value: BulkValue }>`select v.value from unnest(${values}::${sql.raw(source.type)}[]) as v(value)
        left join lateral (${row}) as r on true where r.found is null`
    : sql<{ value: BulkValue }>`select v.value from json_each(${JSON.stringify(values)}) as v
        where not exists (${row})`;
  const { rows } = await query.execute(db);
  return rows.map((row) => row.value);
}

/**
 * `select * from` the rows, as an insert's source: `insertInto(t).columns([…]).expression(selectRows(…))`.
 * The `where true` lets SQLite read a following `on conflict` as the upsert's, not as a join's `on`.
 */
export function selectRows<Database, Row extends Record<string, BulkValue>>(
  db: Kysely<Database>,
  columns: { readonly [Column in keyof Row & string]: BulkType },
  rows: readonly Row[],
): RawBuilder<Row> {
  return sql<Row>`select * from ${bulkRows(db, columns, rows)} as bulk_rows where true`;
}
