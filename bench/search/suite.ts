import { randomBytes } from 'node:crypto';
import { USER_SEARCH_LIMITS } from '@outpost/contracts/user-search';
import type { Dialect } from '../../apps/server/src/platform/db/stores';
import { benchConfig, newSetting, openBenchStores, startApp } from '../http/app-target';
import { signUpStaffMember } from '../http/seed';
import type { BenchOptions } from '../options';
import { decided, type TargetResult, type TargetSpec, unmeasured } from '../targets';
import { betweenBareRuns, measureLatency, percentile, type Timings } from './latency';
import type { LatencyRequest } from './latency-client';
import { type QueryKind, SEARCH_USERS, searchQueries, seedSearchUsers } from './users';

/** The bar for a search over SEARCH_USERS accounts, per dialect. */
const P95_BAR_MS = 15;
/** Queries of each kind the search rows cycle through. */
const QUERIES_PER_KIND = 50;
/** Setup on one dialect: migrations and 100,000 accounts with their search index. */
const SETUP_SECONDS = 120;

const count = SEARCH_USERS.toLocaleString('en-US');
const TARGETS: Record<Dialect, TargetSpec> = {
  sqlite: { name: `user search over ${count} users through buildApp, SQLite`, requirement: `p95 <= ${P95_BAR_MS} ms` },
  postgres: {
    name: `user search over ${count} users through buildApp, PostgreSQL`,
    requirement: `p95 <= ${P95_BAR_MS} ms`,
  },
};
export const SEARCH_TARGET_SPECS: readonly TargetSpec[] = Object.values(TARGETS);

export interface SearchRow {
  group: string;
  name: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** This row's p95 over the bare route's p95 in this run (the mean of its first and last measurement). */
  p95OverBare: number;
  failures: number;
}

export interface SearchReport {
  rows: SearchRow[];
  targets: TargetResult[];
  postgresSkipped?: string;
}

/** Upper bound of runSearchBench's duration in seconds, for the bench's overall time limit. */
export function searchBenchSeconds(options: BenchOptions): number {
  const dialects = options.databaseUrl ? 2 : 1;
  const perRun = options.warmupSeconds + options.durationSeconds + 5;
  return dialects * (SETUP_SECONDS + 2 * perRun) + 2 * perRun;
}

export interface Measured {
  group: string;
  name: string;
  timings: Timings;
}

