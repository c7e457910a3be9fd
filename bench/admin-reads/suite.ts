import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppStores } from '../../apps/server/src/database';
import type { Dialect } from '../../apps/server/src/platform/db/stores';
import { benchConfig, newSetting, openBenchStores, type Setting, startApp } from '../http/app-target';
import { signUpStaffMember } from '../http/seed';
import type { BenchOptions } from '../options';
import { loadNow, measureLatency, percentile } from '../search/latency';
import type { LatencyRequest } from '../search/latency-client';
import { SEARCH_USERS } from '../search/users';
import { SAVED_SEGMENTS } from '../segments/definitions';
import { adminCaller } from '../segments/suite';
import { decided, type TargetResult, type TargetSpec, unmeasured } from '../targets';
import { ADMIN_READS, type AdminRead, type ReadFixtures, readName } from './inventory';
import { type AdminReadsSeed, BENCH_EXPERIMENT, cloneAdminLog, seedAdminReads, YEAR_DAYS } from './seed';

/*
 * Every read the back office's screens make (inventory.ts), at 100,000 players and a year of game data
 * (seed.ts), through the whole app over real HTTP as an admin: each read once by hand (it must answer
 * 2xx; its cold time is kept), then WARMUP_ROUNDS rounds and SAMPLES measured rounds of every read in
 * turn, one request at a time from a process of its own (bench/search/latency-client.ts). The bar: every
 * read's p95 <= P95_BAR_MS, on SQLite and on PostgreSQL.
 */

export const P95_BAR_MS = 50;
const SAMPLES = Number(process.env.BENCH_ADMIN_SAMPLES ?? 30);
const WARMUP_ROUNDS = 3;
/** Seconds one store's seeding may take on a busy machine, and its walk at most. */
const SETUP_SECONDS = 900;
const WALK_SECONDS = 900;
const ENVIRONMENT = 'development';
const TOP = 10;

const NAMES: Record<Dialect, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const TARGETS: Record<Dialect, TargetSpec> = Object.fromEntries(
  (['sqlite', 'postgres'] as const).map((dialect) => [
    dialect,
    {
      name: `every admin read at ${SEARCH_USERS.toLocaleString('en-US')} players and a year of game data, ${NAMES[dialect]}`,
      requirement: `p95 <= ${P95_BAR_MS} ms`,
    },
  ]),
) as Record<Dialect, TargetSpec>;
export const ADMIN_READS_TARGET_SPECS: readonly TargetSpec[] = Object.values(TARGETS);

