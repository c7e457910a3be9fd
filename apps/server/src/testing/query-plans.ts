import { CompiledQuery, type Kysely, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
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
