import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../db/dialect';

/*
 * Every write to a table a live topic covers records a change, whoever makes it: our routes, the
 * seeders, the operator CLI, the auth library, SQL typed by hand. The tables' triggers do it, in the
 * writing transaction, so a write never commits without its change and a rolled-back one leaves
 * none. They are derived from the topics' declarations and installed whenever the stores are opened
 * (like a view, not frozen like a migration): a topic or a table joins the feed with its
 * declaration alone.
 *
 * SQLite runs one writer at a time, so its AUTOINCREMENT numbers changes in commit order. On
 * PostgreSQL sequence numbers are handed out in the order transactions ask, not the order they
 * commit: a reader that has seen 11 could miss 10 committing after it. So the triggers there are
 * deferred constraint triggers, which run as their transaction commits, and the function they call
 * (migration 2026-12-07-changes) takes a per-store lock before numbering: numbers follow commits.
 */

/** A table whose rows a topic watches: a change of a row is a change of `key` in `topic`. */
export interface ChangeSource {
  topic: string;
  table: string;
  /** The column naming the changed record in the topic (a row of a child table names its parent). */
  key: string;
  /**
   * Instead of the column's value, this one key for every row: the rows of an aggregate (totals,
   * counts) are one record to their topic, and a batch that moves many of them is one change.
   */
  as?: string;
  /** Only rows with these keys (one document of a table of documents, such as beta-config/v1). */
  keys?: readonly string[];
  /** Only these writes (a session matters to the other instances when it ends); default all three. */
  ops?: readonly ChangeOp[];
}

type ChangeOp = 'insert' | 'update' | 'delete';
const ALL_OPS: readonly ChangeOp[] = ['insert', 'update', 'delete'];

const NAME = /^[a-z][a-z0-9_]*$/;
const TOPIC = /^[a-z][a-z0-9-]*$/;
const KEY_VALUE = /^[A-Za-z0-9/_.-]+$/;
const PREFIX = 'changes__';

function triggerName(source: ChangeSource): string {
  return `${PREFIX}${source.topic.replaceAll('-', '_')}__${source.table}`;
}

function check(source: ChangeSource): void {
  if (!TOPIC.test(source.topic) || !NAME.test(source.table) || !NAME.test(source.key)) {
    throw new Error(
      `A change source names a topic, table or column that is not a plain name: ${JSON.stringify(source)}`,
    );
  }
  if (source.as !== undefined && (!KEY_VALUE.test(source.as) || source.keys)) {
    throw new Error(`A change source's constant key must be plain, and without keys: ${JSON.stringify(source)}`);
  }
  if (source.keys?.some((key) => !KEY_VALUE.test(key))) {
    throw new Error(`A change source's keys must be plain: ${JSON.stringify(source.keys)}`);
  }
}

/** SQLite's body of one trigger: the change of the old key (when it moved or the row went) and of the new. */
function sqliteTrigger(source: ChangeSource, environment: string, op: ChangeOp): string {
  const keyOf = (row: 'NEW' | 'OLD') => (source.as === undefined ? `${row}.${source.key}` : `'${source.as}'`);
  const only = (row: 'NEW' | 'OLD') =>
    source.keys ? ` and ${keyOf(row)} in (${source.keys.map((key) => `'${key}'`).join(', ')})` : '';
  const record = (row: 'NEW' | 'OLD', extra = '') =>
    `insert into changes (topic, key, environment, created_at) select '${source.topic}', ${keyOf(row)}, '${environment}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where ${keyOf(row)} is not null${only(row)}${extra};`;
  const body =
    op === 'insert'
      ? record('NEW')
      : op === 'delete'
        ? record('OLD')
        : `${record('OLD', ` and ${keyOf('OLD')} is not ${keyOf('NEW')}`)} ${record('NEW')}`;
  return `create trigger ${triggerName(source)}__${op} after ${op} on ${source.table} for each row begin ${body} end`;
}

/**
 * Installs the triggers of `sources` on a store (and drops those of sources no longer declared),
 * all or nothing. On PostgreSQL instances starting together take turns, by a lock.
 */
export async function installChangeTriggers<Database>(
  db: Kysely<Database>,
  environment: string,
  sources: readonly ChangeSource[],
): Promise<void> {
  for (const source of sources) check(source);
  if (!TOPIC.test(environment)) throw new Error(`Not a store name: ${environment}`);
  const postgres = isPostgres(db);
  await db.transaction().execute(async (trx) => {
    if (postgres) {
      await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.change-triggers'))`.execute(trx);
      const { rows } = await sql<{ name: string; table: string }>`
        select tgname as name, tgrelid::regclass::text as table from pg_trigger
        where not tgisinternal and tgname like ${`${PREFIX}%`}
          and tgrelid::regclass::text not like '%.%'
      `.execute(trx);
      for (const { name, table } of rows) await sql`drop trigger ${sql.id(name)} on ${sql.id(table)}`.execute(trx);
      for (const source of sources) {
        const key = source.as === undefined ? source.key : `=${source.as}`;
        const args = [source.topic, key, environment, ...(source.keys ? [source.keys.join(',')] : [])];
        await sql
          .raw(
            `create constraint trigger ${triggerName(source)} after ${(source.ops ?? ALL_OPS).join(' or ')} on ${source.table} deferrable initially deferred for each row execute function outpost_record_change(${args.map((arg) => `'${arg}'`).join(', ')})`,
          )
          .execute(trx);
      }
      return;
    }
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'trigger' and name like ${`${PREFIX}%`}
    `.execute(trx);
    for (const { name } of rows) await sql`drop trigger ${sql.id(name)}`.execute(trx);
    for (const source of sources) {
      for (const op of source.ops ?? ALL_OPS) {
        await sql.raw(sqliteTrigger(source, environment, op)).execute(trx);
      }
    }
  });
}
