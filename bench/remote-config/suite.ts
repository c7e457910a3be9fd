import { randomBytes } from 'node:crypto';
import type { RemoteConfigState, RemoteConfigValues } from '@outpost/contracts/remote-config/schemas';
import type { Dialect } from '../../apps/server/src/platform/db/stores';
import type { LatencyRow } from '../game-data/suite';
import { benchConfig, newSetting, openBenchStores, startApp } from '../http/app-target';
import { signUpStaffMember } from '../http/seed';
import type { BenchOptions } from '../options';
import { betweenBareRuns, loadNow, measureLatency, percentile } from '../search/latency';
import type { LatencyRequest } from '../search/latency-client';
import { latencyRow, type Measured } from '../search/suite';
import { SEARCH_USERS, seedSearchUsers } from '../search/users';
import { decided, type TargetResult, type TargetSpec, unmeasured } from '../targets';
import {
  benchCallers,
  type Caller,
  callerHeaders,
  fetchPath,
  fetchRequest,
  openSessions,
  signedInAccounts,
} from './callers';
import { BENCH_CONDITIONS, benchRemoteConfigTemplate, REMOTE_CONFIG_PARAMETERS } from './template';

/*
 * The game's read of its configuration (GET /api/remote-config, the bar: p95 <= 5 ms at
 * 100,000 players and 200 parameters), through the whole app on each dialect, one request at a
 * time: a fetch is one player's call, and under a crowd's load the figure would be the queue's.
 */

const P95_BAR_MS = 5;
/** Setup on one dialect: migrations, 100,000 accounts, the sessions and the publish. */
const SETUP_SECONDS = 150;

const players = SEARCH_USERS.toLocaleString('en-US');
const NAMES: Record<Dialect, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const TARGETS: Record<Dialect, TargetSpec> = {
  sqlite: {
    name: `remote-config fetch, ${REMOTE_CONFIG_PARAMETERS} parameters, ${players} players, through buildApp, SQLite`,
    requirement: `p95 <= ${P95_BAR_MS} ms`,
  },
  postgres: {
    name: `remote-config fetch, ${REMOTE_CONFIG_PARAMETERS} parameters, ${players} players, through buildApp, PostgreSQL`,
    requirement: `p95 <= ${P95_BAR_MS} ms`,
  },
};
export const REMOTE_CONFIG_TARGET_SPECS: readonly TargetSpec[] = Object.values(TARGETS);

export interface RemoteConfigReport {
  rows: LatencyRow[];
  /** Per dialect: the callers and how many different sets of values (ETags) they get. */
  mixes: { dialect: Dialect; callers: number; signedIn: number; revalidating: number; etags: number }[];
  targets: TargetResult[];
  postgresSkipped?: string;
}

/** Upper bound of runRemoteConfigBench's duration in seconds, for the bench's overall time limit. */
export function remoteConfigBenchSeconds(options: BenchOptions): number {
  const dialects = options.databaseUrl ? 2 : 1;
  const perRun = options.warmupSeconds + options.durationSeconds + 5;
  return dialects * (SETUP_SECONDS + 2 * perRun) + 2 * perRun;
}

const seconds = (options: BenchOptions) => ({
  warmupSeconds: options.warmupSeconds,
  durationSeconds: options.durationSeconds,
});

type TimedRead = Measured & { load: number };

