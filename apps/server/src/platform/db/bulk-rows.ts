import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
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
 * `rows` as the source of an update of `target.table`, each row matched with the table's row its
 * `target.key` columns (the primary key's) name: a common table expression named `alias`, as in
 * `with(alias, () => source.rows).updateTable(table).from(alias).where(source.matches)`. Each row
 * finds its own by the primary key, so the statement costs the same however many rows the table
 * holds beside them. SQLite joins on every key column. PostgreSQL's planner, joined on the key,
 * works from statistics older than the table's growth (a push send adds 100,000 rows in a minute,
 * sooner than autoanalyze) and scanned the table instead; so each row reads its row's address
 * (ctid) by the key, and the update goes to that list of addresses, which it can only look up
 * (500 rows among 100,000 on a loaded machine: 71 ms joined on the key, 28 joined on the
 * addresses, 6 with the list). A row changed or deleted since the statement began is left as it is.
 */
export function rowsByKey<Database, Row extends Record<string, BulkValue>>(
  db: Kysely<Database>,
  target: { table: string; key: readonly (keyof Row & string)[] },
  columns: { readonly [Column in keyof Row & string]: BulkType },
  rows: readonly Row[],
  alias: string,
): { rows: RawBuilder<Row>; matches: RawBuilder<SqlBool> } {
  const sameKey = (table: string, other: string) =>
    sql.join(
      target.key.map((column) => sql`${sql.ref(`${table}.${column}`)} = ${sql.ref(`${other}.${column}`)}`),
      sql` and `,
    );
  if (!isPostgres(db)) {
    return {
      rows: sql<Row>`(select * from ${bulkRows(db, columns, rows)})`,
      matches: sql<SqlBool>`${sameKey(target.table, alias)}`,
    };
  }
  const address = sql`(select found.ctid from ${sql.table(target.table)} as found where ${sameKey('found', 'bulk')})`;
  const at = sql.ref(`${target.table}.ctid`);
  return {
    rows: sql<Row>`(select bulk.*, ${address} as bulk_row_address from ${bulkRows(db, columns, rows)} as bulk)`,
    matches: sql<SqlBool>`${at} = any(array(select bulk_row_address from ${sql.table(alias)}))
      and ${at} = ${sql.ref(`${alias}.bulk_row_address`)}`,
  };
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
