import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
import { seedDemoData } from '../../apps/server/src/ops/seed';
import { loadConfig } from '../../apps/server/src/platform/config';
import type { GameDatabase } from '../../apps/server/src/platform/db/schema';
import { openStores } from '../../apps/server/src/platform/db/stores';
import { resolveAuthSecret } from '../../apps/server/src/platform/secrets';
import { type DataPathDeps, registerBlankPage } from './bench-routes';
import { listenOnLoopback } from './listen';
import { openStockDb } from './stock-db';

export interface AppTarget {
  origin: string;
  /** The app's stores and two raw connections, for the data-path routes on a minimal server. */
  dataPath: DataPathDeps;
  /** Primary keys of email_signups rows that exist in the development store. */
  readKeys: readonly string[];
  stockIds: readonly string[];
  close(): Promise<void>;
}

const READ_ROWS = 10_000;
/** SQLite's default limit is 32,766 bound values; three columns per row. */
const INSERT_BATCH = 1_000;

async function seedReadRows(db: Kysely<GameDatabase>): Promise<string[]> {
  const keys = Array.from({ length: READ_ROWS }, (_, index) => `reader-${String(index).padStart(5, '0')}@example.com`);
  const createdAt = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < keys.length; start += INSERT_BATCH) {
      const rows = keys
        .slice(start, start + INSERT_BATCH)
        .map((email) => ({ email, source: 'bench', created_at: createdAt }));
      await trx.insertInto('email_signups').values(rows).execute();
    }
  });
  return keys;
}

/**
 * The real app (buildApp on real, migrated SQLite stores in a temp folder, demo data seeded) plus
 * the blank page, listening on loopback. The signup limiter is raised so the bench measures
 * inserts, not 429s. Its stores also back the data-path routes, which run on a minimal server
 * (suite.ts) so that the app's hooks (security headers, access control) stay out of the read's
 * ratio to the bare route.
 */
export async function startAppTarget(webDist: string): Promise<AppTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-bench-'));
  const cleanups: (() => Promise<void> | void)[] = [() => fs.rmSync(dataDir, { recursive: true, force: true })];
  let closing: Promise<void> | undefined;
  // Undo in reverse order of setup; every step runs even if an earlier one fails.
  const close = () =>
    (closing ??= (async () => {
      const results = [];
      for (const cleanup of [...cleanups].reverse()) results.push(await Promise.allSettled([cleanup()]));
      const failed = results.flat().find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    })());
  try {
    // Logging at error: info would write a line per request, and in development (attestation
    // mode "monitor") every signup without an attestation token is a warning; the bench would
    // measure pino and flood the terminal. Errors (5xx) still show.
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_DIST: webDist,
    });
    const stores = await openStores({ dataDir: config.dataDir });
    cleanups.push(() => stores.close());
    await seedDemoData(stores, config.appEnv);
    const game = stores.game[config.appEnv];
    const readKeys = await seedReadRows(game);

    // openSqlite names the file after the store; read-only, so the raw path cannot change data.
    const rawRead = new Database(path.join(config.dataDir, `game-${config.appEnv}.sqlite`), {
      readonly: true,
      fileMustExist: true,
    });
    cleanups.push(() => {
      rawRead.close();
    });
    const stock = await openStockDb(dataDir);
    cleanups.push(() => stock.close());

    // As server.ts does: a generated secret kept under DATA_DIR.
    const app = await buildApp({
      config: { ...config, authSecret: resolveAuthSecret(config) },
      stores,
      rateLimits: { emailSignup: { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } },
    });
    cleanups.push(() => app.close());
    registerBlankPage(app);
    const origin = await listenOnLoopback(app);
    return { origin, dataPath: { game, rawRead, stock }, readKeys, stockIds: stock.ids, close };
  } catch (error) {
    await close();
    throw error;
  }
}
