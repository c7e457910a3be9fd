import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppStores } from '../../apps/server/src/database';
import type { Dialect } from '../../apps/server/src/platform/db/stores';
import { openAppStores } from '../../apps/server/src/stores';
import { createTestDatabase } from '../../apps/server/src/testing/postgres-databases';
import { type BenchChild, forkBenchChild } from '../child-process';
import { dropAtTheEnd, exchangeAttestation, newSetting, openBenchStores, type Setting } from '../http/app-target';
import { auditCheckouts, type CheckoutAudit } from '../http/checkout';
import { databaseNameOf } from '../instances/cpu';
import { processMeter, type SideUsage } from '../instances/process-meter';
import { type ServerInstance, startServerInstance } from '../instances/server-instances';
import type { BenchOptions } from '../options';
import { decided, type TargetResult, type TargetSpec, unmeasured } from '../targets';
import { DROP_UNITS } from './mix';
import type { PlayersMessage, PlayersRequest, StepFigures } from './protocol';
import { LAUNCH_CODES, seedLaunch, signInPlayers } from './seed';
import { type CapacitySettings, capacitySettings, checkDescriptors } from './settings';

/*
 * The launch bench: how many players one instance serves. Virtual players (players.ts, a process of
 * their own) send a launch's mix (mix.ts) to real server processes (main.ts, every hook), in steps of
 * more players, each held for a fixed time; a step is held when every kind of request answers within
 * P99_BAR_MS at p99 and nothing goes wrong (an unexpected status, a timeout, a stream that fails or
 * drops, an error the server logs). The first step not held ends the row. Each step reads the CPU time
 * of the instances, of the players' process and of PostgreSQL apart, from /proc.
 */

const P99_BAR_MS = 250;
const PLAYERS_BAR = 20_000;
/** Sending this late (p99) means the players' process was starved, which the verdict's reason says. */
const LATE_NOTE_MS = 20;
/** Migrations, 100,000 accounts, the sessions, the instances' start; the streams' opening per step. */
const SETUP_SECONDS = 420;
const STEP_OVERHEAD_SECONDS = 60;
/**
 * A row's instances answer the first step's mix this long, unjudged, before the steps: a cold
 * instance's first requests (its pool's connections opening, code not yet optimised) took up to
 * 450 ms in the first 0.4 s, which alone decided a step's p99 for the rarer kinds (docs/decisions/0145-how-many-players-one-instance-serves.md).
 */
const WARM_UP_SECONDS = 10;
/** Both instances' public address, as behind one proxy: the sign-up's origin check compares with it. */
const PUBLIC_URL = 'http://outpost.localhost';
const NO_POSTGRES = 'skipped (no BENCH_DATABASE_URL)';

type RowKey = 'sqlite' | 'postgres-one' | 'postgres-two';
interface Row {
  key: RowKey;
  dialect: Dialect;
  instances: 1 | 2;
  target: TargetSpec;
}

const requirement = `>= ${PLAYERS_BAR.toLocaleString('en-US')} players (every kind p99 <= ${P99_BAR_MS} ms, no error)`;
const ROWS: readonly Row[] = [
  {
    key: 'sqlite',
    dialect: 'sqlite',
    instances: 1,
    target: { name: 'one 2-core instance serves N players at launch, SQLite', requirement },
  },
  {
    key: 'postgres-one',
    dialect: 'postgres',
    instances: 1,
    target: { name: 'one 2-core instance serves N players at launch, PostgreSQL', requirement },
  },
  {
    key: 'postgres-two',
    dialect: 'postgres',
    instances: 2,
    target: { name: 'two instances on 2 cores serve N players at launch, one PostgreSQL', requirement },
  },
];
export const CAPACITY_TARGET_SPECS: readonly TargetSpec[] = ROWS.map((row) => row.target);

/** CPU over a step, each as % of one core (a busy 2-core machine is 200 %). */
export interface StepCpu {
  instances: number[];
  generator: number;
  /** PostgreSQL's processes serving the row's database; undefined on SQLite. */
  postgres: number | undefined;
  machine: number;
  /** The instances' and PostgreSQL's CPU time per request answered, in ms: barely moved by other work on the machine. */
  serverMsPerRequest: number;
}

