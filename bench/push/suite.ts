import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { PushMessage } from '@outpost/contracts/push-messages';
import type { FastifyInstance } from 'fastify';
import type { AppStores } from '../../apps/server/src/database';
import type { Dialect } from '../../apps/server/src/platform/db/stores';
import { FCM_DEFAULT_CONCURRENCY } from '../../apps/server/src/platform/push-transport/fcm';
import { benchConfig, newSetting, openBenchStores, type Setting, startApp } from '../http/app-target';
import { signUpStaffMember } from '../http/seed';
import { type CpuSpan, databaseNameOf, startCpuSpan } from '../instances/cpu';
import type { BenchOptions } from '../options';
import { decided, type TargetResult, type TargetSpec, unmeasured } from '../targets';
import { postStraight } from './baseline';
import { seedPushDevices } from './devices';
import { type FcmReceipt, tokensDigest } from './fcm-process';
import { type FcmServerProcess, startFcmServerProcess } from './fcm-server';
import {
  MILLION_SECONDS_PER_DIALECT,
  MILLION_TARGETS,
  type MillionRow,
  measureMillion,
  millionTarget,
} from './million';
import { load, MESSAGE, sendToEveryone, UNBINDING_QUOTA, waitForSent } from './send-through-app';

/*
 * Push at scale (docs/decisions/0051-push-at-scale.md): DEVICES devices in the development store, one message to
 * everyone created by an admin through the whole app (buildApp with every hook, POST
 * /api/fn/development-push-sendbatch over HTTP), sent by the app's own job runner through the FCM
 * adapter to the local FCM server (platform/push-transport/testing.ts) in a process of its own; timed from
 * the POST to the message's state 'sent', and checked against what the server received (every
 * token exactly once, with the message's content). Beside it, the baseline: the same number of
 * messages:send straight from a plain HTTP/2 client at the same number of streams, to a fresh server
 * in the same process. The plain client's own time swung by a factor of 1.6 between runs of one
 * morning (docs/decisions/0147-push-off-the-main-thread.md), so the two are measured in PUSH_PAIRS
 * back-to-back pairs, each app send by an app of its own (a fresh FCM server for each send), taking
 * turns going first, and the row's ratio is the pairs' median. The pairs share the store: each app send
 * adds its deliveries to the same tables, so a later pair sends beside more rows than the first. Then
 * the million-device row (million.ts): the memory the app's own process adds while it sends to
 * BENCH_PUSH_MILLION_DEVICES devices.
 */

const DEVICES = Number(process.env.BENCH_PUSH_DEVICES ?? 100_000);
/** Back-to-back pairs of the plain client's send and the app's (odd: the median is one pair's). */
const PUSH_PAIRS = 3;
/** The push service, not Outpost, should be the limit: the whole app within this of the plain client's time. */
const BAR_RATIO = 1.25;
/** A send that has not finished by then is reported as it stands. */
const GIVE_UP_SECONDS = 300;
/** Setup per dialect besides its sends: migrations, DEVICES rows, the plain client's sends, the apps' starts. */
const SETUP_SECONDS = 120;
const count = DEVICES.toLocaleString('en-US');
const TARGETS: Record<Dialect, TargetSpec> = {
  sqlite: {
    name: `a push to ${count} devices through the FCM adapter against the local server, SQLite`,
    requirement: `<= ${BAR_RATIO} x the plain client's time`,
  },
  postgres: {
    name: `a push to ${count} devices through the FCM adapter against the local server, PostgreSQL`,
    requirement: `<= ${BAR_RATIO} x the plain client's time`,
  },
};
export const PUSH_TARGET_SPECS: readonly TargetSpec[] = [...Object.values(TARGETS), ...Object.values(MILLION_TARGETS)];

