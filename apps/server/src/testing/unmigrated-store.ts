import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, type Migration, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { GameDatabase } from '../database';
import { Database } from '../platform/db/sqlite-driver';
import { createSqliteKysely } from '../platform/db/sqlite-kysely';
import type { Dialect } from '../platform/db/stores';

/** An empty game store that a test migrates step by step, as an existing store meets a new migration. */
export interface UnmigratedStore {
  db: Kysely<GameDatabase>;
  /** Runs the migrations (or takes them back) until the last one before `name`: a store as it was before `name` shipped. */
  migrateToJustBefore(name: string): Promise<void>;
  /** Runs the rest of the migrations. */
  migrateToLatest(): Promise<void>;
  /**
   * The columns of the store's own `table`: on PostgreSQL the catalog lists every schema of the
   * database, and another store's table of the same name (a parallel file's, a stopped bench's) is not this one.
   */
  columnsOf(table: string): Promise<string[]>;
  cleanup(): Promise<void>;
}

/** A game store with none of `migrations` run: a file of its own on SQLite, a schema of its own on PostgreSQL. */
export async function openUnmigratedStore(
  dialect: Dialect,
  migrations: Readonly<Record<string, Migration>>,
): Promise<UnmigratedStore> {
  const opened = dialect === 'sqlite' ? openSqlite() : await openPostgres();
  const { db, schema } = opened;
  // As stores.ts does: on PostgreSQL the bookkeeping tables are named by schema.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const lastBefore = (name: string) => {
    const last = Object.keys(migrations)
      .sort()
      .filter((other) => other < name)
      .at(-1);
    if (!last) throw new Error(`No migration comes before ${name}.`);
    return last;
  };
  const check = ({ error }: { error?: unknown }) => {
    if (error) throw error;
  };
  return {
    db,
    migrateToJustBefore: async (name) => check(await migrator.migrateTo(lastBefore(name))),
    migrateToLatest: async () => check(await migrator.migrateToLatest()),
    async columnsOf(table) {
      const found = (await db.introspection.getTables()).find(
        (candidate) => candidate.name === table && candidate.schema === schema,
      );
      return found?.columns.map((column) => column.name) ?? [];
    },
    cleanup: opened.cleanup,
  };
}

interface OpenedStore {
  db: Kysely<GameDatabase>;
  schema?: string;
  cleanup(): Promise<void>;
}

function openSqlite(): OpenedStore {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-unmigrated-'));
  const db = createSqliteKysely<GameDatabase>(new Database(path.join(dir, 'game.sqlite')));
  return {
    db,
    async cleanup() {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(): Promise<OpenedStore> {
  const url = process.env.TEST_DATABASE_URL as string;
  // The process id and the millisecond alone were once shared by two stores (one cleanup then dropped the
  // other's schema, seen in a run of several folders): the random part keeps every name apart.
  const schema = `unmigrated_${process.pid}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
  const db = new Kysely<GameDatabase>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    schema,
    async cleanup() {
      await db.destroy();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
}
