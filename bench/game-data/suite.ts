import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { IngestBatchResult } from '@outpost/contracts/game-data';
import type { Dialect } from '../../apps/server/src/platform/db/stores';
import { seedDemoData } from '../../apps/server/src/seed';
import { benchConfig, newSetting, openBenchStores, startApp } from '../http/app-target';
import { signUpStaffMember } from '../http/seed';
import type { BenchOptions } from '../options';
import { betweenBareRuns, loadNow, measureLatency, percentile } from '../search/latency';
import { latencyRow, type Measured, type SearchRow } from '../search/suite';
import { SEARCH_USERS, seedSearchUsers } from '../search/users';
import { decided, type TargetResult, type TargetSpec, unmeasured } from '../targets';
import { type BenchEvent, benchBatches } from './events';
import { openRawInserter, type RawInserter } from './raw-insert';
import { PLAYTIME_ROWS, seedGameDataAtScale } from './scale';

/*
 * The game data's bench: the ingestion of the game's batches through the whole app against a raw multi-row
 * insert of the same events in the same store, and the live stats' read with 500,000 play sessions and
 * 100,000 accounts, on each dialect.
 */

const INGESTION_BAR = 0.3;
const LIVE_STATS_BAR_MS = 20;
/** Batches sent before the measured ones: V8 and the statement caches warm up on both sides. */
const WARMUP_BATCHES = 3;
const MEASURED_BATCHES = Number(process.env.BENCH_GAME_DATA_BATCHES ?? 40);
/** Setup on one dialect: migrations, 100,000 accounts and the game's records at scale. */
const SETUP_SECONDS = 240;
/** The development store's bootstrap service key (INGEST_DEVELOPMENT_KEY). */
const INGEST_KEY = randomBytes(24).toString('hex');

const users = SEARCH_USERS.toLocaleString('en-US');
const sessions = PLAYTIME_ROWS.toLocaleString('en-US');
const NAMES: Record<Dialect, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const TARGETS = {
  ingestion: (dialect: Dialect): TargetSpec => ({
    name: `game data ingestion through buildApp over a raw multi-row insert, ${NAMES[dialect]}`,
    requirement: `>= ${INGESTION_BAR} x raw`,
  }),
  liveStats: (dialect: Dialect): TargetSpec => ({
    name: `live stats with ${sessions} play sessions and ${users} users through buildApp, ${NAMES[dialect]}`,
    requirement: `p95 <= ${LIVE_STATS_BAR_MS} ms`,
  }),
};
const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];
export const GAME_DATA_TARGET_SPECS: readonly TargetSpec[] = [
  ...DIALECTS.map(TARGETS.ingestion),
  ...DIALECTS.map(TARGETS.liveStats),
];

export interface IngestionFigures {
  dialect: Dialect;
  events: number;
  /** Events per second through the app (sequential batches) and through the raw insert. */
  appEventsPerSecond: number;
  rawEventsPerSecond: number;
  ratio: number;
  /** Milliseconds per batch, median, each side. */
  appBatchMs: number;
  rawBatchMs: number;
  /** Events the app did not store (refused or duplicated): must be 0. */
  notStored: number;
  load: number;
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
  return dialects * (SETUP_SECONDS + 3 * perRun) + 2 * perRun;
}

/**
 * The batches one after another, each through the app (HTTP with the service key) then the same
 * events through the raw insert: a pair sees nearly the same machine, so the ratio holds on a
 * shared, busy one. Throughput is events over the time spent on each side.
 */
async function measureIngestion(origin: string, raw: RawInserter, dialect: Dialect): Promise<IngestionFigures> {
  const batches = benchBatches(`bench-${dialect}`, WARMUP_BATCHES + MEASURED_BATCHES);
  const bodies = batches.map((events) => Buffer.from(JSON.stringify({ events })));
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
  const timed = async <Result>(work: () => Promise<Result>) => {
    const start = performance.now();
    const result = await work();
    return { ms: performance.now() - start, result };
  };
  const app: number[] = [];
  const rawMs: number[] = [];
  let notStored = 0;
  for (const [index, events] of batches.entries()) {
    const sent = await timed(() => post(bodies[index] as Buffer));
    const written = await timed(() => raw.insert(events as BenchEvent[]));
    if (index < WARMUP_BATCHES) continue;
    notStored += events.length - sent.result.stored;
    app.push(sent.ms);
    rawMs.push(written.ms);
  }
  agent.destroy();
  const events = MEASURED_BATCHES * (batches[0]?.length ?? 0);
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  const appEventsPerSecond = events / (sum(app) / 1000);
  const rawEventsPerSecond = events / (sum(rawMs) / 1000);
  return {
    dialect,
    events,
    appEventsPerSecond,
    rawEventsPerSecond,
    ratio: appEventsPerSecond / rawEventsPerSecond,
    appBatchMs: percentile(app, 0.5),
    rawBatchMs: percentile(rawMs, 0.5),
    notStored,
    load: loadNow(),
  };
}