/** One pair: the plain client's send and the app's, back to back. */
export interface PushRow {
  /** 1 to PUSH_PAIRS. */
  pair: number;
  /** Which send went first: odd pairs the plain client's, even pairs the app's. */
  order: 'plain client first' | 'app first';
  /** Seconds from the admin's POST to the message's state 'sent' (or where it stood when given up). */
  seconds: number;
  devicesPerSecond: number;
  /** The job's own time, from its start to its finish as the message records them. */
  jobSeconds: number;
  state: PushMessage['state'];
  counts: { sent: number; failed: number; pruned: number };
  /** Every token received exactly once, nothing else, with the message's title, body and id. */
  verified: boolean;
  receipt: FcmReceipt;
  /** CPU the app's process spent (user + system) during the send, in seconds. */
  appCpuSeconds: number;
  /** PostgreSQL's and the whole machine's CPU during the send: what else the two cores did. */
  others: CpuSpan;
  baseline: {
    seconds: number;
    devicesPerSecond: number;
    failures: number;
    verified: boolean;
    receipt: FcmReceipt;
    /** The plain client's own CPU (it runs in the bench's process), in seconds. */
    clientCpuSeconds: number;
    others: CpuSpan;
  };
  /** The 1-minute load average when the send started and when it ended. */
  load: [number, number];
}

/** One store's sends: its devices seeded once, then its pairs. */
export interface PushDialectRun {
  dialect: Dialect;
  devices: number;
  seedSeconds: number;
  pairs: PushRow[];
}

export interface PushReport {
  concurrency: number;
  dialects: PushDialectRun[];
  /** The million-device row (million.ts), per store measured. */
  million: MillionRow[];
  targets: TargetResult[];
  postgresSkipped?: string;
}

/** Upper bound of runPushBench's duration in seconds, for the bench's overall time limit. */
export function pushBenchSeconds(options: BenchOptions): number {
  return (options.databaseUrl ? 2 : 1) * (SETUP_SECONDS + PUSH_PAIRS * GIVE_UP_SECONDS + MILLION_SECONDS_PER_DIALECT);
}

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

/** The receipt holds every token once, no other, no retry, and only the message sent. */
function receivedExactly(receipt: FcmReceipt, digest: string, devices: number): boolean {
  return (
    receipt.received === devices &&
    receipt.distinctTokens === devices &&
    receipt.attempts === devices &&
    receipt.tokensDigest === digest &&
    receipt.wrongContent === 0
  );
}

/** The plain client's send of every token to a fresh FCM server, in the bench's own process. */
async function sendStraight(
  fcm: FcmServerProcess,
  dataDir: string,
  tokens: readonly string[],
  digest: string,
  database: string | undefined,
): Promise<PushRow['baseline']> {
  process.stdout.write(`    the plain HTTP/2 client: ${count} messages:send ...`);
  const straight = await fcm.start(dataDir);
  // The spans' /proc reads lie outside the CPU measured for the sender.
  const endSpan = startCpuSpan(database);
  const clientCpu = process.cpuUsage();
  const posted = await postStraight({ ...straight, tokens, message: MESSAGE, concurrency: FCM_DEFAULT_CONCURRENCY });
  const clientCpuSeconds = cpuSeconds(clientCpu);
  const others = endSpan();
  const receipt = await fcm.report({ ...MESSAGE, messageID: 'baseline' });
  process.stdout.write(` ${posted.seconds.toFixed(1)} s\n`);
  return {
    clientCpuSeconds,
    others,
    seconds: posted.seconds,
    devicesPerSecond: DEVICES / posted.seconds,
    failures: posted.failures,
    verified: posted.failures === 0 && receivedExactly(receipt, digest, DEVICES),
    receipt,
  };
}

/** What one store's pairs share: its stores and seeded devices, the apps' configuration and the admin's session. */
interface PairSetting {
  setting: Setting;
  stores: AppStores;
  generated: ReturnType<typeof benchConfig>;
  digest: string;
  database: string | undefined;
  /** Signed up by the first app, and held by the next ones (they share the configuration). */
  authorization?: string;
}

