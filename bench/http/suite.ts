import os from 'node:os';
import { MAX_OPEN_MERCH_ORDERS } from '@outpost/contracts/merch';
import { SITE_CALLABLES } from '@outpost/contracts/site';
import type { BenchOptions } from '../options';
import { decided, median, type TargetResult, type TargetSpec, unmeasured } from '../targets';
import { type AppTarget, LARGE_LIST, type LogStats, SMALL_LIST, startAppTarget } from './app-target';
import { BENCH_PATHS } from './bench-routes';
import { CHECKOUT_PATH, type CheckoutAudit } from './checkout';
import { runLoad, runPairs } from './load';
import {
  addFailures,
  describeFailures,
  type Failures,
  failureCount,
  type LoadResult,
  type RequestPlan,
} from './load-spec';
import { startBareServer } from './minimal-server';
import { BENCH_MACHINE_ID } from './seed';

export interface HttpRow extends LoadResult {
  group: string;
  /** requests/s over the bare route's requests/s in this run (the mean of its first and last measurement). */
  ratioToBare: number;
}

/** What request logging at the default LOG_LEVEL=info costs, against the same app logging at error. */
export interface LoggingCost {
  /** Per path: the info app's rate over the quiet app's (median of back-to-back pairs), and the server CPU per request it adds (table rows). */
  ratios: { path: string; infoOverQuiet: number; pairRatios: number[]; cpuMicrosAdded: number }[];
  log: LogStats;
}

/** What one dialect's merch checkouts did to the stock (checkout.ts), with the answers that were not 2xx. */
export interface CheckoutOutcome extends CheckoutAudit {
  dialect: string;
  failures: Failures;
}

export interface HttpReport {
  rows: HttpRow[];
  targets: TargetResult[];
  logging: LoggingCost;
  checkouts: CheckoutOutcome[];
  /** The one-minute load average when the rows started and when the targets ended. */
  load: [number, number];
  /** Why the PostgreSQL rows are missing, when they are. */
  postgresSkipped?: string;
}

interface Bench {
  group: string;
  name: string;
  origin: string;
  plan: RequestPlan;
}

/** A target decided on back-to-back pairs: subject's rate over baseline's, median of the pairs. */
interface PairTarget {
  name: string;
  requirement: string;
  baseline: Bench;
  subject: Bench;
  threshold: number;
}

export const GROUPS = {
  baseline: 'baseline',
  sqlite: 'whole app (buildApp, every hook), SQLite',
  postgres: 'whole app (buildApp, every hook), PostgreSQL',
  diagnosis: 'diagnosis: the data path on a minimal Fastify (no hooks, like the bare route)',
} as const;

/**
 * Targets come from short pairs run back to back, not from the table: on a shared two-core
 * machine the throughput of everything drifts by half within a minute, and two two-second runs
 * taken one right after the other (in one generator process, after a warm-up of both) see nearly
 * the same machine. Pairs alternate which side runs first, so a drift within a pair does not
 * always favour the same side; the median drops the pairs another program's burst spoiled.
 */
// One-second slices scattered from 0.4 to 1.5 for the same pair on a quiet machine: a scheduler
// hiccup is a large part of a second. Two seconds cost 2 x 7 s more per target.
const TARGET_SLICE_SECONDS = 2;
/** Setup: migrations, 10,000 accounts, the 1,000,000-signup list and the checkout's crowd, on each dialect. */
const SETUP_SECONDS = 90;
const NO_POSTGRES = 'skipped (no BENCH_DATABASE_URL)';
/** The scale target's bar: what is left between two O(1) reads is noise, which pairs keep under this. */
const SCALE_RATIO = 0.9;

const CHECK_EMAIL_PATH = 'GET /api/fn/check-email';

