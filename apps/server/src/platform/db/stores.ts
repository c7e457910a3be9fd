import fs from 'node:fs';
import path from 'node:path';
import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import { Kysely, type Migration, Migrator, sql } from 'kysely';
import pg from 'pg';
import { checkpointOffTheLoop, WRITER_CHECKPOINT_PAGES } from './checkpoints';
import { poolWithCallbackQueries } from './pg-callback-queries';
import { SchemaPostgresDialect } from './schema-introspector';
import { Database } from './sqlite-driver';
import { createSqliteKysely, onSqliteCommit } from './sqlite-kysely';
import { optimizeAtOpen } from './statistics';

export type Dialect = 'sqlite' | 'postgres';

/**
 * Every store the app uses: the identity store, and one game-data store per environment
 * (docs/architecture.md §2). Their tables are what the domains bring; the composition root (stores.ts)
 * names them.
 */
export interface Stores<Identity, Game> {
  readonly dialect: Dialect;
  /** PostgreSQL: the database and each store's schema (what a LISTEN connection needs); undefined on SQLite. */
  readonly postgres: { readonly databaseUrl: string; readonly schemas: Readonly<Record<StoreKey, string>> } | undefined;
  readonly identity: Kysely<Identity>;
  readonly game: Readonly<Record<Environment, Kysely<Game>>>;
  /** Resolves when every store answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** SQLite: the folder holding one file per store. */
  dataDir: string;
  /** PostgreSQL: when set, every store is a schema of this database. */
  databaseUrl?: string | undefined;
  /** PostgreSQL: prefix of the schema names, so several apps (or test files) can share a database. */
  schemaPrefix?: string;
  /** PostgreSQL: connections per store. */
  poolSize?: number;
}

type StoreName = 'identity' | `game_${Environment}`;
/** A store as the app names it: the identity store, or an environment's game store. */
export type StoreKey = 'identity' | Environment;

const storeNameOf = (key: StoreKey): StoreName => (key === 'identity' ? 'identity' : `game_${key}`);

/** Where a store lives on SQLite: one file per store in DATA_DIR. */
export function sqliteStoreFile(dataDir: string, key: StoreKey): string {
  return sqliteFileOf(dataDir, storeNameOf(key));
}

const sqliteFileOf = (dataDir: string, name: StoreName) => path.join(dataDir, `${name.replace('_', '-')}.sqlite`);

/** Every store, as the app names them. */
export const STORE_KEYS: readonly StoreKey[] = ['identity', ...ENVIRONMENTS];
const STORE_NAMES: readonly StoreName[] = STORE_KEYS.map(storeNameOf);

/** Every file SQLite keeps in DATA_DIR: each store's, with the WAL and shared-memory files beside it. */
export function sqliteStoreFiles(dataDir: string): string[] {
  return STORE_NAMES.flatMap((name) => {
    const file = sqliteFileOf(dataDir, name);
    return [file, `${file}-wal`, `${file}-shm`];
  });
}

function openSqlite(dataDir: string, name: StoreName): Kysely<unknown> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = sqliteFileOf(dataDir, name);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // The operator CLI may write while the server runs; wait for its lock instead of failing.
  db.pragma('busy_timeout = 5000');
  db.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  optimizeAtOpen(db);
  // Opened once the writer has made the file a WAL database, which lets it read beside the writer,
  // and has gathered the statistics, which a connection loads as it opens (or as the schema changes).
  const openReader = () => {
    const reader = new Database(file, { readonly: true, fileMustExist: true });
    reader.pragma('busy_timeout = 5000');
    return reader;
  };
  const checkpoints = checkpointOffTheLoop(file);
  const store = createSqliteKysely(db, {
    openReader,
    beforeTransaction: checkpoints.beforeTransaction,
    closing: checkpoints.release,
  });
  onSqliteCommit(store, checkpoints.committed);
  return store;
}