export interface CapacityStep extends StepFigures {
  cpu: StepCpu;
  /** Error lines the instances logged during the step. */
  serverErrors: number;
  /** The 1-minute load average at the step's end. */
  load: number;
  /** Why the step was not held; undefined when it was. */
  notHeld?: string;
  /** The kind with the highest p99 (the limit when it passes the bar). */
  slowest: { kind: string; p99Ms: number };
}

/** The run at the first step's players before the steps (WARM_UP_SECONDS): its latencies not judged, the rest as a step's. */
export interface WarmUp extends StepFigures {
  /** What went wrong besides latency (an error, a failed or dropped stream, an error logged), which ends the row. */
  notHeld?: string;
}

export interface CapacityRow {
  key: RowKey;
  label: string;
  instances: number;
  warmUp: WarmUp;
  /** The most players a step held; 0 when the first step was not held. */
  held: number;
  steps: CapacityStep[];
  /** What ended the row. */
  limit: string;
  checkouts: CheckoutAudit;
}

export interface CapacityReport {
  stepSeconds: number;
  steps: readonly number[];
  rows: CapacityRow[];
  skipped: { label: string; reason: string }[];
  targets: TargetResult[];
}

/** Upper bound of runCapacityBench's duration in seconds, for the bench's overall time limit. */
export function capacityBenchSeconds(options: BenchOptions): number {
  const { steps, stepSeconds } = capacitySettings(process.env);
  const rows = options.databaseUrl ? ROWS.length : 1;
  return (
    rows *
    (SETUP_SECONDS + WARM_UP_SECONDS + STEP_OVERHEAD_SECONDS + steps.length * (stepSeconds + STEP_OVERHEAD_SECONDS))
  );
}

const PLAYERS = fileURLToPath(new URL('./players.ts', import.meta.url));
const CPU_PROFILER = fileURLToPath(new URL('./cpu-profile.mjs', import.meta.url));

/** The stores the row's instances share, and what the instances are started with. */
interface RowStores {
  stores: AppStores;
  /** Environment of instance `name`. */
  env(name: string): Record<string, string>;
  /** PostgreSQL's database name, which picks its processes out of /proc. */
  database?: string;
}

async function openRowStores(row: Row, setting: Setting, databaseUrl: string | undefined): Promise<RowStores> {
  if (row.dialect === 'sqlite') {
    const stores = await openBenchStores(setting, 'main');
    return { stores, env: () => ({ DATA_DIR: path.join(setting.dataDir, 'main') }) };
  }
  if (!databaseUrl) throw new Error('A PostgreSQL row without a database URL.');
  // A database of its own, copied from the tests' migrated template: its name picks PostgreSQL's processes out of /proc.
  const database = await createTestDatabase(databaseUrl);
  dropAtTheEnd(setting, database.drop);
  const stores = await openAppStores({ dataDir: setting.dataDir, databaseUrl: database.url, poolSize: 2 });
  setting.cleanups.add(() => stores.close());
  return {
    stores,
    env: (name) => ({ DATABASE_URL: database.url, DATA_DIR: path.join(setting.dataDir, name) }),
    database: databaseNameOf(database.url),
  };
}

/** The step's CPU, with the instances' and PostgreSQL's time per request answered. */
function stepCpu(usage: SideUsage, postgres: boolean): StepCpu {
  const { instances, generator, machine } = usage.cpuPercent;
  // On SQLite no database names PostgreSQL's processes: whatever the meter saw there is others' work.
  const database = postgres ? usage.cpuPercent.postgres : undefined;
  const serverPercent = instances.reduce((sum, percent) => sum + percent, database ?? 0);
  return {
    instances,
    generator,
    postgres: database,
    machine,
    serverMsPerRequest: ((serverPercent / 100) * usage.seconds * 1000) / Math.max(usage.requests, 1),
  };
}