/** The HTTP targets, in the order they are decided and printed. */
const HTTP_TARGETS = {
  healthz: { name: 'GET /healthz through buildApp', requirement: '>= 0.8 x bare route', threshold: 0.8 },
  checkEmail: { name: 'check-email through buildApp, SQLite', requirement: '>= 0.6 x bare route', threshold: 0.6 },
  spin: { name: 'spin-machine through buildApp, SQLite', requirement: '>= 0.1 x bare route', threshold: 0.1 },
  checkEmailPg: {
    name: 'check-email through buildApp, PostgreSQL',
    requirement: '>= 0.9 x raw pg Pool read (its ratio within 10 %)',
    threshold: 0.9,
  },
  spinPg: {
    name: 'spin-machine through buildApp, PostgreSQL',
    requirement: '>= 0.1 x raw pg Pool read',
    threshold: 0.1,
  },
  checkout: { name: 'merch checkout through buildApp, SQLite', requirement: '>= 0.1 x bare route', threshold: 0.1 },
  checkoutPg: {
    name: 'merch checkout through buildApp, PostgreSQL',
    requirement: '>= 0.1 x raw pg Pool read',
    threshold: 0.1,
  },
  scale: {
    name: `signupCount with ${LARGE_LIST.toLocaleString('en-US')} signups, SQLite`,
    requirement: `>= ${SCALE_RATIO} x its rate with ${SMALL_LIST.toLocaleString('en-US')} signups`,
    threshold: SCALE_RATIO,
  },
  scalePg: {
    name: `signupCount with ${LARGE_LIST.toLocaleString('en-US')} signups, PostgreSQL`,
    requirement: `>= ${SCALE_RATIO} x its rate with ${SMALL_LIST.toLocaleString('en-US')} signups`,
    threshold: SCALE_RATIO,
  },
  logging: {
    name: 'check-email at LOG_LEVEL=info through buildApp, SQLite',
    requirement: '>= 0.85 x the same app at error',
    threshold: 0.85,
  },
} as const;

/** The HTTP targets, in the order they are decided and printed. */
export const HTTP_TARGET_SPECS: readonly TargetSpec[] = Object.values(HTTP_TARGETS);

const fixed = (path: string): RequestPlan => ({ kind: 'fixed', method: 'GET', path });
const signupCount: RequestPlan = {
  kind: 'fixed',
  method: 'POST',
  path: `/api/callable/${SITE_CALLABLES.signupCount}`,
  jsonBody: JSON.stringify({ data: null }),
};
const signupWrite: RequestPlan = { kind: 'unique-signup', path: `/api/callable/${SITE_CALLABLES.signupForEmails}` };
const byKey = (pathPrefix: string, keys: readonly string[], headers?: Record<string, string>): RequestPlan => ({
  kind: 'random-key',
  method: 'GET',
  pathPrefix,
  keys,
  ...(headers ? { headers } : {}),
});
const stock = (pathPrefix: string, keys: readonly string[]): RequestPlan => ({
  kind: 'random-key',
  method: 'POST',
  pathPrefix,
  keys,
});
const CHECK_EMAIL = '/api/fn/check-email?email=';
const SPIN = `/api/fn/spin-machine?machineID=${BENCH_MACHINE_ID}`;
const count = (value: number) => value.toLocaleString('en-US');

/**
 * Checkouts a second the crowds are sized for. A player holds at most MAX_OPEN_MERCH_ORDERS
 * unpaid orders, so a crowd too small for a run's checkouts would be answered 409 (fast, and
 * counted as failures, by status). Measured with orders placed in batches: about 360 a second on
 * SQLite and 460 on PostgreSQL on the quiet two cores under Node.js 20; on Node.js 24 bounds of
 * 3,000 and 1,500 ran out (2026-12-06: 39,575 and 12,144 failed requests), so they are twice that
 * and more.
 */
const CHECKOUT_RATE_BOUND = { sqlite: 6_000, postgres: 4_000 };

/**
 * Players for one generator's `runs` (each followed by one request that waits out its backlog)
 * over `seconds` of checkouts: each player orders at most MAX_OPEN_MERCH_ORDERS times.
 */
function crowdSize(rate: number, seconds: number, runs: number): number {
  return Math.ceil((rate * seconds + runs) / MAX_OPEN_MERCH_ORDERS);
}

