import { randomUUID } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fileSystemTrouble } from '../db/unavailable';
import {
  assertValidFileKey,
  assertValidFilePrefix,
  type FileStore,
  IMMUTABLE_CACHE_CONTROL,
  isValidFileKey,
} from './file-store';

/** The path the local store's files are served under. */
export const LOCAL_FILES_PATH = '/files';

/**
 * Half-written files wait here until renamed into place. It sits under the root so the rename
 * stays on one file system (and so stays atomic); its dot name is never a valid key, and
 * hidden names are never served.
 */
const TEMP_FOLDER = '.tmp';

/** The folders the store writes in directly, besides the keys' own: what a start checks it may write. */
export function localFileStoreFolders(root: string): string[] {
  return [root, path.join(root, TEMP_FOLDER)];
}

/**
 * Runs a change on disk; a folder that cannot be written for now (read-only, no permission, a
 * full disk) fails as the store's trouble, which is answered 503 in words, not as a fault.
 */
async function onDisk<Result>(work: () => Promise<Result>): Promise<Result> {
  try {
    return await work();
  } catch (error) {
    throw fileSystemTrouble(error);
  }
}

export interface LocalFileStoreOptions {
  /** The folder files are kept in (the app passes `DATA_DIR/files`). */
  root: string;
  /** Where the browser loads them from, such as `https://outpost.example/files`. */
  baseUrl: string;
}

/** Files in a folder on this machine, served by `registerLocalFileRoutes`. */
export class LocalFileStore implements FileStore {
  readonly kind = 'local';
  readonly root: string;
  readonly #baseUrl: string;

  constructor(options: LocalFileStoreOptions) {
    this.root = path.resolve(options.root);
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** The file's path on disk; keys are checked first, so it never leaves the root. */
  pathOf(key: string): string {
    assertValidFileKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /**
   * Written to a temporary file, flushed, then renamed over the key: a reader (or a crash)
   * sees the old file or the whole new one, never part of it. The content type is not stored;
   * it follows from the key's extension when the file is served.
   */
  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    const temp = path.join(this.root, TEMP_FOLDER, randomUUID());
    await onDisk(async () => {
      await Promise.all([
        mkdir(path.dirname(target), { recursive: true }),
        mkdir(path.dirname(temp), { recursive: true }),
      ]);
      try {
        const handle = await open(temp, 'wx');
        try {
          await handle.writeFile(body);
          await handle.datasync();
        } finally {
          await handle.close();
        }
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    });
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await onDisk(() => rm(file, { force: true }));
  }

  async list(prefix: string): Promise<string[]> {
    assertValidFilePrefix(prefix);
    const folder = path.join(this.root, ...prefix.slice(0, -1).split('/'));
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .filter(isValidFileKey);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidFilePrefix(prefix);
    const folder = path.join(this.root, ...prefix.slice(0, -1).split('/'));
    await onDisk(() => rm(folder, { recursive: true, force: true }));
  }

  url(key: string): string {
    assertValidFileKey(key);
    return `${this.#baseUrl}/${key}`;
  }

  async close(): Promise<void> {}
}

/**
 * Serves the store's folder at `/files/<key>` with @fastify/static (registered a second time,
 * beside the web app's, under its own prefix): ETag, Last-Modified, ranges and HEAD come with it.
 * Only valid keys are served (anything else, `..` or a hidden name included, is a 404 before
 * the disk is read), directories are never listed, and a missing file goes to the app's
 * not-found handler. Files are re-encoded images under never-reused keys, so browsers and
 * proxies keep them for a year without asking again.
 */
export async function registerLocalFileRoutes(app: FastifyInstance, store: LocalFileStore): Promise<void> {
  // @fastify/static checks its root when registered, before the first upload creates it.
  await mkdir(store.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: store.root,
    prefix: `${LOCAL_FILES_PATH}/`,
    decorateReply: false,
    wildcard: true,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'ignore',
    allowedPath: (pathname) => isValidFileKey(pathname.slice(1)),
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', IMMUTABLE_CACHE_CONTROL);
      // The bytes came from a user: never let a browser read them as anything but their type.
      res.setHeader('x-content-type-options', 'nosniff');
    },
  });
}
