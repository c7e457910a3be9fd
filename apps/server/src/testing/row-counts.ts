import { type Kysely, sql } from 'kysely';

/** How many rows each table of some stores holds, keyed "store.table". */
export type RowCounts = Record<string, number>;

/**
 * A cheap fingerprint of whole stores: one query per store counts every table (its tables are
 * listed once). Rows written by a request show as a count that moved; so do updates and deletes
 * of the tables whose changes the change feed records, since each adds a `changes` row.
 */
export async function rowCounter(
  stores: Record<string, Kysely<unknown>>,
  skip: ReadonlySet<string> = new Set(),
): Promise<() => Promise<RowCounts>> {
  const counted: { name: string; store: Kysely<unknown>; query: string }[] = [];
  for (const [name, store] of Object.entries(stores)) {
    const tables = (await store.introspection.getTables())
      .map((table) => table.name)
      .filter((table) => !skip.has(table));
    const query = tables.map((table) => `select '${table}' as name, count(*) as n from "${table}"`).join(' union all ');
    counted.push({ name, store, query });
  }
  return async () => {
    const counts: RowCounts = {};
    for (const { name, store, query } of counted) {
      const { rows } = await sql.raw<{ name: string; n: number | string }>(query).execute(store);
      // PostgreSQL answers count(*) as a bigint, which node-postgres hands over as text.
      for (const row of rows) counts[`${name}.${row.name}`] = Number(row.n);
    }
    return counts;
  };
}

/** The tables whose counts differ, as "store.table: before → after". */
export function changedCounts(before: RowCounts, after: RowCounts): string[] {
  return Object.keys({ ...before, ...after })
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table}: ${before[table]} → ${after[table]}`);
}