/** One read's figures over its samples. */
export interface AdminReadFigure {
  name: string;
  what: string;
  /** Its first answer, before any warm-up (a cache's first fill shows here). */
  firstMs: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface AdminReadsStore {
  dialect: Dialect;
  seedSeconds: number;
  seedLoad: number;
  seeded: AdminReadsSeed & { adminLog: number };
  /** Every read, slowest p95 first. */
  reads: AdminReadFigure[];
  failures: number;
  firstFailure?: string;
  walkSeconds: number;
  /** The one-minute load average after the walk. */
  load: number;
}

export interface AdminReadsReport {
  stores: AdminReadsStore[];
  top: number;
  targets: TargetResult[];
  postgresSkipped?: string;
}

if (!Number.isInteger(SAMPLES) || SAMPLES < 20) {
  throw new Error(
    `BENCH_ADMIN_SAMPLES must be a whole number of at least 20 (got "${process.env.BENCH_ADMIN_SAMPLES}").`,
  );
}

export function adminReadsBenchSeconds(options: BenchOptions): number {
  return (options.databaseUrl ? 2 : 1) * (SETUP_SECONDS + WALK_SECONDS);
}

/** Where a detail page's id is found: the first of its list's rows holding the field. */
const FOUND_IN: Readonly<Record<string, { list: string; field: string }>> = {
  productID: { list: 'products', field: 'productID' },
  itemID: { list: 'items', field: 'itemID' },
  purchasableID: { list: 'purchasables', field: 'purchasableID' },
  packID: { list: 'credit-packs', field: 'packID' },
  machineID: { list: 'machines', field: 'machineID' },
  claimCodeID: { list: 'claim-codes', field: 'claimCodeID' },
  orderID: { list: 'merch/orders', field: 'orderID' },
  episodeID: { list: 'theater/episodes', field: 'episodeID' },
  videoID: { list: 'theater/videos', field: 'videoID' },
  collectionID: { list: 'theater/collections', field: 'collectionID' },
  reportID: { list: 'reports', field: 'reportID' },
  version: { list: 'remote-config/versions', field: 'version' },
};

/** The first value of `field` in `answer`, depth first (a list's rows, versions, …). */
function firstField(answer: unknown, field: string): string | undefined {
  if (Array.isArray(answer)) {
    for (const item of answer) {
      const found = firstField(item, field);
      if (found !== undefined) return found;
    }
  } else if (answer !== null && typeof answer === 'object') {
    const value = (answer as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    return firstField(Object.values(answer), field);
  }
  return undefined;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

async function findFixtures(call: ReturnType<typeof adminCaller>, userID: string, now: Date): Promise<ReadFixtures> {
  const params: Record<string, string> = {
    env: ENVIRONMENT,
    userID,
    experimentID: BENCH_EXPERIMENT,
    segmentID: SAVED_SEGMENTS[0]?.segmentID ?? '',
  };
  for (const [param, { list, field }] of Object.entries(FOUND_IN)) {
    const answer = await call('GET', `/api/admin/${ENVIRONMENT}/${list}?page=1&pageSize=1`);
    const value = firstField(answer, field);
    if (value === undefined)
      throw new Error(`No ${field} in GET ${list}'s answer: ${JSON.stringify(answer).slice(0, 300)}`);
    params[param] = value;
  }
  return {
    params,
    today: isoDay(now),
    daysAgo: (days) => isoDay(new Date(now.getTime() - days * 86_400_000)),
  };
}

function requestOf(read: AdminRead, fixtures: ReadFixtures, authorization: string): LatencyRequest {
  const [method, pattern] = read.route.split(' ') as ['GET' | 'POST', string];
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = fixtures.params[name];
    if (value === undefined) throw new Error(`${read.route} names :${name}, which no fixture gives.`);
    return encodeURIComponent(value);
  });
  const query = typeof read.query === 'function' ? read.query(fixtures) : read.query;
  const body = read.body?.(fixtures);
  return {
    method,
    path: query ? `${path}?${query}` : path,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** A player the player page has much to show of: credits, a store purchase and a subscription. */
async function busyPlayer(stores: AppStores): Promise<string> {
  const row = await stores.game.development
    .selectFrom('subscriptions')
    .innerJoin('store_purchases', 'store_purchases.user_id', 'subscriptions.user_id')
    .innerJoin('credit_balances', 'credit_balances.user_id', 'subscriptions.user_id')
    .select('subscriptions.user_id')
    .where('subscriptions.user_id', 'like', 'search-user-%')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.user_id;
}

/** A store seeded, the app on it, an admin signed in, and every read as a request of theirs. */
interface PreparedStore {
  origin: string;
  seeded: AdminReadsSeed & { adminLog: number };
  call: ReturnType<typeof adminCaller>;
  requests: LatencyRequest[];
}

/** Seeds `setting`'s store, starts the app on it and signs an admin in; the setting's cleanups end it all. */
async function prepareStore(setting: Setting, dialect: Dialect): Promise<PreparedStore> {
  const stores = await openBenchStores(setting, 'adminreads');
  const seeded = await seedAdminReads(stores, dialect);
  const config = benchConfig(setting, randomBytes(16).toString('hex'));
  const origin = await startApp(setting, { config, stores });
  const authorization = await signUpStaffMember(origin, config.publicUrl, stores.identity, {
    name: 'bench-admin',
    keys: ['admin'],
  });
  const call = adminCaller(origin, authorization);
  // The admin's own writes, which the admin log's year is cloned from.
  for (const segment of SAVED_SEGMENTS) await call('POST', `/api/admin/${ENVIRONMENT}/segments`, segment);
  const adminLog = await cloneAdminLog(stores.game.development, dialect);
  if (dialect === 'postgres') await sql`analyze`.execute(stores.identity);
  const fixtures = await findFixtures(call, await busyPlayer(stores), new Date());
  const requests = ADMIN_READS.map((read) => requestOf(read, fixtures, authorization));
  return { origin, seeded: { ...seeded, adminLog }, call, requests };
}

async function measureStore(webDist: string, databaseUrl?: string): Promise<AdminReadsStore> {
  const dialect: Dialect = databaseUrl ? 'postgres' : 'sqlite';
  const setting = newSetting(webDist, databaseUrl);
  try {
    process.stdout.write(
      `  ${NAMES[dialect]}: seeding a year of the back office for ${SEARCH_USERS.toLocaleString('en-US')} players ...`,
    );
    const started = performance.now();
    const { origin, seeded, call, requests } = await prepareStore(setting, dialect);
    const seedSeconds = (performance.now() - started) / 1000;
    const seedLoad = loadNow();
    process.stdout.write(` ${seedSeconds.toFixed(1)} s (load ${seedLoad.toFixed(2)})\n`);
    process.stdout.write(`  each of ${requests.length} reads once ...`);
    const firstMs: number[] = [];
    for (const [index, request] of requests.entries()) {
      const began = performance.now();
      const read = ADMIN_READS[index] as AdminRead;
      await call(request.method, request.path, request.body === undefined ? undefined : JSON.parse(request.body)).catch(
        (error: unknown) => {
          throw new Error(`${readName(read)} (${read.what}): ${String(error)}`);
        },
      );
      firstMs.push(performance.now() - began);
    }
    process.stdout.write(` every one 2xx; ${WARMUP_ROUNDS} rounds of warm-up, then ${SAMPLES} measured ...`);
    const walkStarted = performance.now();
    const timings = await measureLatency({
      origin,
      requests,
      warmupSeconds: 0,
      durationSeconds: WALK_SECONDS,
      rounds: { warmup: WARMUP_ROUNDS, measured: SAMPLES },
    });
    const walkSeconds = (performance.now() - walkStarted) / 1000;
    const load = loadNow();
    process.stdout.write(` ${walkSeconds.toFixed(0)} s (load ${load.toFixed(2)})\n`);
    const reads = ADMIN_READS.map((read, index): AdminReadFigure => {
      const samples = timings.milliseconds.filter((_, sample) => sample % requests.length === index);
      return {
        name: readName(read),
        what: read.what,
        firstMs: firstMs[index] ?? Number.NaN,
        samples: samples.length,
        p50Ms: percentile(samples, 0.5),
        p95Ms: percentile(samples, 0.95),
        maxMs: Math.max(...samples),
      };
    }).sort((a, b) => b.p95Ms - a.p95Ms);
    return {
      dialect,
      seedSeconds,
      seedLoad,
      seeded,
      reads,
      failures: timings.failures,
      ...(timings.firstFailure ? { firstFailure: timings.firstFailure } : {}),
      walkSeconds,
      load,
    };
  } finally {
    await setting.cleanups.run();
  }
}

function storeTarget(dialect: Dialect, store: AdminReadsStore | undefined): TargetResult {
  const spec = TARGETS[dialect];
  if (!store) return unmeasured(spec, 'skipped (no BENCH_DATABASE_URL)');
  const slowest = store.reads[0] as AdminReadFigure;
  const over = store.reads.filter((read) => read.p95Ms > P95_BAR_MS).length;
  return decided(
    spec.name,
    spec.requirement,
    slowest.p95Ms <= P95_BAR_MS && store.failures === 0,
    `slowest ${slowest.name} (${slowest.what}) p95 ${slowest.p95Ms.toFixed(1)} ms; ` +
      `${over} of ${store.reads.length} reads over ${P95_BAR_MS} ms; ${SAMPLES} samples each, load ${store.load.toFixed(2)}` +
      (store.failures > 0 ? `; ${store.failures} failed requests (${store.firstFailure})` : '') +
      (store.seeded.days < YEAR_DAYS
        ? `; ONLY ${store.seeded.days} days of game data (BENCH_ADMIN_DAYS), not a year`
        : ''),
    slowest.p95Ms,
    P95_BAR_MS,
  );
}

/** Every admin read on SQLite then (with a URL) PostgreSQL, each store seeded once. */
export async function runAdminReadsBench(webDist: string, options: BenchOptions): Promise<AdminReadsReport> {
  const sqlite = await measureStore(webDist);
  const postgres = options.databaseUrl ? await measureStore(webDist, options.databaseUrl) : undefined;
  return {
    stores: [sqlite, ...(postgres ? [postgres] : [])],
    top: TOP,
    targets: [storeTarget('sqlite', sqlite), storeTarget('postgres', postgres)],
    ...(options.databaseUrl ? {} : { postgresSkipped: 'skipped (no BENCH_DATABASE_URL)' }),
  };
}
