import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Database } from './sqlite-driver';
import { type Dialect, STORE_KEYS, type StoreKey, type Stores, sqliteStoreFile } from './stores';

/*
 * Backups of every store, and their restore (`npm run admin -- backup|restore`;
 * docs/decisions/0006-backups.md). SQLite: each store file through SQLite's online backup API, a consistent
 * copy taken while the server writes, and restored through the same API into the live file. PostgreSQL: one
 * pg_dump of the stores' schemas in its custom format, restored by psql in one transaction that drops the
 * schemas and recreates them from the dump, so a restore that fails leaves the database as it was. The
 * uploaded files of the local file store are copied beside them.
 */

const MANIFEST = 'outpost-backup.json';
const POSTGRES_DUMP = 'postgres.dump';
const FILES = 'files';

export interface BackupManifest {
  format: 'outpost-backup/1';
  createdAt: string;
  dialect: Dialect;
  stores: StoreKey[];
  /** PostgreSQL: the schemas dumped, which a restore recreates under the same names. */
  schemas?: string[];
  /** How many uploaded files were copied (the local file store); null when files live elsewhere. */
  files: number | null;
}

/** A backup or restore refused for a reason the operator can act on. */
export class BackupError extends Error {}

interface BackupTarget {
  stores: Pick<Stores<unknown, unknown>, 'dialect' | 'postgres'>;
  /** SQLite: the folder of the store files. */
  dataDir: string;
  /** The local file store's folder; undefined when files are kept in a bucket. */
  fileRoot: string | undefined;
}

const run = promisify(execFile);

/** Runs one of PostgreSQL's client tools, turning a missing tool or its failure into a plain sentence. */
async function pgTool(tool: 'pg_dump' | 'pg_restore' | 'psql', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new BackupError(
        `${tool} was not found: install PostgreSQL's client tools of the server's major version (Debian: postgresql-client).`,
      );
    }
    throw new BackupError(`${tool} failed: ${(failure.stderr ?? failure.message).trim()}`);
  }
}

function copyFiles(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  fs.cpSync(from, to, { recursive: true });
  return fs.readdirSync(to, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/**
 * Writes a backup of every store (and the local files) into `to`, which must not exist yet. It is
 * written beside it first and renamed at the end, so a folder under that name is a whole backup.
 */
export async function backupStores(target: BackupTarget, to: string): Promise<BackupManifest> {
  if (fs.existsSync(to)) throw new BackupError(`${to} already exists: name a new folder for the backup.`);
  const partial = `${to}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  try {
    const manifest: BackupManifest = {
      format: 'outpost-backup/1',
      createdAt: new Date().toISOString(),
      dialect: target.stores.dialect,
      stores: [...STORE_KEYS],
      files: null,
    };
    const { postgres } = target.stores;
    if (postgres) {
      manifest.schemas = STORE_KEYS.map((key) => postgres.schemas[key]);
      await pgTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(partial, POSTGRES_DUMP)}`,
        ...manifest.schemas.map((schema) => `--schema=${schema}`),
        `--dbname=${postgres.databaseUrl}`,
      ]);
    } else {
      for (const key of STORE_KEYS) {
        const source = new Database(sqliteStoreFile(target.dataDir, key), { readonly: true, fileMustExist: true });
        try {
          await source.backup(path.join(partial, path.basename(sqliteStoreFile(target.dataDir, key))));
        } finally {
          source.close();
        }
      }
    }
    if (target.fileRoot) manifest.files = copyFiles(target.fileRoot, path.join(partial, FILES));
    fs.writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(partial, to);
    return manifest;
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** The backup in `from`, checked against the stores it would replace. */
function readManifest(target: BackupTarget, from: string): BackupManifest {
  const file = path.join(from, MANIFEST);
  if (!fs.existsSync(file)) throw new BackupError(`${from} is not an Outpost backup (it has no ${MANIFEST}).`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 'outpost-backup/1') {
    throw new BackupError(`${from} is a backup of a format this version cannot read (${String(manifest.format)}).`);
  }
  if (manifest.dialect !== target.stores.dialect) {
    throw new BackupError(
      `${from} is a backup of ${manifest.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} stores; this server uses ${target.stores.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}.`,
    );
  }
  const { postgres } = target.stores;
  if (postgres) {
    const current = STORE_KEYS.map((key) => postgres.schemas[key]);
    if (JSON.stringify(manifest.schemas) !== JSON.stringify(current)) {
      throw new BackupError(
        `${from} holds the schemas ${manifest.schemas?.join(', ')}; this server uses ${current.join(', ')}.`,
      );
    }
  }
  return manifest;
}

/** Checks a SQLite store file of the backup before anything is replaced. */
function checkSqliteCopy(file: string): void {
  if (!fs.existsSync(file)) throw new BackupError(`The backup lacks ${path.basename(file)}.`);
  try {
    const copy = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const [result] = copy.pragma('quick_check') as { quick_check: string }[];
      if (result?.quick_check !== 'ok') throw new Error(result?.quick_check ?? 'no answer');
    } finally {
      copy.close();
    }
  } catch (error) {
    throw new BackupError(`${path.basename(file)} in the backup is damaged: ${(error as Error).message}`);
  }
}

/**
 * Replaces every store (and the local files) with the backup in `from`. Run it with the server
 * stopped: requests during a restore would wait on it or see a store half way. The app migrates a
 * restored older backup at its next start.
 */
export async function restoreStores(target: BackupTarget, from: string): Promise<BackupManifest> {
  const manifest = readManifest(target, from);
  const { postgres } = target.stores;
  if (postgres) {
    const dump = path.join(from, POSTGRES_DUMP);
    if (!fs.existsSync(dump)) throw new BackupError(`The backup lacks ${POSTGRES_DUMP}.`);
    const work = fs.mkdtempSync(path.join(path.dirname(path.resolve(from)), '.outpost-restore-'));
    try {
      // The dump as SQL (pg_restore reads and checks it), run after the schemas' drop in one transaction.
      const script = path.join(work, 'restore.sql');
      await pgTool('pg_restore', ['--no-owner', '--no-privileges', `--file=${script}`, dump]);
      const drop = path.join(work, 'drop.sql');
      fs.writeFileSync(
        drop,
        (manifest.schemas ?? []).map((schema) => `drop schema if exists "${schema}" cascade;\n`).join(''),
      );
      await pgTool('psql', [
        '--no-psqlrc',
        '--quiet',
        '--single-transaction',
        '--set=ON_ERROR_STOP=1',
        `--file=${drop}`,
        `--file=${script}`,
        `--dbname=${postgres.databaseUrl}`,
      ]);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  } else {
    const copies = STORE_KEYS.map((key) => ({
      copy: path.join(from, path.basename(sqliteStoreFile(target.dataDir, key))),
      live: sqliteStoreFile(target.dataDir, key),
    }));
    for (const { copy } of copies) checkSqliteCopy(copy);
    for (const { copy, live } of copies) {
      const source = new Database(copy, { readonly: true, fileMustExist: true });
      try {
        await source.backup(live);
      } finally {
        source.close();
      }
    }
  }
  if (target.fileRoot && manifest.files !== null) {
    const incoming = `${target.fileRoot}.restoring`;
    fs.rmSync(incoming, { recursive: true, force: true });
    copyFiles(path.join(from, FILES), incoming);
    fs.mkdirSync(incoming, { recursive: true });
    fs.rmSync(target.fileRoot, { recursive: true, force: true });
    fs.renameSync(incoming, target.fileRoot);
  }
  return manifest;
}