/** The checkout's row and its target run each send as players of their own, so no player outlives its orders. */
async function checkoutBenches(target: AppTarget, group: string, options: BenchOptions) {
  const rate = CHECKOUT_RATE_BOUND[target.dialect];
  const row = crowdSize(rate, options.warmupSeconds + options.durationSeconds, 2);
  const pairs = crowdSize(
    rate,
    options.warmupSeconds + options.targetPairs * TARGET_SLICE_SECONDS,
    1 + options.targetPairs,
  );
  const crowd = await target.seedCheckoutCrowd(row + pairs);
  const bench = (bearers: readonly string[]): Bench => ({
    group,
    name: 'POST /api/shop/merch/orders (checkout, a crowd signed in)',
    origin: target.origin,
    plan: { kind: 'crowd', path: CHECKOUT_PATH, jsonBody: crowd.jsonBody, bearers },
  });
  return { crowd, row: bench(crowd.bearers.slice(0, row)), target: bench(crowd.bearers.slice(row)) };
}

/** The whole-app rows of one dialect, and its benches the targets pair up. */
function appBenches(target: AppTarget, group: string) {
  const checkEmail = byKey(CHECK_EMAIL, target.accountEmails, target.attestationHeaders);
  const bench = (name: string, origin: string, plan: RequestPlan): Bench => ({ group, name, origin, plan });
  return {
    healthz: bench('GET /healthz', target.origin, fixed('/healthz')),
    healthzInfo: bench('GET /healthz, LOG_LEVEL=info', target.infoOrigin, fixed('/healthz')),
    checkEmail: bench('GET /api/fn/check-email (attested)', target.origin, checkEmail),
    checkEmailInfo: bench('GET /api/fn/check-email, LOG_LEVEL=info', target.infoOrigin, checkEmail),
    smallList: bench(`POST signupCount, ${count(SMALL_LIST)} signups`, target.smallListOrigin, signupCount),
    largeList: bench(`POST signupCount, ${count(LARGE_LIST)} signups`, target.largeListOrigin, signupCount),
    write: bench('POST signupForEmails (insert)', target.origin, signupWrite),
    // Each spin with a request key of its own, as the web app's Spin button sends it.
    spin: bench('GET /api/fn/spin-machine (attested, signed in, keyed)', target.origin, {
      kind: 'spend',
      method: 'GET',
      path: SPIN,
      headers: target.spinnerHeaders,
    }),
  };
}

function sqliteDiagnosis(target: AppTarget): Bench[] {
  const group = GROUPS.diagnosis;
  const at = target.referenceOrigin;
  return [
    {
      group,
      name: "SQLite: Kysely read by key (check-email's query)",
      origin: at,
      plan: byKey(BENCH_PATHS.kyselyRead, target.accountEmails),
    },
    {
      group,
      name: 'SQLite: raw prepared read by key',
      origin: at,
      plan: byKey(BENCH_PATHS.rawRead, target.accountEmails),
    },
    {
      group,
      name: 'SQLite: Kysely stock transaction',
      origin: at,
      plan: stock(BENCH_PATHS.kyselyStock, target.stockIds),
    },
    { group, name: 'SQLite: raw stock transaction', origin: at, plan: stock(BENCH_PATHS.rawStock, target.stockIds) },
  ];
}

/** How many loads the table has, for the time limit (kept in step with runHttpBenches). */
const SQLITE_ROWS = 9 + 4;
const POSTGRES_ROWS = 8;
/** Pair series: the SQLite targets and the two logging figures, and PostgreSQL's targets. */
const TARGETS = { sqlite: 5 + 2, postgres: 4 };

/** Upper bound of runHttpBenches' duration in seconds, for the bench's overall time limit. */
export function httpBenchSeconds(options: BenchOptions): number {
  const perLoad = (seconds: number) => options.warmupSeconds + seconds + 5; // + process start-up
  const postgres = options.databaseUrl !== undefined;
  const rows = 2 + SQLITE_ROWS + (postgres ? POSTGRES_ROWS : 0);
  const targets = TARGETS.sqlite + (postgres ? TARGETS.postgres : 0);
  const setup = SETUP_SECONDS * (postgres ? 2 : 1);
  const perTarget = 2 * options.warmupSeconds + 2 * options.targetPairs * TARGET_SLICE_SECONDS + 5;
  return setup + rows * perLoad(options.durationSeconds) + targets * perTarget;
}

function load(bench: Bench, options: BenchOptions, durationSeconds: number): Promise<LoadResult> {
  const { connections, warmupSeconds } = options;
  return runLoad({
    name: bench.name,
    origin: bench.origin,
    plan: bench.plan,
    connections,
    warmupSeconds,
    durationSeconds,
  });
}