/** One dialect's app on 100,000 accounts, and a moderator's requests: the admin-area floor and the searches. */
async function measureDialect(webDist: string, options: BenchOptions, databaseUrl?: string): Promise<Measured[]> {
  const dialect: Dialect = databaseUrl ? 'postgres' : 'sqlite';
  const group = `whole app (buildApp, every hook), ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${count} accounts`;
  const setting = newSetting(webDist, databaseUrl);
  try {
    process.stdout.write(`  setup: ${dialect}, ${count} accounts ...`);
    const stores = await openBenchStores(setting, 'search');
    const started = performance.now();
    const users = await seedSearchUsers(stores.identity, dialect);
    process.stdout.write(` seeded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    const config = benchConfig(setting, randomBytes(16).toString('hex'));
    const origin = await startApp(setting, { config, stores });
    const authorization = await signUpStaffMember(origin, config.publicUrl, stores.identity, {
      name: 'bench-moderator',
      keys: ['moderator'],
    });

    const timed = async (name: string, requests: LatencyRequest[]): Promise<Measured> => {
      process.stdout.write(`  ${name} ...`);
      const timings = await measureLatency({ origin, requests, ...seconds(options) });
      process.stdout.write(` p95 ${percentile(timings.milliseconds, 0.95).toFixed(2)} ms\n`);
      if (timings.firstFailure) console.log(`    first failure: ${timings.firstFailure}`);
      return { group, name, timings };
    };
    const access = await timed('GET /api/admin/development/access (a moderator, the admin-area floor)', [
      { method: 'GET', path: '/api/admin/development/access', headers: { authorization } },
    ]);
    const queries = searchQueries(users, QUERIES_PER_KIND);
    const search = await timed(
      `POST /api/admin/development/user-search (${queries.length} queries, ${USER_SEARCH_LIMITS.defaultHits} hits)`,
      queries.map(({ query }) => ({
        method: 'POST',
        path: '/api/admin/development/user-search',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      })),
    );
    return [
      access,
      search,
      ...byKind(
        search,
        queries.map(({ kind }) => kind),
      ),
    ];
  } finally {
    await setting.cleanups.run();
  }
}

const seconds = (options: BenchOptions) => ({
  warmupSeconds: options.warmupSeconds,
  durationSeconds: options.durationSeconds,
});

/** The search row split by the kind of query each request sent (requests cycle through the queries). */
function byKind(search: Measured, kinds: readonly QueryKind[]): Measured[] {
  const groups = new Map<QueryKind, number[]>();
  search.timings.milliseconds.forEach((ms, index) => {
    const kind = kinds[index % kinds.length] as QueryKind;
    groups.set(kind, [...(groups.get(kind) ?? []), ms]);
  });
  return [...groups].map(([kind, milliseconds]) => ({
    group: search.group,
    name: `  of which: ${kind}`,
    timings: { milliseconds, failures: 0 },
  }));
}

/** A latency row's figures, with its p95 over the bare route's. */
export function latencyRow(measured: Measured, bareP95: number): SearchRow {
  const { milliseconds, failures } = measured.timings;
  const p95 = percentile(milliseconds, 0.95);
  return {
    group: measured.group,
    name: measured.name,
    requests: milliseconds.length,
    p50Ms: percentile(milliseconds, 0.5),
    p95Ms: p95,
    p99Ms: percentile(milliseconds, 0.99),
    p95OverBare: p95 / bareP95,
    failures,
  };
}

/**
 * Latency of the admin user search, one request at a time as a moderator types (a search is a
 * person's question, not a crowd's: under a crowd's load the figure would be the queue's), on
 * each dialect, through the whole app; the bare route timed the same way first and last is the
 * baseline of every ratio. The target is decided on the p95 of all the search requests.
 */
export async function runSearchBench(webDist: string, options: BenchOptions): Promise<SearchReport> {
  const { first, last, bareP95, result } = await betweenBareRuns(seconds(options), async () => {
    const sqlite = await measureDialect(webDist, options);
    const postgres = options.databaseUrl ? await measureDialect(webDist, options, options.databaseUrl) : undefined;
    return { sqlite, postgres };
  });
  const { sqlite, postgres } = result;
  const measured = [first, ...sqlite, ...(postgres ?? []), last];
  const rows = measured.map((one) => latencyRow(one, bareP95));
  const target = (dialect: Dialect, runs: Measured[] | undefined): TargetResult => {
    const search = runs?.[1];
    if (!search) return unmeasured(TARGETS[dialect], 'skipped (no BENCH_DATABASE_URL)');
    const figures = latencyRow(search, bareP95);
    return decided(
      TARGETS[dialect].name,
      TARGETS[dialect].requirement,
      figures.p95Ms <= P95_BAR_MS && figures.failures === 0,
      `${figures.p95Ms.toFixed(2)} ms (p50 ${figures.p50Ms.toFixed(2)}, p99 ${figures.p99Ms.toFixed(2)}, ` +
        `${figures.requests} requests, ${figures.p95OverBare.toFixed(1)} x the bare route's p95)` +
        (figures.failures > 0 ? `, ${figures.failures} failed requests` : ''),
      figures.p95Ms,
      P95_BAR_MS,
    );
  };
  return {
    rows,
    targets: [target('sqlite', sqlite), target('postgres', postgres)],
    ...(options.databaseUrl ? {} : { postgresSkipped: 'skipped (no BENCH_DATABASE_URL)' }),
  };
}
