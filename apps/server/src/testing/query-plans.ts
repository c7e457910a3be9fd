import { CompiledQuery, type Kysely, type KyselyPlugin, type QueryId, type RootOperationNode, sql } from 'kysely';
import type { Dialect } from '../platform/db/stores';

/** A query `run` made and how the store plans it. */
export interface PlannedQuery {
  query: CompiledQuery;
  sql: string;
  /** SQLite's EXPLAIN QUERY PLAN steps, or PostgreSQL's EXPLAIN lines, one a line. */
  plan: string;
}

/**
 * The plans of the queries `run` makes through `db` (in the order it made them), so a test asserts the
 * index a real read uses rather than a copy of its SQL.
 */
export async function plansOf<Database>(
  db: Kysely<Database>,
  dialect: Dialect,
  run: (db: Kysely<Database>) => Promise<unknown>,
): Promise<PlannedQuery[]> {
  const made: { node: RootOperationNode; queryId: QueryId }[] = [];
  const recording: KyselyPlugin = {
    transformQuery: (args) => {
      made.push(args);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await run(db.withPlugin(recording));
  const planned: PlannedQuery[] = [];
  for (const { node, queryId } of made) {
    const query = db.getExecutor().compileQuery(node, queryId);
    planned.push({ query, sql: query.sql, plan: await planOf(db, dialect, query) });
  }
  return planned;
}

/**
 * The plan of the one query `run` makes through `db`, for a read that must be a single query: one that
 * makes more, or none, fails here rather than passing on the plan of its first.
 */
export async function planOfOnly<Database>(
  db: Kysely<Database>,
  dialect: Dialect,
  run: (db: Kysely<Database>) => Promise<unknown>,
): Promise<string> {
  const planned = await plansOf(db, dialect, run);
  const [only] = planned;
  if (!only || planned.length > 1)
    throw new Error(`Expected one query, made ${planned.length}:\n${planned.map((query) => query.sql).join('\n')}`);
  return only.plan;
}

/** How the store plans `query`, in the form PlannedQuery's plan has. */
export async function planOf<Database>(db: Kysely<Database>, dialect: Dialect, query: CompiledQuery): Promise<string> {
  if (dialect === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row.detail).join('\n');
  }
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** Writes `rows` 500 a statement: a plan test's store holds more rows than one statement's parameters allow. */
export async function inBatches<Row>(rows: readonly Row[], write: (batch: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) await write(rows.slice(start, start + 500));
}

/**
 * PostgreSQL plans by what autovacuum leaves in time (statistics, and the visibility map an index-only
 * scan relies on); a test takes them at once, once it has written its rows. SQLite's store keeps what
 * it gathered as it opened (platform/db/statistics.ts).
 */
export async function settleForPlans<Database>(
  db: Kysely<Database>,
  dialect: Dialect,
  tables: readonly string[],
): Promise<void> {
  if (dialect === 'postgres')
    await sql`vacuum analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
}

/** Whether `plan` looks rows of `table` up through `index` (SQLite's SEARCH, PostgreSQL's index scans). */
export function looksUp(dialect: Dialect, plan: string, table: string, index: string): boolean {
  return dialect === 'sqlite'
    ? new RegExp(`SEARCH ${table} USING (COVERING )?INDEX ${index} \\(`).test(plan)
    : new RegExp(`(Index|Index Only|Bitmap Index) Scan( Backward)? (using|on) ${index}\\b`).test(plan);
}

/** Whether `plan` reads every row of `table` (by the table itself, not an index). */
export function readsEvery(dialect: Dialect, plan: string, table: string): boolean {
  return dialect === 'sqlite'
    ? new RegExp(`SCAN ${table}\\b(?! USING (COVERING )?INDEX)`).test(plan)
    : new RegExp(`Seq Scan on ${table}\\b`).test(plan);
}

/**
 * Whether `plan` finds rows of `table` through its primary key and never reads every row of it. The key's
 * index is the one each store names for a key declared with the table: SQLite's first automatic index
 * (the table keeps its rowid), PostgreSQL's `<table>_pkey`.
 */
export function looksUpByKey(dialect: Dialect, plan: string, table: string): boolean {
  const key = dialect === 'sqlite' ? `sqlite_autoindex_${table}_1` : `${table}_pkey`;
  return looksUp(dialect, plan, table, key) && !readsEvery(dialect, plan, table);
}