/** A read timed one request at a time, with the machine's load. */
type TimedRead = Measured & { load: number };

const seconds = (options: BenchOptions) => ({
  warmupSeconds: options.warmupSeconds,
  durationSeconds: options.durationSeconds,
});

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

    process.stdout.write(`  ingestion: ${MEASURED_BATCHES} batches through the app and the raw insert ...`);
    const raw = await openRawInserter(setting, 'game');
    setting.cleanups.add(() => raw.close());
    const ingestion = await measureIngestion(origin, raw, dialect);
    process.stdout.write(
      ` ${Math.round(ingestion.appEventsPerSecond).toLocaleString('en-US')} events/s, ${ingestion.ratio.toFixed(2)} x raw (load ${ingestion.load.toFixed(2)})\n`,
    );

    const authorization = await signUpStaffMember(origin, config.publicUrl, stores.identity, {
      name: 'bench-staff',
      keys: ['staff'],
    });
    const timed = async (name: string, path: string): Promise<TimedRead> => {
      process.stdout.write(`  ${name} ...`);
      const timings = await measureLatency({
        origin,
        requests: [{ method: 'GET', path, headers: { authorization } }],
        ...seconds(options),
      });
      const measured = { group, name, timings, load: loadNow() };
      process.stdout.write(
        ` p95 ${percentile(timings.milliseconds, 0.95).toFixed(2)} ms (load ${measured.load.toFixed(2)})\n`,
      );
      if (timings.firstFailure) console.log(`    first failure: ${timings.firstFailure}`);
      return measured;
    };
    const measured = [
      await timed('GET /api/admin/development/access (staff, the admin-area floor)', '/api/admin/development/access'),
      await timed('GET /api/admin/development/live-stats', '/api/admin/development/live-stats'),
      await timed(
        'GET /api/admin/development/live-stats/series?range=90d',
        '/api/admin/development/live-stats/series?range=90d',
      ),
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

function ingestionTarget(dialect: Dialect, figures: IngestionFigures | undefined): TargetResult {
  const spec = TARGETS.ingestion(dialect);
  if (!figures) return unmeasured(spec, 'skipped (no BENCH_DATABASE_URL)');
  return decided(
    spec.name,
    spec.requirement,
    figures.ratio >= INGESTION_BAR && figures.notStored === 0,
    `${figures.ratio.toFixed(2)} (${Math.round(figures.appEventsPerSecond).toLocaleString('en-US')} events/s against ` +
      `${Math.round(figures.rawEventsPerSecond).toLocaleString('en-US')}, ${figures.events.toLocaleString('en-US')} events, ` +
      `load ${figures.load.toFixed(2)})` +
      (figures.notStored > 0 ? `, ${figures.notStored} events not stored` : ''),
    figures.ratio,
    INGESTION_BAR,
  );
}

function liveStatsTarget(dialect: Dialect, figures: LatencyRow | undefined): TargetResult {
  const spec = TARGETS.liveStats(dialect);
  if (!figures) return unmeasured(spec, 'skipped (no BENCH_DATABASE_URL)');
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
 * Ingestion throughput against its raw baseline, and the live stats' latency one request at a
 * time (a dashboard's read, not a crowd's) with the bare route timed the same way first and last
 * as every latency row's baseline; on SQLite, then PostgreSQL when a URL is given.
 */
export async function runGameDataBench(webDist: string, options: BenchOptions): Promise<GameDataReport> {
  const { first, last, bareP95, result } = await betweenBareRuns(seconds(options), async () => {
    const sqlite = await measureDialect(webDist, options);
    const postgres = options.databaseUrl ? await measureDialect(webDist, options, options.databaseUrl) : undefined;
    return { sqlite, postgres };
  });
  const { sqlite, postgres } = result;
  const latency = [first, ...sqlite.measured, ...(postgres?.measured ?? []), last].map((one) => row(one, bareP95));
  const liveStatsRow = (runs: TimedRead[] | undefined) => (runs?.[1] ? row(runs[1], bareP95) : undefined);
  return {
    ingestion: [sqlite.ingestion, ...(postgres ? [postgres.ingestion] : [])],
    latency,
    targets: [
      ingestionTarget('sqlite', sqlite.ingestion),
      ingestionTarget('postgres', postgres?.ingestion),
      liveStatsTarget('sqlite', liveStatsRow(sqlite.measured)),
      liveStatsTarget('postgres', liveStatsRow(postgres?.measured)),
    ],
    ...(options.databaseUrl ? {} : { postgresSkipped: 'skipped (no BENCH_DATABASE_URL)' }),
  };
}