function openPostgres(url: string, schema: string, poolSize: number): Kysely<unknown> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c search_path=${schema}` });
  // A connection lost with the server (a restart, a network cut) emits an error: unheard, it
  // would end the process. The pool drops an idle one (its 'error'); one lent out to a query has
  // no listener of the pool's, so each gets its own. The query itself fails (answered 503), and
  // the next one connects anew.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new Kysely({ dialect: new SchemaPostgresDialect({ pool: poolWithCallbackQueries(pool) }, schema) });
}

/** The migrations of each kind of store, by name; names sort by their date prefix. */
export interface StoreMigrations {
  identity: Record<string, Migration>;
  game: Record<string, Migration>;
}

/** Several domains' migrations as one list; two domains naming a migration alike is a mistake caught at start. */
export function joinMigrations(...lists: Record<string, Migration>[]): Record<string, Migration> {
  const joined: Record<string, Migration> = {};
  for (const list of lists) {
    for (const [name, migration] of Object.entries(list)) {
      if (name in joined) throw new Error(`Two domains bring a migration named ${name}.`);
      joined[name] = migration;
    }
  }
  return joined;
}

function schemaPrefixOf(options: StoreOptions): string {
  const prefix = options.schemaPrefix ?? '';
  // Schema names are interpolated into DDL; only plain identifiers are accepted.
  if (!/^[a-z0-9_]*$/i.test(prefix)) throw new Error(`Invalid schema prefix "${prefix}"`);
  return prefix;
}

/** Opens (creating if needed) every store and brings each to the latest of `migrations`. */
export async function openStores<Identity, Game>(
  options: StoreOptions,
  migrations: StoreMigrations,
): Promise<Stores<Identity, Game>> {
  const dialect: Dialect = options.databaseUrl ? 'postgres' : 'sqlite';
  const prefix = schemaPrefixOf(options);
  if (options.databaseUrl)
    await createSchemas(
      options.databaseUrl,
      STORE_NAMES.map((name) => prefix + name),
    );

  const handles = new Map<StoreName, Kysely<unknown>>();
  try {
    for (const name of STORE_NAMES) {
      handles.set(
        name,
        options.databaseUrl
          ? openPostgres(options.databaseUrl, prefix + name, options.poolSize ?? 10)
          : openSqlite(options.dataDir, name),
      );
      await migrate(
        handles.get(name) as Kysely<unknown>,
        name === 'identity' ? migrations.identity : migrations.game,
        options.databaseUrl ? prefix + name : undefined,
      );
    }
  } catch (error) {
    await Promise.allSettled([...handles.values()].map((handle) => handle.destroy()));
    throw error;
  }

  const all = [...handles.values()];
  const game = Object.fromEntries(ENVIRONMENTS.map((env) => [env, handles.get(`game_${env}`)])) as Record<
    Environment,
    Kysely<Game>
  >;
  const databaseUrl = options.databaseUrl;
  return {
    dialect,
    postgres: databaseUrl
      ? {
          databaseUrl,
          schemas: {
            identity: `${prefix}identity`,
            ...(Object.fromEntries(ENVIRONMENTS.map((env) => [env, `${prefix}game_${env}`])) as Record<
              Environment,
              string
            >),
          },
        }
      : undefined,
    identity: handles.get('identity') as Kysely<Identity>,
    game,
    async ping() {
      await Promise.all(all.map((handle) => sql`select 1`.execute(handle)));
    },
    async close() {
      await Promise.all(all.map((handle) => handle.destroy()));
    },
  };
}

/**
 * Runs a start's setup of the stores (schemas, migrations, triggers) as the only one: on
 * PostgreSQL, instances starting together wait for each other under an advisory lock (two
 * `create schema if not exists` at once collide on PostgreSQL's catalog, and two installs of the
 * same trigger too); on SQLite one process owns the files.
 */
export async function withStoreSetupLock<Result>(options: StoreOptions, setup: () => Promise<Result>): Promise<Result> {
  if (!options.databaseUrl) return setup();
  const key = `outpost store setup ${schemaPrefixOf(options)}`;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [key]);
    return await setup();
  } finally {
    // Ending the session releases its lock, also when the unlock is never sent.
    await client.end();
  }
}

async function createSchemas(url: string, schemas: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`create schema if not exists "${schema}"`);
  } finally {
    await client.end();
  }
}

async function migrate(db: Kysely<unknown>, migrations: Record<string, Migration>, schema?: string): Promise<void> {
  // On PostgreSQL the bookkeeping tables are named by schema: the migrator would otherwise find
  // another store's tables in the same database and believe its own exist.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
}

/** Drops the schemas a test run created on PostgreSQL. */
export async function dropSchemas(url: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of STORE_NAMES) await client.query(`drop schema if exists "${prefix + name}" cascade`);
  } finally {
    await client.end();
  }
}
