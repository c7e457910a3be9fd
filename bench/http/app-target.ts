import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { ATTESTATION_HEADER, ATTESTATION_PATHS } from '@outpost/contracts/attestation';
import type { Environment } from '@outpost/contracts/environments';
import { SITE_CALLABLES } from '@outpost/contracts/site';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import type { SonicBoom } from 'sonic-boom';
import { type AppOptions, buildApp } from '../../apps/server/src/app';
import type { AppStores } from '../../apps/server/src/database';
import { loadConfig } from '../../apps/server/src/platform/config';
import { Database } from '../../apps/server/src/platform/db/sqlite-driver';
import { type Dialect, dropSchemas, type StoreOptions } from '../../apps/server/src/platform/db/stores';
import { resolveAuthSecret } from '../../apps/server/src/platform/secrets';
import { collectStartupGarbage } from '../../apps/server/src/platform/startup-collection';
import { seedDemoData } from '../../apps/server/src/seed';
import { openAppStores } from '../../apps/server/src/stores';
import { registerBlankPage, registerPgReferenceRoutes, registerSqliteReferenceRoutes } from './bench-routes';
import { type CheckoutCrowd, seedCheckoutCrowd } from './checkout';
import { listenOnLoopback } from './listen';
import { startMinimalServer } from './minimal-server';
import { seedAccounts, seedSignupList, seedSpinner } from './seed';
import { openStockDb } from './stock-db';

/** The two lists signupCount is measured on: the landing page's count must not grow with the list. */
export const SMALL_LIST = 100;
export const LARGE_LIST = 1_000_000;
/** Pool size per store on PostgreSQL: the app's default, and the raw reference pool's. */
const PG_POOL_SIZE = 10;

/**
 * One dialect's apps, all built by buildApp with every hook, listening on loopback:
 * - `origin`: the main app at LOG_LEVEL=error (quiet: errors still show), on migrated stores with
 *   the demo data set and ACCOUNTS (seed.ts) accounts; the product rows run against it;
 * - `infoOrigin`: the same app on the same stores at the default LOG_LEVEL=info, writing its
 *   lines to a file in the bench's temp folder (not the terminal);
 * - `smallListOrigin` / `largeListOrigin`: the same app (APP_ENV development / beta, which differ
 *   in nothing else) on a second set of stores whose development store holds SMALL_LIST signups
 *   and whose beta store holds LARGE_LIST, for signupCount;
 * - `referenceOrigin`: a minimal Fastify (no hooks, like the bare route) answering the same reads
 *   without the app: on SQLite the data-path diagnosis (Kysely read, raw prepared read, stock
 *   transactions); on PostgreSQL a raw `pg` Pool read, the PostgreSQL target's reference.
 */
export interface AppTarget {
  dialect: Dialect;
  origin: string;
  infoOrigin: string;
  /** Reads what the LOG_LEVEL=info app has logged so far. */
  logStats(): Promise<LogStats>;
  smallListOrigin: string;
  largeListOrigin: string;
  referenceOrigin: string;
  /** The header the game sends: a valid attestation token from the app's own exchange. */
  attestationHeaders: Record<string, string>;
  /** Addresses of accounts in the identity store (check-email answers exists: true). */
  accountEmails: readonly string[];
  /** A signed-in player's headers for spin-machine: attestation and a bearer session with credits. */
  spinnerHeaders: Record<string, string>;
  /** SQLite only: rows of the stock table the stock transactions decrement. */
  stockIds: readonly string[];
  /** Seeds the merch checkout's drop and `players` shoppers in the main app's stores (checkout.ts). */
  seedCheckoutCrowd(players: number): Promise<CheckoutCrowd>;
  close(): Promise<void>;
}

/** The main app alone, with the blank page: what Lighthouse audits. */
export interface SiteTarget {
  origin: string;
  close(): Promise<void>;
}

/** Cleanups of PostgreSQL schemas and databases not yet dropped, for a stopped run (stopRun) to run. */
const pendingSchemaDrops = new Set<() => Promise<void>>();

/**
 * PostgreSQL stores being opened (their schemas created and migrated) now: a stop drops their schemas
 * again once they settle. SQLite's leave nothing outside the temp folder, so they are not waited for.
 */
const storesOpening = new Set<Promise<unknown>>();

/** How long a stopped run waits for its schemas and databases to drop before it exits anyway. */
const DROP_ON_STOP_MS = 10_000;

