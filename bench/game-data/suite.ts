import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import type { IngestBatchResult } from '@outpost/contracts/game-data';
import { Database } from '../../apps/server/src/platform/db/sqlite-driver';
import type { Dialect } from '../../apps/server/src/platform/db/stores';
import { sqliteStoreFile } from '../../apps/server/src/platform/db/stores';
import { seedDemoData } from '../../apps/server/src/seed';
import { benchConfig, newSetting, openBenchStores, type Setting, startApp } from '../http/app-target';
import { signUpStaffMember } from '../http/seed';
import { databaseNameOf, startCpuSpan } from '../instances/cpu';
import type { BenchOptions } from '../options';
import { betweenBareRuns, loadNow, measureLatency, percentile } from '../search/latency';
import { latencyRow, type Measured, type SearchRow } from '../search/suite';
import { SEARCH_USERS, seedSearchUsers } from '../search/users';
import { decided, type TargetResult, type TargetSpec, unmeasured } from '../targets';
import { copyLog, copyStore, differences, lastChange, openByHandWriter } from './by-hand';
import { type BenchEvent, benchBatch, benchBatches, type IngestionBaseline } from './events';
import { openRawInserter } from './raw-insert';
import { PLAYTIME_ROWS, seedGameDataAtScale } from './scale';

/*
 * The game data's bench: the ingestion of the game's batches through the whole app against a baseline of the same
 * batches in the same run (on SQLite the app's own writes made by hand, by-hand.ts; on PostgreSQL a raw
 * multi-row insert, raw-insert.ts), the live stats' read with 500,000 play sessions and 100,000 accounts, and
 * the same read while the batches keep coming, on each dialect.
 */

/** Each dialect's bar over its baseline. */
const INGESTION_BARS: Record<Dialect, number> = { sqlite: 0.5, postgres: 0.3 };
const BASELINES: Record<Dialect, string> = {
  sqlite: 'the same writes by hand (prepared better-sqlite3 statements, one transaction a batch)',
  postgres: 'a raw multi-row insert',
};
const LIVE_STATS_BAR_MS = 20;
/** Batches sent before the measured ones: V8 and the statement caches warm up on both sides. */
const WARMUP_BATCHES = 3;
const MEASURED_BATCHES = Number(process.env.BENCH_GAME_DATA_BATCHES ?? 40);
/** Batches built before the live stats are timed under ingestion: more than a run sends (about 100). */
const PREBUILT_BATCHES = 300;
/** Setup on one dialect: migrations, 100,000 accounts and the game's records at scale. */
const SETUP_SECONDS = 240;
/** The development store's bootstrap service key (INGEST_DEVELOPMENT_KEY). */
const INGEST_KEY = randomBytes(24).toString('hex');

const users = SEARCH_USERS.toLocaleString('en-US');
const sessions = PLAYTIME_ROWS.toLocaleString('en-US');
const NAMES: Record<Dialect, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const TARGETS = {
  ingestion: (dialect: Dialect): TargetSpec => ({
    name: `game data ingestion through buildApp over ${BASELINES[dialect]}, ${NAMES[dialect]}`,
    requirement: `>= ${INGESTION_BARS[dialect]} x ${dialect === 'sqlite' ? 'by hand' : 'raw'}`,
  }),
  liveStats: (dialect: Dialect): TargetSpec => ({
    name: `live stats with ${sessions} play sessions and ${users} users through buildApp, ${NAMES[dialect]}`,
    requirement: `p95 <= ${LIVE_STATS_BAR_MS} ms`,
  }),
  liveStatsUnderIngestion: (dialect: Dialect): TargetSpec => ({
    name: `live stats as above while the game's batches are ingested back to back, ${NAMES[dialect]}`,
    requirement: `p95 <= ${LIVE_STATS_BAR_MS} ms`,
  }),
};
const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];
export const GAME_DATA_TARGET_SPECS: readonly TargetSpec[] = [
  ...DIALECTS.map(TARGETS.ingestion),
  ...DIALECTS.map(TARGETS.liveStats),
  ...DIALECTS.map(TARGETS.liveStatsUnderIngestion),
];

