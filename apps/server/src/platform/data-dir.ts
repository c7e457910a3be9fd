import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from './config';
import { sqliteStoreFiles } from './db/stores';
import { localFileRoot } from './storage/create-file-store';
import { localFileStoreFolders } from './storage/local-file-store';

/*
 * DATA_DIR holds what the server writes on this machine: the SQLite stores, the local file store's
 * uploads and the generated auth secret. A folder the server cannot write is found at start,
 * before any store is opened, and stops it with one line naming the folder and what to do.
 * Without this check SQLite opens a file it cannot write read-only and fails later, on its first
 * write, with "attempt to write a readonly database", which names neither the folder nor the user.
 */

/** Raised at start when DATA_DIR cannot be used; its message is one line for the operator. */
export class DataDirError extends Error {}

type DataDirConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'fileStore' | 'authSecret'>;

/** The user this process runs as, as an operator names it in chown; undefined where there are no uids. */
function processUser(): { name: string; described: string } | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  let name: string | undefined;
  try {
    name = os.userInfo().username;
  } catch {
    // A uid with no entry in the user database (a container's arbitrary uid): chown takes the number.
  }
  return name ? { name, described: `user ${name} (uid ${uid})` } : { name: String(uid), described: `uid ${uid}` };
}

/** What a failed write on `failedPath` means to the operator, as one line. */
function notWritable(dataDir: string, error: unknown, creating: boolean): DataDirError {
  const { code = 'an error', path: failedPath = dataDir } = error as NodeJS.ErrnoException;
  const where = `${code} on ${failedPath}`;
  const user = processUser();
  const subject = user?.described ?? 'this process';
  switch (code) {
    case 'EROFS':
      return new DataDirError(
        `DATA_DIR ${dataDir} is on a read-only file system (${where}). Mount it read-write (under systemd's ProtectSystem=strict, list it in ReadWritePaths=), or set DATA_DIR to a writable folder.`,
      );
    case 'ENOSPC':
    case 'EDQUOT':
      return new DataDirError(
        `DATA_DIR ${dataDir} has no space left (${where}). Free space on its disk (or raise the quota), then start again.`,
      );
    default:
      return creating
        ? new DataDirError(
            `DATA_DIR ${dataDir} does not exist and ${subject} cannot create it (${where}). Create it for that user (install -d -o ${user?.name ?? '<user>'} ${dataDir}), or set DATA_DIR to a folder it can write.`,
          )
        : new DataDirError(
            `DATA_DIR ${dataDir} is not writable by ${subject}: ${where}. Give that user write access to the folder and everything in it (chown -R ${user?.name ?? '<user>'} ${dataDir}), or set DATA_DIR to a folder it can write.`,
          );
  }
}

/**
 * Creates a file in the folder and removes it again: the one test of writing that sees every cause
 * (modes, ACLs, a read-only mount). A failure names the folder, not the probe's passing name.
 */
function probeFolder(folder: string): void {
  const probe = path.join(folder, `.outpost-write-check-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    fs.writeFileSync(probe, '', { flag: 'wx' });
    fs.rmSync(probe);
  } catch (error) {
    throw Object.assign(error as NodeJS.ErrnoException, { path: folder });
  }
}

/**
 * Checks, before anything is opened, that this process can write what the configuration keeps in
 * DATA_DIR (creating the folder if it is missing): the folder itself, each SQLite store's files
 * (a file SQLite cannot write, it opens read-only), and the local file store's folders. A
 * deployment on PostgreSQL with a bucket and AUTH_SECRET set keeps nothing there, and is not checked.
 */
export function checkDataDir(config: DataDirConfig): void {
  const sqlite = config.databaseUrl === undefined;
  const fileRoot = localFileRoot(config);
  if (!sqlite && fileRoot === undefined && config.authSecret !== undefined) return;
  const { dataDir } = config;

  let existing: fs.Stats | undefined;
  try {
    existing = fs.statSync(dataDir, { throwIfNoEntry: false });
  } catch (error) {
    throw notWritable(dataDir, error, false);
  }
  if (existing && !existing.isDirectory()) {
    throw new DataDirError(`DATA_DIR ${dataDir} is a file, not a folder. Set DATA_DIR to a folder.`);
  }
  if (!existing) {
    try {
      fs.mkdirSync(dataDir, { recursive: true });
    } catch (error) {
      throw notWritable(dataDir, error, true);
    }
  }

  const folders = [dataDir, ...(fileRoot === undefined ? [] : localFileStoreFolders(fileRoot))];
  const files = sqlite ? sqliteStoreFiles(dataDir) : [];
  try {
    for (const folder of folders) if (fs.existsSync(folder)) probeFolder(folder);
    // A store's files are checked, not opened: closing a descriptor of a SQLite file drops every
    // lock this process holds on it.
    for (const file of files) if (fs.existsSync(file)) fs.accessSync(file, fs.constants.W_OK);
  } catch (error) {
    throw notWritable(dataDir, error, false);
  }
}