/** Publishes the bench's template through the admin API, as staff: draft, then publish. */
export async function publishThroughAdminApi(origin: string, authorization: string): Promise<void> {
  const base = `${origin}/api/admin/development/remote-config`;
  const call = async <Answer>(method: string, url: string, body?: object): Promise<Answer> => {
    const response = await fetch(url, {
      method,
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as Answer;
  };
  const before = await call<RemoteConfigState>('GET', base);
  const saved = await call<RemoteConfigState>('PUT', `${base}/draft`, {
    template: benchRemoteConfigTemplate(),
    revision: before.draftRevision,
  });
  await call('POST', `${base}/publish`, { description: 'The bench configuration', revision: saved.draftRevision });
  // An experiment runs on a number parameter, as a live game's would: every signed-in caller is put
  // in a variant and exposed (docs/decisions/0140-experiments.md), so the fetch measured is that one.
  const tested = benchRemoteConfigTemplate().parameters.find((parameter) => parameter.type === 'number');
  if (!tested || typeof tested.defaultValue !== 'number')
    throw new Error('The bench template has no number parameter.');
  const experiments = `${origin}/api/admin/development/experiments`;
  const experiment = await call<{ revision: number }>('POST', experiments, {
    experimentID: 'bench-experiment',
    name: 'Bench experiment',
    parameterKey: tested.key,
    segmentID: null,
    variants: [
      { name: 'Control', value: tested.defaultValue, weight: 1 },
      { name: 'More', value: tested.defaultValue + 5, weight: 1 },
    ],
    metric: 'playtimePerPlayer',
    startsAt: null,
    endsAt: null,
  });
  await call('POST', `${experiments}/bench-experiment/start`, { revision: experiment.revision });
}

/**
 * Each caller's first fetch, as the game makes it: checked to hold every parameter, and the ETag
 * kept for the callers that revalidate with it.
 */
async function firstFetches(origin: string, callers: readonly Caller[]): Promise<string[]> {
  const etags: string[] = [];
  for (const caller of callers) {
    const response = await fetch(`${origin}${fetchPath(caller)}`, { headers: callerHeaders(caller) });
    const text = await response.text();
    const etag = response.headers.get('etag') ?? undefined;
    const parameters =
      response.status === 200 ? Object.keys((JSON.parse(text) as RemoteConfigValues).values).length : 0;
    if (etag === undefined || parameters !== REMOTE_CONFIG_PARAMETERS) {
      throw new Error(`A first fetch answered ${response.status} (ETag ${etag}): ${text.slice(0, 300)}`);
    }
    etags.push(etag);
  }
  return etags;
}

/** A row's requests split by a label of each request of the plan (requests cycle through it), in `order`. */
function splitBy(measured: TimedRead, labels: readonly string[], order: readonly string[]): TimedRead[] {
  const groups = new Map<string, number[]>(order.map((label) => [label, []]));
  measured.timings.milliseconds.forEach((ms, index) => {
    groups.get(labels[index % labels.length] as string)?.push(ms);
  });
  return [...groups].map(([label, milliseconds]) => ({
    group: measured.group,
    name: `  of which: ${label}`,
    timings: { milliseconds, failures: 0 },
    load: measured.load,
  }));
}

const ANSWERED_200 = '200, the values';
const ANSWERED_304 = '304, If-None-Match';
const SIGNED_IN = 'signed-in players (bearer session)';
const DEVICES = 'devices (deviceId)';

interface DialectRun {
  floor: TimedRead;
  fetch: TimedRead;
  /** The fetch row split: [200, 304, signed-in, devices]. */
  parts: TimedRead[];
  mix: RemoteConfigReport['mixes'][number];
}

/** One dialect's app on 100,000 accounts: the fetch before anything is published, then the bench's version. */
async function measureDialect(webDist: string, options: BenchOptions, databaseUrl?: string): Promise<DialectRun> {
  const dialect: Dialect = databaseUrl ? 'postgres' : 'sqlite';
  const group = `whole app (buildApp, every hook), ${NAMES[dialect]}, ${players} accounts`;
  const setting = newSetting(webDist, databaseUrl);
  try {
    process.stdout.write(`  setup: ${dialect}, ${players} accounts ...`);
    const started = performance.now();
    const stores = await openBenchStores(setting, 'remote_config');
    await seedSearchUsers(stores.identity, dialect);
    const config = benchConfig(setting, randomBytes(16).toString('hex'));
    const origin = await startApp(setting, { config, stores });
    const staffName = 'bench-live-ops';
    const authorization = await signUpStaffMember(origin, config.publicUrl, stores.identity, {
      name: staffName,
      keys: ['staff'],
    });
    const staff = await stores.identity
      .selectFrom('auth_users')
      .select('id')
      .where('email', '=', `${staffName}@example.com`)
      .executeTakeFirstOrThrow();
    const bearers = await openSessions(stores.identity, staff.id, signedInAccounts());
    const callers = benchCallers(bearers);
    process.stdout.write(
      ` seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (load ${loadNow().toFixed(2)})\n`,
    );

    const timed = async (name: string, requests: LatencyRequest[]): Promise<TimedRead> => {
      process.stdout.write(`  ${name} ...`);
      const timings = await measureLatency({ origin, requests, ...seconds(options) });
      const measured = { group, name, timings, load: loadNow() };
      process.stdout.write(
        ` p95 ${percentile(timings.milliseconds, 0.95).toFixed(2)} ms (load ${measured.load.toFixed(2)})\n`,
      );
      if (timings.firstFailure) console.log(`    first failure: ${timings.firstFailure}`);
      return measured;
    };
    // The floor: the same route and callers with nothing published (one read, nothing to evaluate).
    const floor = await timed(
      'GET /api/remote-config, nothing published (the route floor: one read, no session, no evaluation)',
      callers.map((caller) => fetchRequest(caller)),
    );

    await publishThroughAdminApi(origin, authorization);
    const etags = await firstFetches(origin, callers);
    const requests = callers.map((caller, index) =>
      fetchRequest(caller, caller.revalidates ? etags[index] : undefined),
    );
    const fetched = await timed(
      `GET /api/remote-config, ${REMOTE_CONFIG_PARAMETERS} parameters, ${BENCH_CONDITIONS.length} conditions, ${callers.length} callers`,
      requests,
    );
    const parts = [
      ...splitBy(
        fetched,
        callers.map((caller) => (caller.revalidates ? ANSWERED_304 : ANSWERED_200)),
        [ANSWERED_200, ANSWERED_304],
      ),
      ...splitBy(
        fetched,
        callers.map((caller) => (caller.authorization ? SIGNED_IN : DEVICES)),
        [SIGNED_IN, DEVICES],
      ),
    ];
    return {
      floor,
      fetch: fetched,
      parts,
      mix: {
        dialect,
        callers: callers.length,
        signedIn: bearers.length,
        revalidating: callers.filter((caller) => caller.revalidates).length,
        etags: new Set(etags).size,
      },
    };
  } finally {
    await setting.cleanups.run();
  }
}

const row = (measured: TimedRead, bareP95: number): LatencyRow => ({
  ...latencyRow(measured, bareP95),
  load: measured.load,
});

function fetchTarget(dialect: Dialect, run: DialectRun | undefined, bareP95: number): TargetResult {
  const spec = TARGETS[dialect];
  if (!run) return unmeasured(spec, 'skipped (no BENCH_DATABASE_URL)');
  const figures = row(run.fetch, bareP95);
  const [full, revalidated] = run.parts.map((part) => percentile(part.timings.milliseconds, 0.95));
  return decided(
    spec.name,
    spec.requirement,
    figures.p95Ms <= P95_BAR_MS && figures.failures === 0,
    `${figures.p95Ms.toFixed(2)} ms (200: ${full?.toFixed(2)}, 304: ${revalidated?.toFixed(2)}; ` +
      `p50 ${figures.p50Ms.toFixed(2)}, p99 ${figures.p99Ms.toFixed(2)}, ${figures.requests} requests, ` +
      `${figures.p95OverBare.toFixed(1)} x the bare route's p95, load ${figures.load.toFixed(2)})` +
      (figures.failures > 0 ? `, ${figures.failures} failed requests` : ''),
    figures.p95Ms,
    P95_BAR_MS,
  );
}

/**
 * The remote-config fetch one request at a time over a mix of callers, on SQLite then (with a URL)
 * PostgreSQL, with the bare route timed the same way first and last as every row's baseline. The
 * target is decided on the p95 of every fetch of the mix, 200s and 304s together, each shown apart.
 */
export async function runRemoteConfigBench(webDist: string, options: BenchOptions): Promise<RemoteConfigReport> {
  const { first, last, bareP95, result } = await betweenBareRuns(seconds(options), async () => {
    const sqlite = await measureDialect(webDist, options);
    const postgres = options.databaseUrl ? await measureDialect(webDist, options, options.databaseUrl) : undefined;
    return { sqlite, postgres };
  });
  const { sqlite, postgres } = result;
  const dialectRows = (run: DialectRun | undefined) => (run ? [run.floor, run.fetch, ...run.parts] : []);
  return {
    rows: [first, ...dialectRows(sqlite), ...dialectRows(postgres), last].map((one) => row(one, bareP95)),
    mixes: [sqlite.mix, ...(postgres ? [postgres.mix] : [])],
    targets: [fetchTarget('sqlite', sqlite, bareP95), fetchTarget('postgres', postgres, bareP95)],
    ...(options.databaseUrl ? {} : { postgresSkipped: 'skipped (no BENCH_DATABASE_URL)' }),
  };
}
