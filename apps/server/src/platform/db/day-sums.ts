import { type CreateTableBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from './dialect';

/*
 * Sums of a table's rows per day (UTC, the first ten characters of an ISO time) and key, kept by the
 * store as the rows are written, so a read of a year costs its days rather than its rows. Triggers keep
 * them in the writing transaction whoever writes (a route, a webhook, a seeder, an operator's hand), as
 * sign_up_hours is kept (identity migration 2026-12-26-sign-up-hours). Row triggers on SQLite, whose one
 * writer never waits. On PostgreSQL deferred row triggers, run as the transaction commits: a day's sums
 * are a row every writer of that day updates, and taken at commit it is the writer's last lock, held only
 * while it commits, so no writer holds it while waiting for a lock another writer of the day took first
 * (a store refund takes credits back before its purchase moves, a grant credits after). Each change adds
 * its keys in key order, and `insert … on conflict do update` adds to a day another transaction is adding
 * to after it commits, never over it.
 *
 * Migrations call these: their behaviour is frozen with them. Different sums are a new function.
 */

/** A column of the row being counted, as SQL: `new.amount_cents` in a SQLite trigger, `r.amount_cents` elsewhere. */
export type RowColumn = (column: string) => RawBuilder<unknown>;

/** One way a row counts: on the day of `day`, when `where` holds and `day` is set, adding `adds` to its key's sums. */
export interface DayCount {
  /** The time column whose day the row counts on. */
  day: string;
  where: (row: RowColumn) => RawBuilder<unknown>;
  /** By sum column, what the row adds to it (the sums it does not name it leaves). */
  adds: Readonly<Record<string, (row: RowColumn) => RawBuilder<unknown>>>;
}

export interface DaySums {
  /** The table of sums, keyed by `day` and `keys`. */
  table: string;
  /** The table whose rows it sums. */
  rows: string;
  /** The key's columns after the day, each what a row gives it. */
  keys: Readonly<Record<string, (row: RowColumn) => RawBuilder<unknown>>>;
  counts: readonly DayCount[];
  /** Every column of `rows` the keys and counts read: an update of no other column moves a sum. */
  columns: readonly string[];
}

const sumColumns = (sums: DaySums) => [...new Set(sums.counts.flatMap((count) => Object.keys(count.adds)))];

/** The counts of the rows of `moved` (the counted table's columns, and `n`: 1 for a row in, -1 for a row out). */
function countsOf(sums: DaySums, moved: string): RawBuilder<unknown> {
  const row: RowColumn = (column) => sql`${sql.ref(`r.${column}`)}`;
  const keys = Object.entries(sums.keys);
  const selects = sums.counts.map(
    (count) => sql`select substr(${row(count.day)}, 1, 10) as day,
      ${sql.join(keys.map(([name, of]) => sql`${of(row)} as ${sql.ref(name)}`))},
      ${sql.join(
        sumColumns(sums).map((name) => {
          const add = count.adds[name];
          return sql`${add ? sql`r.n * ${add(row)}` : sql`0`} as ${sql.ref(name)}`;
        }),
      )}
      from ${sql.raw(moved)} as r where ${row(count.day)} is not null and (${count.where(row)})`,
  );
  return sql.join(selects, sql` union all `);
}

/** Adds the counts of `moved`'s rows to the sums, one statement in key order. */
function addMoved(sums: DaySums, moved: RawBuilder<unknown>): RawBuilder<unknown> {
  const key = ['day', ...Object.keys(sums.keys)].map((name) => sql.ref(name));
  const totals = sumColumns(sums);
  return sql`with moved as (${moved})
    insert into ${sql.table(sums.table)} (${sql.join(key)}, ${sql.join(totals.map((name) => sql.ref(name)))})
    select ${sql.join(key)}, ${sql.join(totals.map((name) => sql`sum(${sql.ref(name)})`))}
    from (${countsOf(sums, 'moved')}) as counted
    where true
    group by ${sql.join(key)}
    having ${sql.join(
      totals.map((name) => sql`sum(${sql.ref(name)}) <> 0`),
      sql` or `,
    )}
    order by ${sql.join(key)}
    on conflict (${sql.join(key)}) do update set ${sql.join(
      totals.map((name) => sql`${sql.ref(name)} = ${sql.ref(`${sums.table}.${name}`)} + excluded.${sql.ref(name)}`),
    )}`;
}

/** SQLite's statements adding (or taking away) one row's counts, for a trigger's body. */
function addRow(sums: DaySums, row: 'new' | 'old', sign: 1 | -1): RawBuilder<unknown> {
  const column: RowColumn = (name) => sql`${sql.raw(row)}.${sql.ref(name)}`;
  const key = ['day', ...Object.keys(sums.keys)].map((name) => sql.ref(name));
  return sql.join(
    sums.counts.map((count) => {
      const adds = Object.entries(count.adds);
      return sql`insert into ${sql.table(sums.table)} (${sql.join(key)}, ${sql.join(adds.map(([name]) => sql.ref(name)))})
        select substr(${column(count.day)}, 1, 10), ${sql.join(Object.values(sums.keys).map((of) => of(column)))},
          ${sql.join(adds.map(([, add]) => sql`${sql.lit(sign)} * ${add(column)}`))}
        where ${column(count.day)} is not null and (${count.where(column)})
        on conflict (${sql.join(key)}) do update set ${sql.join(
          adds.map(([name]) => sql`${sql.ref(name)} = ${sql.ref(name)} + excluded.${sql.ref(name)}`),
        )};`;
    }),
    sql` `,
  );
}

const triggers = (sums: DaySums) => ['insert', 'delete', 'update'].map((op) => `${sums.table}_${op}`);

/** Makes the table of sums, fills it from the rows already there and keeps it from then on. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function addDaySums(db: Kysely<any>, sums: DaySums): Promise<void> {
  const key = ['day', ...Object.keys(sums.keys)];
  let table: CreateTableBuilder<string, string> = db.schema
    .createTable(sums.table)
    .addColumn('day', 'text', (col) => col.notNull());
  for (const name of Object.keys(sums.keys)) table = table.addColumn(name, 'text', (col) => col.notNull());
  for (const name of sumColumns(sums)) table = table.addColumn(name, 'bigint', (col) => col.notNull().defaultTo(0));
  await table.addPrimaryKeyConstraint(`${sums.table}_pkey`, key).execute();
  await addMoved(sums, sql`select r.*, 1 as n from ${sql.table(sums.rows)} as r`).execute(db);
  const [insert, remove, update] = triggers(sums).map((name) => sql.id(name));
  if (isPostgres(db)) {
    const follow = sql.id(`${sums.table}_follow`);
    const added = sql`select new.*, 1 as n`;
    const removed = sql`select old.*, -1 as n`;
    await sql`
      create function ${follow}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${addMoved(sums, added)};
        elsif tg_op = 'DELETE' then
          ${addMoved(sums, removed)};
        else
          ${addMoved(sums, sql`${added} union all ${removed}`)};
        end if;
        return null;
      end $$
    `.execute(db);
    const rows = sql.table(sums.rows);
    const deferred = sql`deferrable initially deferred for each row execute function ${follow}()`;
    await sql`create constraint trigger ${insert} after insert on ${rows} ${deferred}`.execute(db);
    await sql`create constraint trigger ${remove} after delete on ${rows} ${deferred}`.execute(db);
    await sql`create constraint trigger ${update} after update of ${sql.join(sums.columns.map((name) => sql.ref(name)))}
      on ${rows} ${deferred}`.execute(db);
    return;
  }
  const rows = sql.table(sums.rows);
  await sql`create trigger ${insert} after insert on ${rows} begin ${addRow(sums, 'new', 1)} end`.execute(db);
  await sql`create trigger ${remove} after delete on ${rows} begin ${addRow(sums, 'old', -1)} end`.execute(db);
  await sql`create trigger ${update} after update of ${sql.join(sums.columns.map((name) => sql.ref(name)))} on ${rows}
    begin ${addRow(sums, 'old', -1)} ${addRow(sums, 'new', 1)} end`.execute(db);
}

/** Takes the sums and their triggers away. */
// biome-ignore lint/suspicious/noExplicitAny: see addDaySums()
export async function dropDaySums(db: Kysely<any>, sums: DaySums): Promise<void> {
  const postgres = isPostgres(db);
  for (const name of triggers(sums)) {
    await (postgres
      ? sql`drop trigger ${sql.id(name)} on ${sql.table(sums.rows)}`
      : sql`drop trigger ${sql.id(name)}`
    ).execute(db);
  }
  if (postgres) await sql`drop function ${sql.id(`${sums.table}_follow`)}()`.execute(db);
  await db.schema.dropTable(sums.table).execute();
}