/**
 * Why a step was not held, or undefined when it was. The warm-up is judged on everything but its
 * latencies (`latency: false`): what goes wrong while the instances warm up still ends the row.
 */
function judge(figures: StepFigures, serverErrors: number, { latency } = { latency: true }): string | undefined {
  const problems: string[] = [];
  for (const kind of figures.kinds) {
    if (latency && kind.p99Ms > P99_BAR_MS) problems.push(`${kind.kind} p99 ${kind.p99Ms.toFixed(0)} ms`);
    if (kind.errors > 0) problems.push(`${kind.kind}: ${kind.errors} errors (${kind.firstErrors.join('; ')})`);
  }
  const { streams } = figures;
  if (streams.failed > 0) problems.push(`${streams.failed} streams failed to open`);
  if (streams.dropped > 0) problems.push(`${streams.dropped} streams dropped`);
  if (serverErrors > 0) problems.push(`the server logged ${serverErrors} errors`);
  if (problems.length === 0) return undefined;
  // Latencies count from the scheduled instant: a starved players' process adds its own delay to them.
  const late =
    figures.lateP99Ms > LATE_NOTE_MS
      ? ` (the players' process itself sent late, p99 ${figures.lateP99Ms.toFixed(0)} ms: the machine is short of CPU, not only the server)`
      : '';
  return `${problems.join(', ')}${late}`;
}

const serverErrorLines = (instances: readonly ServerInstance[]) =>
  instances.reduce((sum, instance) => sum + instance.warnings().filter((line) => (line.level ?? 0) >= 50).length, 0);

function describeStep(step: CapacityStep): string {
  const server = step.cpu.instances.map((percent) => `${percent.toFixed(0)} %`).join(' + ');
  return (
    `${step.notHeld ? 'NOT held' : 'held'}; slowest ${step.slowest.kind} p99 ${step.slowest.p99Ms.toFixed(1)} ms; ` +
    `${step.streams.open.toLocaleString('en-US')} streams; CPU server ${server}, players ${step.cpu.generator.toFixed(0)} %` +
    `${step.cpu.postgres === undefined ? '' : `, PostgreSQL ${step.cpu.postgres.toFixed(0)} %`}, machine ${step.cpu.machine.toFixed(0)} %; ` +
    `${step.cpu.serverMsPerRequest.toFixed(2)} ms server CPU per request; sent late p99 ${step.lateP99Ms.toFixed(1)} ms; load ${step.load.toFixed(2)}` +
    (step.notHeld ? `\n    ${step.notHeld}` : '')
  );
}

/**
 * Asks the players' process for a step of `players` for `seconds`: resolves once its measured time
 * has started, with its figures to come (rejected with the process's own reason if it fails).
 */
async function startStep(
  child: BenchChild<PlayersRequest, PlayersMessage>,
  failure: Promise<never>,
  players: number,
  seconds: number,
): Promise<{ done: Promise<StepFigures> }> {
  const done = child.next('step-done');
  // Rejected when the process stops; the races below report why (its 'failed' message) instead.
  done.catch(() => {});
  await Promise.race([child.ask({ kind: 'step', players, seconds }, 'step-started'), failure]);
  return { done: Promise.race([done, failure]).then((message) => message.figures) };
}

/** The kind with the highest p99 of a step or the warm-up. */
const slowestKind = (figures: StepFigures) =>
  figures.kinds.reduce((worst, kind) => (kind.p99Ms > worst.p99Ms ? kind : worst));

export function describeWarmUp(warmUp: WarmUp): string {
  const slowest = slowestKind(warmUp);
  return (
    `slowest ${slowest.kind} p99 ${slowest.p99Ms.toFixed(1)} ms (max ${slowest.maxMs.toFixed(0)} ms); ` +
    `${warmUp.streams.open.toLocaleString('en-US')} streams; sent late p99 ${warmUp.lateP99Ms.toFixed(1)} ms; ` +
    (warmUp.notHeld ? `went wrong: ${warmUp.notHeld}` : 'nothing went wrong')
  );
}