/**
 * Drops the bench's PostgreSQL schemas and databases now (the run is being stopped), and those
 * registered while it drops (a section that was under way may still open stores); gives up after `ms`.
 * What exists is dropped first; then, while stores are being opened, the drops run again once they
 * have settled: an opening under way creates its schemas, and each store's migrator its migration
 * table's schema when it is missing, so a schema dropped under them would be created again and
 * outlive the run.
 */
async function dropPendingSchemas(ms: number): Promise<void> {
  const dropAll = async () => {
    for (;;) {
      const opening = [...storesOpening];
      const drops = [...pendingSchemaDrops];
      await Promise.all(drops.map((drop) => drop().catch(() => {})));
      if (opening.length > 0) {
        await Promise.allSettled(opening);
        // Removed here, not only by their opener's finally, so the next pass never waits on them again.
        for (const settled of opening) storesOpening.delete(settled);
        continue;
      }
      for (const drop of drops) pendingSchemaDrops.delete(drop);
      if (pendingSchemaDrops.size === 0 && storesOpening.size === 0) return;
    }
  };
  await Promise.race([dropAll(), new Promise((resolve) => setTimeout(resolve, ms).unref())]);
}

/** When the run began to stop, if it has. */
let stoppingSince: number | undefined;

/**
 * A second stop within this long is the first one again: `npm run bench` relays a Ctrl-C to tsx,
 * which also gets it from the terminal, and tsx passes each on to the bench.
 */
const REPEATED_STOP_MS = 1_000;

/** Whether the run is stopping: its sections' own ends leave the exit to stopRun. */
export const runIsStopping = (): boolean => stoppingSince !== undefined;

/**
 * Stops the run before its end: drops what outlives the process (PostgreSQL schemas and databases;
 * files in the temp folder are left to the system), then exits with `code`. A second stop, later
 * than a repeat of the first, exits at once.
 */
export function stopRun(reason: string, code: number): void {
  if (stoppingSince !== undefined) {
    if (performance.now() - stoppingSince > REPEATED_STOP_MS) process.exit(code);
    return;
  }
  stoppingSince = performance.now();
  // A closed terminal (SIGHUP) may refuse the line: the drops go on regardless.
  process.stderr.on('error', () => {});
  console.error(`\nbench: ${reason}; dropping this run's PostgreSQL schemas and stopping.`);
  void dropPendingSchemas(DROP_ON_STOP_MS).finally(() => process.exit(code));
}

/**
 * Ctrl-C, `kill` and a closed terminal stop the run as its time limit does: a schema left behind
 * lies in the shared database for every later run and test to read (only SIGKILL escapes this).
 */
export function stopRunOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => stopRun(`stopped by ${signal}`, 128 + os.constants.signals[signal]));
  }
}

/** Undoes setup in reverse order; every step runs even if an earlier one fails. */
class Cleanups {
  readonly #steps: (() => Promise<void> | void)[] = [];
  #closing: Promise<void> | undefined;

  add(step: () => Promise<void> | void): void {
    this.#steps.push(step);
  }

  run(): Promise<void> {
    this.#closing ??= (async () => {
      const results = [];
      for (const step of [...this.#steps].reverse()) results.push(...(await Promise.allSettled([step()])));
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    })();
    return this.#closing;
  }
}

export interface Setting {
  dataDir: string;
  webDist: string;
  databaseUrl: string | undefined;
  cleanups: Cleanups;
  /** A unique prefix for this run's schemas on PostgreSQL. */
  runPrefix: string;
}