export interface IngestionFigures {
  dialect: Dialect;
  /** What the app is measured against (BASELINES). */
  baseline: string;
  events: number;
  /** Events per second through the app (sequential batches) and through the baseline. */
  appEventsPerSecond: number;
  baselineEventsPerSecond: number;
  ratio: number;
  /** Milliseconds per batch, median, each side. */
  appBatchMs: number;
  baselineBatchMs: number;
  /** A batch's mean time and CPU, each side's: where its time goes. */
  appBatch: BatchCost;
  baselineBatch: BatchCost;
  /** Events the app did not store (refused or duplicated): must be 0. */
  notStored: number;
  /** On SQLite, how the by-hand store's rows differ from the app's (by-hand.ts differences): must be none. */
  differences: string[];
  load: number;
}

/**
 * A batch's time and the CPU it cost, in ms: the bench's process, every thread (the app and its HTTP
 * client, or the baseline's writer; SQLite's statements run in it) and PostgreSQL's processes serving
 * the database (undefined on SQLite, or where they cannot be seen), a connection's statements and
 * anything else they did meanwhile (the app's checks on a second connection, its change feed's reads,
 * autovacuum).
 */
export interface BatchCost {
  ms: number;
  processMs: number;
  postgresMs: number | undefined;
}

/**
 * The two sides of the ingestion's pairs: the baseline, and what follows each of the app's batches outside
 * its time. On SQLite that copies the app's log, which its checkpoint worker would otherwise copy during
 * the baseline's batch, on the core the baseline may need and in the CPU counted for it.
 */
interface Sides {
  baseline: IngestionBaseline;
  afterAppBatch?: () => Promise<void>;
}

/** A latency row, with the machine's load when it was measured. */
export type LatencyRow = SearchRow & { load: number };

export interface GameDataReport {
  ingestion: IngestionFigures[];
  latency: LatencyRow[];
  targets: TargetResult[];
  postgresSkipped?: string;
}

/** Upper bound of runGameDataBench's duration in seconds, for the bench's overall time limit. */
export function gameDataBenchSeconds(options: BenchOptions): number {
  const dialects = options.databaseUrl ? 2 : 1;
  const perRun = options.warmupSeconds + options.durationSeconds + 5;
  return dialects * (SETUP_SECONDS + 4 * perRun) + 2 * perRun;
}