/** The admin's message to everyone through an app of its own, sending to a fresh FCM server, timed to 'sent'. */
async function sendThroughApp(
  fcm: FcmServerProcess,
  pairs: PairSetting,
): Promise<Omit<PushRow, 'pair' | 'order' | 'baseline'>> {
  const { setting, stores, generated, digest, database } = pairs;
  const game = stores.game.development;
  const server = await fcm.start(setting.dataDir);
  // The app keeps as many streams in flight as the baseline's client: FCM_CONCURRENCY's default.
  const development = { ...server, concurrency: FCM_DEFAULT_CONCURRENCY, quotaPerMinute: UNBINDING_QUOTA };
  const config = { ...generated, fcm: { ...generated.fcm, development } };
  let app: FastifyInstance | undefined;
  const origin = await startApp(setting, { config, stores }, (built) => {
    app = built;
  });
  pairs.authorization ??= await signUpStaffMember(origin, config.publicUrl, stores.identity, {
    name: 'bench-admin',
    keys: ['admin'],
  });

  process.stdout.write('    the whole app: one message to everyone ...');
  const loadBefore = load();
  const endSpan = startCpuSpan(database);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const messageID = await sendToEveryone(origin, pairs.authorization);
  const row = await waitForSent(game, messageID, started + GIVE_UP_SECONDS * 1000);
  const seconds = (performance.now() - started) / 1000;
  const appCpuSeconds = cpuSeconds(cpu);
  const loadAfter = load();
  const others = endSpan();
  const receipt = await fcm.report({ ...MESSAGE, messageID });
  // Its job runner and FCM thread stop before the pair's or the next pair's other send.
  await app?.close();
  const counts = { sent: row.sent_count, failed: row.failed_count, pruned: row.pruned_count };
  process.stdout.write(` ${row.state} in ${seconds.toFixed(1)} s\n`);
  return {
    seconds,
    devicesPerSecond: counts.sent / seconds,
    jobSeconds:
      row.started_at && row.finished_at
        ? (Date.parse(row.finished_at) - Date.parse(row.started_at)) / 1000
        : Number.NaN,
    state: row.state,
    counts,
    verified: row.state === 'sent' && counts.sent === DEVICES && receivedExactly(receipt, digest, DEVICES),
    receipt,
    appCpuSeconds,
    others,
    load: [loadBefore, loadAfter],
  };
}

async function measureDialect(webDist: string, fcm: FcmServerProcess, databaseUrl?: string): Promise<PushDialectRun> {
  const dialect: Dialect = databaseUrl ? 'postgres' : 'sqlite';
  const setting = newSetting(webDist, databaseUrl);
  try {
    process.stdout.write(`  ${dialect}: ${count} devices ...`);
    const stores = await openBenchStores(setting, 'push');
    const seeding = performance.now();
    const tokens = await seedPushDevices(stores.game.development, DEVICES);
    const seedSeconds = (performance.now() - seeding) / 1000;
    process.stdout.write(` seeded in ${seedSeconds.toFixed(1)} s\n`);
    const pairs: PairSetting = {
      setting,
      stores,
      // One configuration for every pair's app, so the admin's session holds across them.
      generated: benchConfig(setting, randomBytes(16).toString('hex')),
      digest: tokensDigest(tokens),
      // The stores are schemas of the URL's database: its backends are the ones the send keeps busy.
      database: databaseUrl ? databaseNameOf(databaseUrl) : undefined,
    };
    const run: PushDialectRun = { dialect, devices: DEVICES, seedSeconds, pairs: [] };
    for (let pair = 1; pair <= PUSH_PAIRS; pair += 1) {
      // The sends take turns going first, so a machine that slows or quickens over the run weighs on both.
      const order = pair % 2 === 1 ? 'plain client first' : 'app first';
      process.stdout.write(`  pair ${pair} of ${PUSH_PAIRS}, ${order}:\n`);
      const straight = () => sendStraight(fcm, setting.dataDir, tokens, pairs.digest, pairs.database);
      let sent: Omit<PushRow, 'pair' | 'order' | 'baseline'>;
      let baseline: PushRow['baseline'];
      if (order === 'plain client first') {
        baseline = await straight();
        sent = await sendThroughApp(fcm, pairs);
      } else {
        sent = await sendThroughApp(fcm, pairs);
        baseline = await straight();
      }
      const measured: PushRow = { pair, order, ...sent, baseline };
      run.pairs.push(measured);
      process.stdout.write(`    ${ratioOf(measured).toFixed(2)} x\n`);
      // A send given up on is still the job's: the next pair's app could take it over and send it to
      // that pair's server, so the pairs stop here.
      if (sent.state === 'scheduled' || sent.state === 'sending') break;
    }
    return run;
  } finally {
    await setting.cleanups.run();
  }
}

