import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * A play session and a tracked objective are read by their player (the export, the erasure) and
 * kept unique by the ingestion's `ingested_events`, never looked up by their event id. Their
 * primary key becomes (player, time, event id), which is the player index they had beside a key on
 * the id: one index less to write per event (550 of a batch's 1,000). On SQLite the table is that
 * key itself (WITHOUT ROWID): one b-tree instead of a table, its key and the player index.
 */

interface Rekeyed {
  table: 'user_playtime' | 'objective_tracking';
  /** Every column, in order, with its type; all are required. */
  columns: readonly (readonly [string, 'text' | 'integer'])[];
  at: 'played_at' | 'tracked_at';
  /** The index on (user_id, at) the key replaces. */
  playerIndex: string;
  /** Indexes SQLite's copy makes again. */
  otherIndexes: readonly { name: string; column: string }[];
}

const TABLES: readonly Rekeyed[] = [
  {
    table: 'user_playtime',
    columns: [
      ['event_id', 'text'],
      ['user_id', 'text'],
      ['seconds', 'integer'],
      ['played_at', 'text'],
    ],
    at: 'played_at',
    playerIndex: 'user_playtime_user',
    otherIndexes: [{ name: 'user_playtime_played', column: 'played_at' }],
  },
  {
    table: 'objective_tracking',
    columns: [
      ['event_id', 'text'],
      ['user_id', 'text'],
      ['key', 'text'],
      ['tracked_at', 'text'],
    ],
    at: 'tracked_at',
    playerIndex: 'objective_tracking_user',
    otherIndexes: [],
  },
];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
const columnList = (columns: readonly string[]) => sql.join(columns.map((column) => sql.ref(column)));

/** Gives `table` the primary key `key`; SQLite, which cannot change one, copies the table into its new shape. */
async function rekey(db: Kysely<unknown>, table: Rekeyed, key: readonly string[], withoutRowid: boolean) {
  if (isPostgres(db)) {
    await sql`alter table ${sql.table(table.table)} drop constraint ${sql.id(`${table.table}_pkey`)}`.execute(db);
    await sql`alter table ${sql.table(table.table)} add primary key (${columnList(key)})`.execute(db);
    return;
  }
  const copy = `${table.table}_rekeyed`;
  const names = table.columns.map(([name]) => name);
  const definitions = table.columns.map(([name, type]) => sql`${sql.ref(name)} ${sql.raw(type)} not null`);
  await sql`create table ${sql.table(copy)} (${sql.join(definitions)}, primary key (${columnList(key)}))${sql.raw(
    withoutRowid ? ' without rowid' : '',
  )}`.execute(db);
  await sql`insert into ${sql.table(copy)} (${columnList(names)}) select ${columnList(names)} from ${sql.table(table.table)}`.execute(
    db,
  );
  // Dropping the table drops its indexes: those still wanted are made again on the copy.
  await sql`drop table ${sql.table(table.table)}`.execute(db);
  await sql`alter table ${sql.table(copy)} rename to ${sql.table(table.table)}`.execute(db);
  for (const index of table.otherIndexes) {
    await db.schema.createIndex(index.name).on(table.table).column(index.column).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await rekey(db, table, ['user_id', table.at, 'event_id'], true);
    if (isPostgres(db)) await db.schema.dropIndex(table.playerIndex).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await rekey(db, table, ['event_id'], false);
    await db.schema.createIndex(table.playerIndex).on(table.table).columns(['user_id', table.at]).execute();
  }
}