export function newSetting(webDist: string, databaseUrl: string | undefined): Setting {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-bench-'));
  const cleanups = new Cleanups();
  cleanups.add(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const runPrefix = `bench_${process.pid}_${Date.now().toString(36)}_`;
  return { dataDir, webDist, databaseUrl, cleanups, runPrefix };
}

/**
 * Runs `drop` (PostgreSQL schemas or a database, which outlive the process) with the setting's
 * cleanups, or when the run is stopped first (stopRun).
 */
export function dropAtTheEnd(setting: Setting, drop: () => Promise<void>): void {
  pendingSchemaDrops.add(drop);
  setting.cleanups.add(async () => {
    await drop();
    pendingSchemaDrops.delete(drop);
  });
}

/** Where openBenchStores puts the stores `name`: another process opens the same ones with these. */
export function benchStoreOptions(setting: Setting, name: string): StoreOptions & { schemaPrefix: string } {
  return {
    dataDir: path.join(setting.dataDir, name),
    databaseUrl: setting.databaseUrl,
    schemaPrefix: `${setting.runPrefix}${name}_`,
    poolSize: PG_POOL_SIZE,
  };
}

/**
 * Waits for `opening`, an opening of this run's stores here or in another process (a child given
 * benchStoreOptions of stores openBenchStores opened, which registered their drop), while a stop
 * knows of it: on PostgreSQL a stop meanwhile drops their schemas again once it has settled
 * (dropPendingSchemas), within the stop's bound.
 */
export async function whileStoresOpen<T>(setting: Setting, opening: Promise<T>): Promise<T> {
  if (!setting.databaseUrl) return opening;
  storesOpening.add(opening);
  try {
    return await opening;
  } finally {
    storesOpening.delete(opening);
  }
}

/** Migrated stores: files under the temp folder, or schemas `<run prefix><name>_…` dropped at the end. */
export async function openBenchStores(setting: Setting, name: string): Promise<AppStores> {
  const options = benchStoreOptions(setting, name);
  const { databaseUrl, schemaPrefix } = options;
  if (databaseUrl) dropAtTheEnd(setting, () => dropSchemas(databaseUrl, schemaPrefix));
  const stores = await whileStoresOpen(setting, openAppStores(options));
  setting.cleanups.add(() => stores.close());
  return stores;
}

type BenchConfig = AppOptions['config'];

/**
 * As server.ts configures the app, with a generated secret and a debug attestation token.
 * Attestation is enforced (production's mode), so a request without a valid token would count
 * as a failure instead of passing with a warning; with its token a call pays what a player's pays.
 */
export function benchConfig(setting: Setting, debugToken: string): BenchConfig {
  const config = loadConfig({
    DATA_DIR: setting.dataDir,
    LOG_LEVEL: 'error',
    HOST: '127.0.0.1',
    PORT: '0',
    WEB_DIST: setting.webDist,
    ATTESTATION_MODE: 'enforce',
    ATTESTATION_DEBUG_TOKENS: debugToken,
  });
  return { ...config, authSecret: resolveAuthSecret(config) };
}

/** The limits a bench would otherwise measure instead of the call: raised, still counted per client. */
const RAISED = { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };

export async function startApp(
  setting: Setting,
  options: Omit<AppOptions, 'rateLimits'>,
  register?: (app: FastifyInstance) => void,
): Promise<string> {
  const app = await buildApp({
    ...options,
    rateLimits: { emailSignup: RAISED, checkEmail: RAISED, merchOrder: RAISED },
  });
  setting.cleanups.add(() => app.close());
  register?.(app);
  const origin = await listenOnLoopback(app);
  // As startServer does once the server listens (apps/server/src/server.ts): npm run bench runs under
  // --expose-gc as npm start does; under Vitest there is no gc, and the bench's tests go without it.
  collectStartupGarbage();
  return origin;
}

/** Trades the debug token for an attestation token through the app's own exchange, as the game does. */
export async function exchangeAttestation(origin: string, debugToken: string): Promise<string> {
  const response = await fetch(`${origin}${ATTESTATION_PATHS.exchange}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ debugToken }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || typeof body.token !== 'string') {
    throw new Error(`The attestation exchange answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.token;
}

/** What the LOG_LEVEL=info app wrote. */
export interface LogStats {
  bytes: number;
  lines: number;
  /** Lines at warn or above: a request the bench sends wrong (a missing attestation token, say) shows here. */
  warnings: number;
}

async function expectSignupCount(origin: string, expected: number): Promise<void> {
  const response = await fetch(`${origin}/api/callable/${SITE_CALLABLES.signupCount}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: null }),
  });
  const body = (await response.json()) as { data?: { count?: number } };
  if (body.data?.count !== expected) {
    throw new Error(`signupCount at ${origin} answered ${JSON.stringify(body)}; the bench seeded ${expected}.`);
  }
}

/** The file logs go to, opened as pino opens stdout by default (asynchronous writes, no minimum length). */
function openLogFile(setting: Setting): { stream: SonicBoom; stats(): Promise<LogStats> } {
  const file = path.join(setting.dataDir, 'app-info.log');
  const stream = pino.destination({ dest: file, sync: false });
  setting.cleanups.add(
    () =>
      new Promise<void>((resolve) => {
        stream.once('close', () => resolve());
        stream.end();
      }),
  );
  return {
    stream,
    async stats() {
      await new Promise<void>((resolve) => stream.flush(() => resolve()));
      const stats: LogStats = { bytes: 0, lines: 0, warnings: 0 };
      const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
      for await (const line of lines) {
        stats.bytes += Buffer.byteLength(line) + 1;
        stats.lines += 1;
        if (/"level":(4|5|6)0\b/.test(line)) stats.warnings += 1;
      }
      return stats;
    },
  };
}

/** The main app with the demo data set and the blank page, for Lighthouse. */
export async function startSiteTarget(webDist: string): Promise<SiteTarget> {
  const setting = newSetting(webDist, undefined);
  const close = () => setting.cleanups.run();
  try {
    const stores = await openBenchStores(setting, 'main');
    await seedDemoData(stores, 'development');
    const config = benchConfig(setting, randomBytes(16).toString('hex'));
    const origin = await startApp(setting, { config, stores }, registerBlankPage);
    return { origin, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Everything the HTTP rows of one dialect need (see AppTarget); PostgreSQL when `databaseUrl` is given. */
export async function startAppTarget(webDist: string, databaseUrl?: string): Promise<AppTarget> {
  const setting = newSetting(webDist, databaseUrl);
  const dialect: Dialect = databaseUrl ? 'postgres' : 'sqlite';
  const close = () => setting.cleanups.run();
  try {
    const debugToken = randomBytes(16).toString('hex');
    const config = benchConfig(setting, debugToken);

    const stores = await openBenchStores(setting, 'main');
    await seedDemoData(stores, 'development');
    const accountEmails = await seedAccounts(stores.identity, dialect);

    const lists = await openBenchStores(setting, 'lists');
    await seedSignupList(lists.game.development, dialect, SMALL_LIST);
    await seedSignupList(lists.game.beta, dialect, LARGE_LIST);

    const origin = await startApp(setting, { config, stores });
    const log = openLogFile(setting);
    const infoOrigin = await startApp(setting, {
      config: { ...config, logLevel: 'info' },
      stores,
      logStream: log.stream,
    });
    const listApp = (appEnv: Environment) => startApp(setting, { config: { ...config, appEnv }, stores: lists });
    const smallListOrigin = await listApp('development');
    const largeListOrigin = await listApp('beta');

    let stockIds: readonly string[] = [];
    let referenceOrigin: string;
    if (databaseUrl) {
      // A pool like the store's own: same size, the identity schema on the search path (set in
      // the URL: the root's @types/pg predates the `options` field stores.ts uses).
      const url = new URL(databaseUrl);
      url.searchParams.set('options', `-c search_path=${setting.runPrefix}main_identity`);
      const pool = new pg.Pool({ connectionString: url.toString(), max: PG_POOL_SIZE });
      setting.cleanups.add(() => pool.end());
      const reference = await startMinimalServer((app) => registerPgReferenceRoutes(app, { pool, stores }));
      setting.cleanups.add(() => reference.close());
      referenceOrigin = reference.origin;
    } else {
      // openSqlite names the file after the store; read-only, so the raw path cannot change data.
      const rawRead = new Database(path.join(setting.dataDir, 'main', 'identity.sqlite'), {
        readonly: true,
        fileMustExist: true,
      });
      setting.cleanups.add(() => {
        rawRead.close();
      });
      const stock = await openStockDb(setting.dataDir);
      setting.cleanups.add(() => stock.close());
      stockIds = stock.ids;
      const reference = await startMinimalServer((app) =>
        registerSqliteReferenceRoutes(app, { identity: stores.identity, rawRead, stock }),
      );
      setting.cleanups.add(() => reference.close());
      referenceOrigin = reference.origin;
    }

    // The lists' apps must answer what the rows are named after.
    await expectSignupCount(smallListOrigin, SMALL_LIST);
    await expectSignupCount(largeListOrigin, LARGE_LIST);
    const token = await exchangeAttestation(origin, debugToken);
    const spinner = await seedSpinner(origin, config.publicUrl, stores.game.development);
    return {
      dialect,
      origin,
      infoOrigin,
      logStats: log.stats,
      smallListOrigin,
      largeListOrigin,
      referenceOrigin,
      attestationHeaders: { [ATTESTATION_HEADER]: token },
      spinnerHeaders: { [ATTESTATION_HEADER]: token, authorization: spinner },
      accountEmails,
      stockIds,
      seedCheckoutCrowd: (players) =>
        seedCheckoutCrowd(
          origin,
          config.publicUrl,
          { game: stores.game.development, identity: stores.identity },
          players,
        ),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