interface PairsFigure {
  /** Median of the pairs' subject-over-baseline rates. */
  ratio: number;
  pairRatios: number[];
  failures: Failures;
  /** The server's CPU time per request on each side over all pairs, in µs. */
  cpu: { baseline: number; subject: number };
}

/** "12 failed requests (12 answers 409)": how many, and what they were. */
const failedText = (failures: Failures) => `${failureCount(failures)} failed requests (${describeFailures(failures)})`;

/** Runs back-to-back pairs of two benches and answers the median of subject over baseline. */
async function pairRatio(label: string, baseline: Bench, subject: Bench, options: BenchOptions): Promise<PairsFigure> {
  process.stdout.write(`  ${label}: ${options.targetPairs} pairs of ${TARGET_SLICE_SECONDS} s runs ...`);
  const result = await runPairs({
    name: label,
    baseline: { origin: baseline.origin, plan: baseline.plan },
    subject: { origin: subject.origin, plan: subject.plan },
    connections: options.connections,
    warmupSeconds: options.warmupSeconds,
    sliceSeconds: TARGET_SLICE_SECONDS,
    pairs: options.targetPairs,
  });
  const pairRatios = result.pairs.map((pair) => pair.subject / pair.baseline);
  process.stdout.write(` ${pairRatios.map((value) => value.toFixed(2)).join(' ')}\n`);
  return { ratio: median(pairRatios), pairRatios, failures: result.failures, cpu: result.serverCpuMicrosPerRequest };
}

async function checkPairs(
  target: PairTarget,
  options: BenchOptions,
  onFailures: (failures: Failures) => void = () => {},
): Promise<TargetResult> {
  const { ratio, pairRatios, failures, cpu } = await pairRatio(target.name, target.baseline, target.subject, options);
  onFailures(failures);
  const pairs = pairRatios.map((value) => value.toFixed(2)).join(' ');
  // When the middle half of the pairs lies on both sides of the bar, the verdict is the machine's mood.
  const sorted = [...pairRatios].sort((a, b) => a - b);
  const quarter = Math.floor(sorted.length / 4);
  const straddles =
    (sorted[quarter] ?? ratio) < target.threshold && (sorted.at(-1 - quarter) ?? ratio) >= target.threshold;
  // A figure with failed requests measured something else than the call.
  const figure =
    `${ratio.toFixed(2)} (median of back-to-back pairs ${pairs})` +
    (failureCount(failures) > 0 ? `, ${failedText(failures)}` : '') +
    (straddles
      ? `; the pairs straddle the bar: rerun, or raise BENCH_PAIRS (server CPU per request ${cpu.baseline.toFixed(0)} µs against ${cpu.subject.toFixed(0)} µs)`
      : '');
  return decided(
    target.name,
    target.requirement,
    ratio >= target.threshold && failureCount(failures) === 0,
    figure,
    ratio,
    target.threshold,
  );
}

async function measureRows(benches: Bench[], options: BenchOptions): Promise<Map<Bench, LoadResult>> {
  const results = new Map<Bench, LoadResult>();
  let group: string | undefined;
  for (const bench of benches) {
    if (bench.group !== group) {
      group = bench.group;
      console.log(`  -- ${group}`);
    }
    process.stdout.write(`  ${bench.name} ...`);
    const result = await load(bench, options, options.durationSeconds);
    process.stdout.write(
      ` ${Math.round(result.requestsPerSecond)} req/s${failureCount(result.failures) > 0 ? `, ${failedText(result.failures)}` : ''}\n`,
    );
    results.set(bench, result);
  }
  return results;
}

/**
 * The table, then the targets. Every product row goes through the whole app (buildApp with all
 * its hooks, real migrated stores, attestation as the game sends it); the bare route measured
 * first and last is the baseline of every ratio; the data-path rows on a minimal server say how
 * much of a product call is the read itself.
 */