/** Where the two cores went during the app's send, against the plain client's. */
function cpuShares(row: PushRow): string {
  const { others, baseline } = row;
  const database = others.postgresSeconds === undefined ? '' : `, PostgreSQL ${others.postgresSeconds.toFixed(1)} s`;
  return (
    `the app's process ${row.appCpuSeconds.toFixed(1)} s (the plain client ${baseline.clientCpuSeconds.toFixed(1)} s)` +
    `, the FCM server ${(row.receipt.cpuMs / 1000).toFixed(1)} s${database}` +
    `, the machine ${others.machineSeconds.toFixed(1)} of ${(os.availableParallelism() * row.seconds).toFixed(1)} core-seconds`
  );
}

/** The app's time over the plain client's in one pair. */
export const ratioOf = (row: PushRow) => row.seconds / row.baseline.seconds;

/**
 * The pairs' median ratio against the bar, and the pair it came from. Pairs that stopped early after a
 * send given up on may be even in number: then the higher of the two middle ratios is the row's, a
 * pair's own, so the figure never describes a pair that was not run (such a row fails anyway).
 */
function target({ dialect, pairs }: PushDialectRun): TargetResult {
  const ranked = [...pairs].sort((a, b) => ratioOf(a) - ratioOf(b));
  const row = ranked[Math.floor(ranked.length / 2)] as PushRow;
  const ratio = ratioOf(row);
  const spec = TARGETS[dialect];
  const problems = pairs.flatMap((one) => [
    ...(one.state === 'sent' ? [] : [`pair ${one.pair}: the message ended ${one.state}`]),
    ...(one.verified ? [] : [`pair ${one.pair}: the local server did not receive every token exactly once`]),
  ]);
  const middle = pairs.length % 2 === 0 ? 'higher middle' : 'median';
  const order = pairs.length > 1 ? ', the even ones with the app first' : '';
  return decided(
    spec.name,
    spec.requirement,
    ratio <= BAR_RATIO && problems.length === 0,
    `${ratio.toFixed(2)} x (${middle === 'median' ? 'median' : 'the higher middle'} of back-to-back pairs ${pairs.map((one) => ratioOf(one).toFixed(2)).join(' ')}${order}); ` +
      `the ${middle} pair: ${row.seconds.toFixed(1)} s (${Math.round(row.devicesPerSecond).toLocaleString('en-US')} devices/s) ` +
      `against the plain client's ${row.baseline.seconds.toFixed(1)} s; CPU ${cpuShares(row)}; ` +
      `load ${row.load[0].toFixed(2)}` +
      (problems.length > 0 ? `; ${problems.join(', ')}` : ''),
    ratio,
    BAR_RATIO,
  );
}

export async function runPushBench(webDist: string, options: BenchOptions): Promise<PushReport> {
  const fcm = startFcmServerProcess();
  try {
    const sqlite = await measureDialect(webDist, fcm);
    const postgres = options.databaseUrl ? await measureDialect(webDist, fcm, options.databaseUrl) : undefined;
    const millionSqlite = await measureMillion(webDist, fcm);
    const millionPostgres = options.databaseUrl ? await measureMillion(webDist, fcm, options.databaseUrl) : undefined;
    return {
      concurrency: FCM_DEFAULT_CONCURRENCY,
      dialects: postgres ? [sqlite, postgres] : [sqlite],
      million: millionPostgres ? [millionSqlite, millionPostgres] : [millionSqlite],
      targets: [
        target(sqlite),
        postgres ? target(postgres) : unmeasured(TARGETS.postgres, 'skipped (no BENCH_DATABASE_URL)'),
        millionTarget(millionSqlite),
        millionPostgres
          ? millionTarget(millionPostgres)
          : unmeasured(MILLION_TARGETS.postgres, 'skipped (no BENCH_DATABASE_URL)'),
      ],
      ...(options.databaseUrl ? {} : { postgresSkipped: 'skipped (no BENCH_DATABASE_URL)' }),
    };
  } finally {
    fcm.close();
  }
}