/** One row: its stores seeded, its instances started, the players signed in, then the steps until one is not held. */
async function runRow(row: Row, webDist: string, databaseUrl: string | undefined, settings: CapacitySettings) {
  const maxPlayers = settings.steps.at(-1) ?? 0;
  checkDescriptors(maxPlayers, row.instances);
  // The SQLite row keeps its stores in files even when a PostgreSQL URL is given for the others.
  const setting = newSetting(webDist, row.dialect === 'sqlite' ? undefined : databaseUrl);
  const instances: ServerInstance[] = [];
  let players: BenchChild<PlayersRequest, PlayersMessage> | undefined;
  try {
    const rowStores = await openRowStores(row, setting, databaseUrl);
    const { stores } = rowStores;
    const setupFrom = performance.now();
    process.stdout.write(`  ${row.target.name}: seeding ...`);
    await seedLaunch(stores, row.dialect);
    const debugToken = randomBytes(16).toString('hex');
    const authSecret = randomBytes(32).toString('hex');
    const ingestKey = randomBytes(24).toString('hex');
    const names = row.instances === 1 ? ['A'] : ['A', 'B'];
    const started = await Promise.allSettled(
      names.map((name) =>
        startServerInstance(name, {
          ...rowStores.env(name),
          // One secret for all, as a deployment shares it: sessions and attestation tokens work on each.
          AUTH_SECRET: authSecret,
          ATTESTATION_MODE: 'enforce',
          ATTESTATION_DEBUG_TOKENS: debugToken,
          PUBLIC_URL,
          // Behind one proxy: each player's own address (X-Forwarded-For) is what per-address limits count.
          TRUST_PROXY: '1',
          INGEST_DEVELOPMENT_KEY: ingestKey,
          SEED_DEMO_DATA: 'false',
          WEB_DIST: webDist,
          ...(settings.cpuProfileDir
            ? {
                NODE_OPTIONS: `--import=${CPU_PROFILER}`,
                CAPACITY_CPU_PROFILE_DIR: path.resolve(settings.cpuProfileDir, row.key),
              }
            : {}),
        }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const [first] = instances as [ServerInstance];
    process.stdout.write(` signing in ${maxPlayers.toLocaleString('en-US')} players ...`);
    const bearers = await signInPlayers(first.origin, PUBLIC_URL, stores, maxPlayers);
    const attestationToken = await exchangeAttestation(first.origin, debugToken);
    process.stdout.write(` ready in ${((performance.now() - setupFrom) / 1000).toFixed(0)} s\n`);

    players = forkBenchChild<PlayersRequest, PlayersMessage>(PLAYERS, 'capacity players');
    const child = players;
    const failure = child.next('failed').then((message) => {
      throw new Error(`The players' process failed: ${message.error}`);
    });
    failure.catch(() => {});
    await Promise.race([
      child.ask(
        {
          kind: 'setup',
          setup: {
            origins: instances.map((instance) => instance.origin),
            bearers,
            attestationToken,
            ingestKey,
            codes: LAUNCH_CODES,
          },
        },
        'ready',
      ),
      failure,
    ]);

    const warmUpPlayers = settings.steps[0] ?? 0;
    process.stdout.write(
      `    warm-up, ${warmUpPlayers.toLocaleString('en-US')} players, ${WARM_UP_SECONDS} s (latencies not judged): `,
    );
    const warmUpErrorsBefore = serverErrorLines(instances);
    const warmUpFigures = await (await startStep(child, failure, warmUpPlayers, WARM_UP_SECONDS)).done;
    const warmUpNotHeld = judge(warmUpFigures, serverErrorLines(instances) - warmUpErrorsBefore, { latency: false });
    const warmUp: WarmUp = { ...warmUpFigures, ...(warmUpNotHeld === undefined ? {} : { notHeld: warmUpNotHeld }) };
    process.stdout.write(`${describeWarmUp(warmUp)}\n`);

    const steps: CapacityStep[] = [];
    let held = 0;
    let limit = warmUp.notHeld
      ? `in the warm-up at ${warmUpPlayers.toLocaleString('en-US')} players: ${warmUp.notHeld}`
      : `not reached: ${maxPlayers.toLocaleString('en-US')} players held (the last step)`;
    for (const count of warmUp.notHeld ? [] : settings.steps) {
      process.stdout.write(`    ${count.toLocaleString('en-US')} players, ${settings.stepSeconds} s: `);
      // Counted from before the step's streams open: an error logged while they open or settle is the step's.
      const errorsBefore = serverErrorLines(instances);
      const { done } = await startStep(child, failure, count, settings.stepSeconds);
      // cpu-profile.mjs: the first signal starts a profile of the step, the second writes it.
      const profile = () => {
        if (settings.cpuProfileDir) for (const instance of instances) process.kill(instance.pid, 'SIGUSR2');
      };
      profile();
      const meter = processMeter(
        instances.map((instance) => instance.pid),
        rowStores.database ?? '',
      );
      meter.start(child.child);
      const figures = await done;
      const requests = figures.kinds.reduce((sum, kind) => sum + kind.requests, 0);
      meter.end('subject', requests);
      profile();
      const cpu = stepCpu(meter.reading().subject, row.dialect === 'postgres');
      const serverErrors = serverErrorLines(instances) - errorsBefore;
      const slowest = slowestKind(figures);
      const notHeld = judge(figures, serverErrors);
      const step: CapacityStep = {
        ...figures,
        cpu,
        serverErrors,
        load: os.loadavg()[0] ?? Number.NaN,
        slowest: { kind: slowest.kind, p99Ms: slowest.p99Ms },
        ...(notHeld === undefined ? {} : { notHeld }),
      };
      steps.push(step);
      process.stdout.write(`${describeStep(step)}\n`);
      if (step.notHeld) {
        limit = `at ${count.toLocaleString('en-US')} players: ${step.notHeld}`;
        break;
      }
      held = count;
    }
    const checkouts = await auditCheckouts(stores.game.development, DROP_UNITS);
    const result: CapacityRow = {
      key: row.key,
      label: row.target.name,
      instances: row.instances,
      warmUp,
      held,
      steps,
      limit,
      checkouts,
    };
    return result;
  } finally {
    if (players?.child.connected) players.child.send({ kind: 'close' } satisfies PlayersRequest);
    await Promise.allSettled(instances.map((instance) => instance.stop()));
    await setting.cleanups.run();
  }
}

function rowTarget(row: Row, result: CapacityRow): TargetResult {
  const last = result.steps.findLast((step) => step.notHeld === undefined);
  const cpu = last
    ? `; at ${result.held.toLocaleString('en-US')}: server ${last.cpu.instances.map((percent) => `${percent.toFixed(0)} %`).join(' + ')} CPU, players ${last.cpu.generator.toFixed(0)} %` +
      `${last.cpu.postgres === undefined ? '' : `, PostgreSQL ${last.cpu.postgres.toFixed(0)} %`}, load ${last.load.toFixed(2)}`
    : '';
  return decided(
    row.target.name,
    row.target.requirement,
    result.held >= PLAYERS_BAR,
    `${result.held.toLocaleString('en-US')} players held${cpu}; limit ${result.limit}`,
    result.held,
    PLAYERS_BAR,
  );
}

export async function runCapacityBench(webDist: string, options: BenchOptions): Promise<CapacityReport> {
  const settings = capacitySettings(process.env);
  const rows: CapacityRow[] = [];
  const skipped: CapacityReport['skipped'] = [];
  const targets: TargetResult[] = [];
  for (const row of ROWS) {
    if (row.dialect === 'postgres' && !options.databaseUrl) {
      skipped.push({ label: row.target.name, reason: NO_POSTGRES });
      targets.push(unmeasured(row.target, NO_POSTGRES));
      continue;
    }
    const result = await runRow(row, webDist, options.databaseUrl, settings);
    rows.push(result);
    targets.push(rowTarget(row, result));
  }
  return { stepSeconds: settings.stepSeconds, steps: settings.steps, rows, skipped, targets };
}