export async function runHttpBenches(webDist: string, options: BenchOptions): Promise<HttpReport> {
  const closers: (() => Promise<void>)[] = [];
  try {
    const bareServer = await startBareServer();
    closers.push(() => bareServer.close());
    process.stdout.write('  setup: SQLite stores, accounts and lists ...');
    const sqlite = await startAppTarget(webDist);
    closers.push(() => sqlite.close());
    process.stdout.write(' done\n');
    let postgres: AppTarget | undefined;
    if (options.databaseUrl) {
      process.stdout.write('  setup: PostgreSQL schemas, accounts and lists ...');
      postgres = await startAppTarget(webDist, options.databaseUrl);
      closers.push(() => (postgres as AppTarget).close());
      process.stdout.write(' done\n');
    }

    const bareFirst: Bench = {
      group: GROUPS.baseline,
      name: 'bare Fastify JSON route (first)',
      origin: bareServer.origin,
      plan: fixed('/'),
    };
    const bareLast: Bench = { ...bareFirst, name: 'bare Fastify JSON route (last)' };
    const lite = appBenches(sqlite, GROUPS.sqlite);
    const pgApp = postgres ? appBenches(postgres, GROUPS.postgres) : undefined;
    process.stdout.write('  setup: merch checkout crowds ...');
    const liteCheckout = await checkoutBenches(sqlite, GROUPS.sqlite, options);
    const pgCheckout = postgres ? await checkoutBenches(postgres, GROUPS.postgres, options) : undefined;
    process.stdout.write(
      ` ${count(liteCheckout.crowd.bearers.length)} players on SQLite` +
        (pgCheckout ? `, ${count(pgCheckout.crowd.bearers.length)} on PostgreSQL` : '') +
        '\n',
    );
    const pgRaw: Bench | undefined = postgres && {
      group: GROUPS.postgres,
      name: 'raw pg Pool read by key (reference, no app)',
      origin: postgres.referenceOrigin,
      plan: byKey(BENCH_PATHS.rawRead, postgres.accountEmails),
    };
    const pgKysely: Bench | undefined = postgres && {
      group: GROUPS.diagnosis,
      name: "PostgreSQL: Kysely read by key (check-email's query)",
      origin: postgres.referenceOrigin,
      plan: byKey(BENCH_PATHS.kyselyRead, postgres.accountEmails),
    };

    const benches: Bench[] = [
      bareFirst,
      lite.healthz,
      lite.healthzInfo,
      lite.checkEmail,
      lite.checkEmailInfo,
      lite.smallList,
      lite.largeList,
      lite.write,
      lite.spin,
      liteCheckout.row,
      ...(pgApp && pgRaw && pgCheckout
        ? [pgRaw, pgApp.checkEmail, pgApp.smallList, pgApp.largeList, pgApp.write, pgApp.spin, pgCheckout.row]
        : []),
      ...sqliteDiagnosis(sqlite),
      ...(pgKysely ? [pgKysely] : []),
      bareLast,
    ];
    const loadAtStart = os.loadavg()[0] ?? Number.NaN;
    const results = await measureRows(benches, options);

    console.log('  -- targets: back-to-back pairs');
    const pairs = (
      target: (typeof HTTP_TARGETS)[keyof typeof HTTP_TARGETS],
      baseline: Bench,
      subject: Bench,
      onFailures?: (failures: Failures) => void,
    ) => checkPairs({ ...target, baseline, subject }, options, onFailures);
    // Failed checkouts of each dialect, its row's and its target's: a refusal is no checkout.
    const checkoutFailures = {
      sqlite: results.get(liteCheckout.row)?.failures ?? {},
      postgres: (pgCheckout && results.get(pgCheckout.row)?.failures) ?? {},
    };
    const targets: TargetResult[] = [
      await pairs(HTTP_TARGETS.healthz, bareFirst, lite.healthz),
      await pairs(HTTP_TARGETS.checkEmail, bareFirst, lite.checkEmail),
      await pairs(HTTP_TARGETS.spin, bareFirst, lite.spin),
      await pairs(HTTP_TARGETS.checkout, bareFirst, liteCheckout.target, (failures) => {
        checkoutFailures.sqlite = addFailures(checkoutFailures.sqlite, failures);
      }),
      pgApp && pgRaw
        ? await pairs(HTTP_TARGETS.checkEmailPg, pgRaw, pgApp.checkEmail)
        : unmeasured(HTTP_TARGETS.checkEmailPg, NO_POSTGRES),
      pgApp && pgRaw
        ? await pairs(HTTP_TARGETS.spinPg, pgRaw, pgApp.spin)
        : unmeasured(HTTP_TARGETS.spinPg, NO_POSTGRES),
      pgRaw && pgCheckout
        ? await pairs(HTTP_TARGETS.checkoutPg, pgRaw, pgCheckout.target, (failures) => {
            checkoutFailures.postgres = addFailures(checkoutFailures.postgres, failures);
          })
        : unmeasured(HTTP_TARGETS.checkoutPg, NO_POSTGRES),
      await pairs(HTTP_TARGETS.scale, lite.smallList, lite.largeList),
      pgApp
        ? await pairs(HTTP_TARGETS.scalePg, pgApp.smallList, pgApp.largeList)
        : unmeasured(HTTP_TARGETS.scalePg, NO_POSTGRES),
    ];

    console.log('  -- logging: LOG_LEVEL=info against the quiet app');
    const logging = await loggingCost(sqlite, results, lite, options);
    const checkEmailLogging = logging.ratios.find((ratio) => ratio.path === CHECK_EMAIL_PATH);
    targets.push(
      checkEmailLogging
        ? decided(
            HTTP_TARGETS.logging.name,
            HTTP_TARGETS.logging.requirement,
            checkEmailLogging.infoOverQuiet >= HTTP_TARGETS.logging.threshold,
            `${checkEmailLogging.infoOverQuiet.toFixed(2)} (median of back-to-back pairs ${checkEmailLogging.pairRatios.map((value) => value.toFixed(2)).join(' ')}; +${checkEmailLogging.cpuMicrosAdded.toFixed(0)} µs server CPU per request)`,
            checkEmailLogging.infoOverQuiet,
            HTTP_TARGETS.logging.threshold,
          )
        : unmeasured(HTTP_TARGETS.logging, 'skipped (check-email was not measured)'),
    );

    // A unit sold twice or lost stops the section (audit throws): the rates would not be of checkouts.
    const checkouts: CheckoutOutcome[] = [
      { dialect: 'SQLite', failures: checkoutFailures.sqlite, ...(await liteCheckout.crowd.audit()) },
    ];
    if (pgCheckout) {
      checkouts.push({
        dialect: 'PostgreSQL',
        failures: checkoutFailures.postgres,
        ...(await pgCheckout.crowd.audit()),
      });
    }

    const bareRates = [results.get(bareFirst), results.get(bareLast)].map(
      (result) => result?.requestsPerSecond ?? Number.NaN,
    );
    const bareRate = (bareRates[0] ?? Number.NaN) / 2 + (bareRates[1] ?? Number.NaN) / 2;
    const rows = benches.map((bench) => {
      const result = results.get(bench) as LoadResult;
      return { ...result, group: bench.group, ratioToBare: result.requestsPerSecond / bareRate };
    });
    return {
      rows,
      targets,
      logging,
      checkouts,
      load: [loadAtStart, os.loadavg()[0] ?? Number.NaN],
      ...(postgres ? {} : { postgresSkipped: NO_POSTGRES }),
    };
  } finally {
    for (const close of closers.reverse())
      await close().catch((error: unknown) => console.error('bench: cleanup failed:', error));
  }
}

/**
 * What LOG_LEVEL=info costs: the info app against the quiet one in back-to-back pairs, and the
 * server CPU time per request it adds in the table's rows (steadier than rates on a busy machine).
 */
async function loggingCost(
  target: AppTarget,
  results: Map<Bench, LoadResult>,
  benches: ReturnType<typeof appBenches>,
  options: BenchOptions,
): Promise<LoggingCost> {
  const cpu = (bench: Bench) => results.get(bench)?.serverCpuMicrosPerRequest ?? Number.NaN;
  const ratios: LoggingCost['ratios'] = [];
  for (const [path, quiet, info] of [
    ['GET /healthz', benches.healthz, benches.healthzInfo],
    [CHECK_EMAIL_PATH, benches.checkEmail, benches.checkEmailInfo],
  ] as const) {
    const pairs = await pairRatio(`${path}, LOG_LEVEL=info against quiet`, quiet, info, options);
    ratios.push({
      path,
      infoOverQuiet: pairs.ratio,
      pairRatios: pairs.pairRatios,
      cpuMicrosAdded: cpu(info) - cpu(quiet),
    });
  }
  return { ratios, log: await target.logStats() };
}