/** Posts batches to the app's ingestion, one at a time on one kept connection. */
function ingestionClient(origin: string) {
  // node:http with a kept connection: the client's share of each batch's time is as small as it gets.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (body: Buffer) =>
    new Promise<IngestBatchResult>((resolve, reject) => {
      const request = http.request(
        `${origin}/api/ingest/development/events`,
        {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${INGEST_KEY}`,
            'content-type': 'application/json',
            'content-length': body.length,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (response.statusCode === 200) resolve(JSON.parse(text) as IngestBatchResult);
            else reject(new Error(`The ingestion answered ${response.statusCode}: ${text.slice(0, 300)}`));
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  return { post, close: () => agent.destroy() };
}

const bodyOf = (events: readonly BenchEvent[]) => Buffer.from(JSON.stringify({ events }));

/**
 * The batches one after another, each through the app (HTTP with the service key) then the same
 * events through the baseline: a pair sees nearly the same machine, so the ratio holds on a
 * shared, busy one. Throughput is events over the time spent on each side.
 */
async function measureIngestion(
  origin: string,
  sides: Sides,
  dialect: Dialect,
  database: string | undefined,
): Promise<Omit<IngestionFigures, 'differences'>> {
  const { baseline } = sides;
  const batches = benchBatches(`bench-${dialect}`, WARMUP_BATCHES + MEASURED_BATCHES);
  const bodies = batches.map(bodyOf);
  const client = ingestionClient(origin);
  const timed = async <Result>(work: () => Promise<Result>) => {
    // The /proc reads for PostgreSQL's CPU lie outside the time and the process's CPU measured.
    const endSpan = startCpuSpan(database);
    const cpu = process.cpuUsage();
    const start = performance.now();
    const result = await work();
    const ms = performance.now() - start;
    const used = process.cpuUsage(cpu);
    const postgresSeconds = endSpan().postgresSeconds;
    const cost: BatchCost = {
      ms,
      processMs: (used.user + used.system) / 1000,
      postgresMs: postgresSeconds === undefined ? undefined : postgresSeconds * 1000,
    };
    return { result, cost };
  };
  const costs = { app: [] as BatchCost[], baseline: [] as BatchCost[] };
  let notStored = 0;
  for (const [index, events] of batches.entries()) {
    const sent = await timed(() => client.post(bodies[index] as Buffer));
    await sides.afterAppBatch?.();
    const written = await timed(() => baseline.write(events));
    await baseline.betweenBatches?.();
    if (index < WARMUP_BATCHES) continue;
    notStored += events.length - sent.result.stored;
    costs.app.push(sent.cost);
    costs.baseline.push(written.cost);
  }
  client.close();
  const events = MEASURED_BATCHES * (batches[0]?.length ?? 0);
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  const app = costs.app.map((one) => one.ms);
  const baselineMs = costs.baseline.map((one) => one.ms);
  // Means: PostgreSQL's CPU comes in clock ticks (TICKS_PER_SECOND, bench/instances/cpu.ts), a batch's share
  // of which only a mean resolves; it is unknown if it went unseen in any batch (it runs elsewhere, or hides
  // its titles).
  const mean = (values: readonly number[]) => sum(values) / Math.max(values.length, 1);
  const perBatch = (side: readonly BatchCost[]): BatchCost => {
    const postgres = side.map((one) => one.postgresMs);
    return {
      ms: mean(side.map((one) => one.ms)),
      processMs: mean(side.map((one) => one.processMs)),
      postgresMs: postgres.every((one) => one !== undefined) ? mean(postgres) : undefined,
    };
  };
  const appEventsPerSecond = events / (sum(app) / 1000);
  const baselineEventsPerSecond = events / (sum(baselineMs) / 1000);
  return {
    dialect,
    baseline: BASELINES[dialect],
    events,
    appEventsPerSecond,
    baselineEventsPerSecond,
    ratio: appEventsPerSecond / baselineEventsPerSecond,
    appBatchMs: percentile(app, 0.5),
    baselineBatchMs: percentile(baselineMs, 0.5),
    appBatch: perBatch(costs.app),
    baselineBatch: perBatch(costs.baseline),
    notStored,
    load: loadNow(),
  };
}

/**
 * Runs `work` while the game's batches go to the app back to back (each posted as the last is answered, the
 * rate measureIngestion measures), and answers its result with the rate the batches went in meanwhile.
 */
async function whileIngesting<Result>(
  origin: string,
  dialect: Dialect,
  work: () => Promise<Result>,
): Promise<{ result: Result; eventsPerSecond: number }> {
  const client = ingestionClient(origin);
  let running = true;
  let stored = 0;
  const body = (batch: number) => bodyOf(benchBatch(`bench-${dialect}-under-load`, batch));
  // The game's servers build their batches on machines of their own; built as they are sent, here, in the
  // app's own process, each would hold the app's event loop for the client's 4 ms.
  const prebuilt = Array.from({ length: PREBUILT_BATCHES }, (_, batch) => body(batch));
  const started = performance.now();
  const feeding = (async () => {
    for (let batch = 0; running; batch += 1) {
      stored += (await client.post(prebuilt[batch] ?? body(batch))).stored;
    }
  })();
  try {
    const result = await work();
    return { result, eventsPerSecond: stored / ((performance.now() - started) / 1000) };
  } finally {
    running = false;
    await feeding;
    client.close();
  }
}

/** A read timed one request at a time, with the machine's load. */
type TimedRead = Measured & { load: number };

const seconds = (options: BenchOptions) => ({
  warmupSeconds: options.warmupSeconds,
  durationSeconds: options.durationSeconds,
});

/**
 * The baseline of `dialect` beside the app's store, and once the batches are in, how its rows differ from the
 * app's (SQLite's by-hand copy; nothing to compare for the raw insert's single table).
 */
async function openBaseline(setting: Setting, dialect: Dialect): Promise<Sides & { differences: () => string[] }> {
  if (setting.databaseUrl) {
    const baseline = await openRawInserter(setting.databaseUrl, setting, 'game');
    setting.cleanups.add(() => baseline.close());
    return { baseline, differences: () => [] };
  }
  // Copied once the app has started: its change triggers are installed, as the by-hand writes must fire them.
  const appFile = sqliteStoreFile(path.join(setting.dataDir, 'game'), 'development');
  const copy = path.join(setting.dataDir, `by-hand-${dialect}.sqlite`);
  await copyStore(appFile, copy);
  const since = lastChange(copy);
  const baseline = openByHandWriter(copy);
  setting.cleanups.add(() => baseline.close());
  const appLog = new Database(appFile, { fileMustExist: true });
  setting.cleanups.add(async () => {
    appLog.close();
  });
  return { baseline, afterAppBatch: () => copyLog(appLog), differences: () => differences(appFile, copy, since) };
}

/** One dialect's app on the game's records at scale: ingestion, then the live stats' reads as staff. */
async function measureDialect(
  webDist: string,
  options: BenchOptions,
  databaseUrl?: string,
): Promise<{ ingestion: IngestionFigures; measured: TimedRead[] }> {
  const dialect: Dialect = databaseUrl ? 'postgres' : 'sqlite';
  const group = `whole app (buildApp, every hook), ${NAMES[dialect]}, ${users} accounts, ${sessions} play sessions`;
  const setting = newSetting(webDist, databaseUrl);
  try {
    process.stdout.write(`  setup: ${dialect}, ${users} accounts and the game's records ...`);
    const started = performance.now();
    const stores = await openBenchStores(setting, 'game');
    // The demo data brings items-master (the claimed items must exist) and a few merch orders.
    await seedDemoData(stores, 'development');
    await seedSearchUsers(stores.identity, dialect);
    await seedGameDataAtScale(stores.game.development, dialect);
    process.stdout.write(
      ` seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (load ${loadNow().toFixed(2)})\n`,
    );

    const base = benchConfig(setting, randomBytes(16).toString('hex'));
    const config = { ...base, ingestKeys: { ...base.ingestKeys, development: INGEST_KEY } };
    const origin = await startApp(setting, { config, stores });

    process.stdout.write(`  ingestion: ${MEASURED_BATCHES} batches through the app and ${BASELINES[dialect]} ...`);
    const { differences: differing, ...sides } = await openBaseline(setting, dialect);
    const database = databaseUrl ? databaseNameOf(databaseUrl) : undefined;
    const measuredIngestion = await measureIngestion(origin, sides, dialect, database);
    const ingestion = { ...measuredIngestion, differences: differing() };
    process.stdout.write(
      ` ${Math.round(ingestion.appEventsPerSecond).toLocaleString('en-US')} events/s, ${ingestion.ratio.toFixed(2)} x the baseline (load ${ingestion.load.toFixed(2)})` +
        `${dialect === 'sqlite' ? `; the stores' rows ${ingestion.differences.length === 0 ? 'are the same' : `differ: ${ingestion.differences.join('; ')}`}` : ''}\n`,
    );

    const authorization = await signUpStaffMember(origin, config.publicUrl, stores.identity, {
      name: 'bench-staff',
      keys: ['staff'],
    });
    const timed = async (name: string, path: string): Promise<TimedRead> => {
      const timings = await measureLatency({
        origin,
        requests: [{ method: 'GET', path, headers: { authorization } }],
        ...seconds(options),
      });
      return { group, name, timings, load: loadNow() };
    };
    const printed = async (name: string, measure: () => Promise<TimedRead>): Promise<TimedRead> => {
      process.stdout.write(`  ${name} ...`);
      const measured = await measure();
      process.stdout.write(
        ` p95 ${percentile(measured.timings.milliseconds, 0.95).toFixed(2)} ms (load ${measured.load.toFixed(2)})\n`,
      );
      if (measured.timings.firstFailure) console.log(`    first failure: ${measured.timings.firstFailure}`);
      return measured;
    };
    const read = (name: string, path: string) => printed(name, () => timed(name, path));
    const liveStats = '/api/admin/development/live-stats';
    const measured = [
      await read('GET /api/admin/development/access (staff, the admin-area floor)', '/api/admin/development/access'),
      await read(`GET ${liveStats}`, liveStats),
      await read(
        'GET /api/admin/development/live-stats/series?range=90d',
        '/api/admin/development/live-stats/series?range=90d',
      ),
      await printed(`GET ${liveStats} while ingesting`, async () => {
        const { result, eventsPerSecond } = await whileIngesting(origin, dialect, () => timed('', liveStats));
        const rate = Math.round(eventsPerSecond).toLocaleString('en-US');
        return { ...result, name: `GET ${liveStats} while ingesting ${rate} events/s` };
      }),
    ];
    return { ingestion, measured };
  } finally {
    await setting.cleanups.run();
  }
}

const row = (measured: TimedRead, bareP95: number): LatencyRow => ({
  ...latencyRow(measured, bareP95),
  load: measured.load,
});

const SKIPPED = 'skipped (no BENCH_DATABASE_URL)';

/** A side's batch: its mean time and CPU. */
export const batchText = (batch: BatchCost) =>
  `${batch.ms.toFixed(1)} ms (CPU: the bench's process ${batch.processMs.toFixed(1)} ms` +
  (batch.postgresMs === undefined ? ')' : `, PostgreSQL ${batch.postgresMs.toFixed(1)} ms)`);

function ingestionTarget(dialect: Dialect, figures: IngestionFigures | undefined): TargetResult {
  const spec = TARGETS.ingestion(dialect);
  if (!figures) return unmeasured(spec, SKIPPED);
  const bar = INGESTION_BARS[dialect];
  return decided(
    spec.name,
    spec.requirement,
    figures.ratio >= bar && figures.notStored === 0 && figures.differences.length === 0,
    `${figures.ratio.toFixed(2)} (${Math.round(figures.appEventsPerSecond).toLocaleString('en-US')} events/s against ` +
      `${Math.round(figures.baselineEventsPerSecond).toLocaleString('en-US')}, ${figures.events.toLocaleString('en-US')} events, ` +
      `load ${figures.load.toFixed(2)}); a batch (means), the app ${batchText(figures.appBatch)}, ` +
      `the baseline ${batchText(figures.baselineBatch)}` +
      (dialect === 'sqlite' && figures.differences.length === 0 ? ', the same rows in both stores' : '') +
      (figures.differences.length > 0 ? `, the stores differ: ${figures.differences.join('; ')}` : '') +
      (figures.notStored > 0 ? `, ${figures.notStored} events not stored` : ''),
    figures.ratio,
    bar,
  );
}

function latencyTarget(spec: TargetSpec, figures: LatencyRow | undefined): TargetResult {
  if (!figures) return unmeasured(spec, SKIPPED);
  return decided(
    spec.name,
    spec.requirement,
    figures.p95Ms <= LIVE_STATS_BAR_MS && figures.failures === 0,
    `${figures.p95Ms.toFixed(2)} ms (p50 ${figures.p50Ms.toFixed(2)}, p99 ${figures.p99Ms.toFixed(2)}, ` +
      `${figures.requests} requests, load ${figures.load.toFixed(2)})` +
      (figures.failures > 0 ? `, ${figures.failures} failed requests` : ''),
    figures.p95Ms,
    LIVE_STATS_BAR_MS,
  );
}

/**
 * Ingestion throughput against its baseline, and the live stats' latency one request at a time (a
 * dashboard's read, not a crowd's), alone then while batches are ingested, with the bare route timed the
 * same way first and last as every latency row's baseline; on SQLite, then PostgreSQL when a URL is given.
 */
export async function runGameDataBench(webDist: string, options: BenchOptions): Promise<GameDataReport> {
  const { first, last, bareP95, result } = await betweenBareRuns(seconds(options), async () => {
    const sqlite = await measureDialect(webDist, options);
    const postgres = options.databaseUrl ? await measureDialect(webDist, options, options.databaseUrl) : undefined;
    return { sqlite, postgres };
  });
  const { sqlite, postgres } = result;
  const latency = [first, ...sqlite.measured, ...(postgres?.measured ?? []), last].map((one) => row(one, bareP95));
  const rowAt = (runs: TimedRead[] | undefined, index: number) => {
    const run = runs?.[index];
    return run ? row(run, bareP95) : undefined;
  };
  return {
    ingestion: [sqlite.ingestion, ...(postgres ? [postgres.ingestion] : [])],
    latency,
    targets: [
      ingestionTarget('sqlite', sqlite.ingestion),
      ingestionTarget('postgres', postgres?.ingestion),
      latencyTarget(TARGETS.liveStats('sqlite'), rowAt(sqlite.measured, 1)),
      latencyTarget(TARGETS.liveStats('postgres'), rowAt(postgres?.measured, 1)),
      latencyTarget(TARGETS.liveStatsUnderIngestion('sqlite'), rowAt(sqlite.measured, 3)),
      latencyTarget(TARGETS.liveStatsUnderIngestion('postgres'), rowAt(postgres?.measured, 3)),
    ],
    ...(options.databaseUrl ? {} : { postgresSkipped: SKIPPED }),
  };
}
