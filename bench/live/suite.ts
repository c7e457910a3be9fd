import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { ATTESTATION_HEADER } from '@outpost/contracts/attestation';
import { ENVIRONMENTS } from '@outpost/contracts/environments';
import { installChangeTriggers } from '../../apps/server/src/platform/changes/triggers';
import { seedDemoData } from '../../apps/server/src/seed';
import { forkBenchChild } from '../child-process';
import { benchConfig, exchangeAttestation, newSetting, openBenchStores, startApp } from '../http/app-target';
import { runPairs } from '../http/load';
import { describeFailures, type Failures, failureCount } from '../http/load-spec';
import { BENCH_MACHINE_ID, seedSpinner } from '../http/seed';
import type { BenchOptions, Section } from '../options';
import { decided, median, type TargetResult, type TargetSpec, unmeasured } from '../targets';
import { startClientFleet } from './client-fleet';
import { type Delivery, deliveryOf } from './delivery';
import { type InstancesDelivery, measureAcrossInstances } from './instances';
import type { FloorMessage, FloorRequest } from './node-http-floor';
import { growthPerStream, type StreamMemory, settledMemory } from './settled-memory';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/*
 * The live listeners' bench (docs/decisions/0039-live-streams-at-scale.md): CLIENTS server-sent-event streams on one
 * instance following one topic, a change fanned out to all of them (delivery time from the write to each stream's
 * receipt, p99), the server's memory per idle stream, what the change feed costs a write (spins through the whole
 * app with the feed's triggers against the same app without them), and, on PostgreSQL, how far apart two
 * instances' streams get the same change (instances.ts).
 */

const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 50_000);
const INSTANCE_CLIENTS = Number(process.env.BENCH_LIVE_INSTANCE_CLIENTS ?? 10_000);
const ROUNDS = 5;
const DELIVERY_BAR_MS = 500;
const MEMORY_BAR_BYTES = 10 * 1024;
const INSTANCES_GAP_BAR_MS = 50;
const WRITE_COST_BAR = 0.8;
const TARGET_SLICE_SECONDS = 2;
/** The server's own files besides its streams (stores, logs, the web app's files, pipes), with room to spare. */
const SERVER_FILES = 1_000;
const NO_POSTGRES = 'skipped (no BENCH_DATABASE_URL)';

const count = CLIENTS.toLocaleString('en-US');
export const LIVE_TARGETS = {
  delivery: {
    name: `a change fanned out to ${count} SSE streams on one instance, SQLite`,
    requirement: `p99 <= ${DELIVERY_BAR_MS} ms`,
  },
  memory: { name: 'server memory per idle SSE stream', requirement: `<= ${MEMORY_BAR_BYTES / 1024} KB` },
  instances: {
    name: `a change to ${INSTANCE_CLIENTS.toLocaleString('en-US')} SSE streams on each of two instances, PostgreSQL`,
    requirement: `the two p99 within ${INSTANCES_GAP_BAR_MS} ms`,
  },
  writeCost: {
    name: 'spin-machine with the change feed, over without it, SQLite',
    requirement: `>= ${WRITE_COST_BAR} x without`,
  },
} as const satisfies Record<string, TargetSpec>;
export const LIVE_TARGET_SPECS: readonly TargetSpec[] = Object.values(LIVE_TARGETS);

export interface LiveReport {
  /** `asked`: the streams the bar names; `limit`: the process's open-file limit where it held `open` below them. */
  streams: { asked: number; open: number; failed: number; openFileLimit: number };
  delivery: Delivery;
  /** The app's memory per idle stream, and that of Node's own HTTP server holding as many (`nodeHttpFloor`). */
  memory: StreamMemory & { bytesPerStream: number; nodeHttpFloor: StreamMemory };
  instances?: InstancesDelivery;
  instancesSkipped?: string;
  writeCost: { ratio: number; pairRatios: number[]; failures: Failures };
  targets: TargetResult[];
}

/** Upper bound of runLiveBench's duration in seconds, for the bench's overall time limit. */
export function liveBenchSeconds(options: BenchOptions): number {
  return (
    300 +
    (options.databaseUrl ? 240 : 0) +
    2 * options.targetPairs * (TARGET_SLICE_SECONDS + 1) +
    4 * options.warmupSeconds
  );
}

/** The sections a run goes through before this one that run an app in the bench's own process. */
const SECTIONS_BEFORE_LIVE: readonly Section[] = ['lighthouse', 'http', 'search'];

/** Node's own HTTP server's memory per idle stream, and how many of the streams asked it held. */
interface NodeHttpFloor {
  memory: StreamMemory;
  open: number;
  failed: number;
}

/**
 * Node's own HTTP server holding `streams` idle streams, in a new process of its own
 * (node-http-floor.ts): what a stream costs before the app adds anything, read as the app's are.
 */
async function measureNodeHttpFloor(streams: number): Promise<NodeHttpFloor> {
  const floor = forkBenchChild<FloorRequest, FloorMessage>(
    fileURLToPath(new URL('./node-http-floor.ts', import.meta.url)),
    "Node's HTTP server",
  );
  const exited = once(floor.child, 'exit');
  // A child that fails to start rejects this before the finally awaits it, and throws there.
  exited.catch(() => undefined);
  try {
    const { port } = await floor.ask({ kind: 'listen' }, 'listening');
    const before = await floor.ask({ kind: 'measure' }, 'memory');
    const clients = startClientFleet(streams);
    try {
      const connected = await clients.connect({ host: '127.0.0.1', port, path: '/api/live?topics=credit-packs' });
      const after = await floor.ask({ kind: 'measure' }, 'memory');
      return { memory: growthPerStream(before.usage, after.usage, connected.open), ...connected };
    } finally {
      clients.close();
    }
  } finally {
    // Gone before the app's streams open: its teardown is not the app's to share the cores with.
    floor.child.kill();
    await exited;
  }
}

/**
 * How many files this process may hold open (its soft limit, from Linux's /proc): each stream is
 * one. A container may hold it below what the bar asks, and only a process allowed to raise its
 * limits (CAP_SYS_RESOURCE) can go past the hard one; Infinity where it cannot be read.
 */
function openFileLimit(): number {
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((one) => one.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

const kbOf = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const growthText = (memory: StreamMemory) =>
  `RSS grew ${kbOf(memory.rssBytesPerStream)}, the JavaScript heap and buffers ${kbOf(memory.heapBytesPerStream)}`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const deliveryText = (delivery: Delivery) =>
  `p99 ${ms(delivery.p99Ms)} (p50 ${delivery.p50Ms.toFixed(1)}, max ${delivery.maxMs.toFixed(1)})`;

export async function runLiveBench(webDist: string, options: BenchOptions): Promise<LiveReport> {
  const setting = newSetting(webDist, undefined);
  try {
    const stores = await openBenchStores(setting, 'live');
    await seedDemoData(stores, 'development');
    const debugToken = randomBytes(16).toString('hex');
    const config = benchConfig(setting, debugToken);
    const origin = await startApp(setting, { config, stores });
    const { hostname, port } = new URL(origin);
    const pack = await stores.game.development.selectFrom('credit_packs').select('pack_id').executeTakeFirstOrThrow();

    // Streams and memory: as many as the bar names, or as the process may hold open.
    const limit = openFileLimit();
    const streams = Math.min(CLIENTS, limit - SERVER_FILES);
    process.stdout.write(`  Node's own HTTP server holding ${streams.toLocaleString('en-US')} streams ...`);
    const floor = await measureNodeHttpFloor(streams);
    const nodeHttpFloor = floor.memory;
    process.stdout.write(` ${floor.open} open (${floor.failed} failed); ${growthText(nodeHttpFloor)} a stream\n`);
    const before = await settledMemory();
    const clients = startClientFleet(streams);
    process.stdout.write(`  ${streams.toLocaleString('en-US')} streams following credit-packs ...`);
    const connected = await clients.connect({
      host: hostname,
      port: Number(port),
      path: '/api/live?topics=credit-packs',
    });
    const after = await settledMemory();
    const growth = growthPerStream(before, after, connected.open);
    // RSS may reuse what was freed before, so the figure is the larger of it and the heap's growth.
    const memory = {
      bytesPerStream: Math.max(growth.rssBytesPerStream, growth.heapBytesPerStream),
      ...growth,
      nodeHttpFloor,
    };
    process.stdout.write(
      ` ${connected.open} open (${connected.failed} failed); ${kbOf(memory.bytesPerStream)} each (${growthText(memory)})\n`,
    );

    // Delivery: a change, and when each stream has it.
    const latencies: (number | null)[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const received = await clients.expect('credit-packs', 10_000);
      const written = performance.timeOrigin + performance.now();
      await stores.game.development
        .updateTable('credit_packs')
        .set({ updated_at: new Date().toISOString() })
        .where('pack_id', '=', pack.pack_id)
        .execute();
      for (const time of await received()) latencies.push(time === null ? null : time - written);
    }
    clients.close();
    const delivery = deliveryOf(latencies, ROUNDS);
    process.stdout.write(
      `  delivery over ${ROUNDS} changes: p50 ${ms(delivery.p50Ms)}, p99 ${ms(delivery.p99Ms)}, max ${ms(delivery.maxMs)}, ${delivery.missed} missed\n`,
    );

    // Two instances on PostgreSQL.
    let instances: InstancesDelivery | undefined;
    if (options.databaseUrl) {
      process.stdout.write(
        `  two instances on PostgreSQL, ${INSTANCE_CLIENTS.toLocaleString('en-US')} streams each ...`,
      );
      instances = await measureAcrossInstances(webDist, options.databaseUrl, INSTANCE_CLIENTS, ROUNDS);
      process.stdout.write(
        ` ${instances.instances.map((one) => `${one.name} ${deliveryText(one.delivery)}`).join('; ')}\n`,
      );
    }

    // What the feed costs a write: the same app without the triggers.
    const bare = await openBenchStores(setting, 'nofeed');
    await seedDemoData(bare, 'development');
    await installChangeTriggers(bare.identity, 'identity', []);
    for (const environment of ENVIRONMENTS) await installChangeTriggers(bare.game[environment], environment, []);
    const bareOrigin = await startApp(setting, { config, stores: bare });
    const spinPlan = async (at: string, game: typeof stores.game.development) => ({
      kind: 'fixed' as const,
      method: 'GET' as const,
      path: `/api/fn/spin-machine?machineID=${BENCH_MACHINE_ID}`,
      headers: {
        [ATTESTATION_HEADER]: await exchangeAttestation(at, debugToken),
        authorization: await seedSpinner(at, config.publicUrl, game),
      },
    });
    process.stdout.write(`  spins with the feed over without: ${options.targetPairs} pairs ...`);
    const pairs = await runPairs({
      name: 'change feed write cost',
      baseline: { origin: bareOrigin, plan: await spinPlan(bareOrigin, bare.game.development) },
      subject: { origin, plan: await spinPlan(origin, stores.game.development) },
      connections: options.connections,
      warmupSeconds: options.warmupSeconds,
      sliceSeconds: TARGET_SLICE_SECONDS,
      pairs: options.targetPairs,
    });
    const pairRatios = pairs.pairs.map((pair) => pair.subject / pair.baseline);
    const writeCost = { ratio: median(pairRatios), pairRatios, failures: pairs.failures };
    process.stdout.write(` ${pairRatios.map((value) => value.toFixed(2)).join(' ')}\n`);

    const streamsText = `${connected.open.toLocaleString('en-US')} streams`;
    const heldBelow =
      streams < CLIENTS
        ? `; only ${streams.toLocaleString('en-US')} of ${count} asked: this process may hold ${limit.toLocaleString('en-US')} files open (its open-file limit), one per stream`
        : '';
    const deliveryFailures =
      delivery.missed > 0 || connected.failed > 0
        ? `; ${delivery.missed} deliveries missed, ${connected.failed} streams failed`
        : '';
    const instancesFigure = (measured: InstancesDelivery) =>
      `${ms(measured.gapMs)} apart: ${measured.instances.map((one) => `${one.name} ${deliveryText(one.delivery)}`).join(', ')} over ${ROUNDS} changes` +
      (measured.failed > 0 || measured.instances.some((one) => one.delivery.missed > 0)
        ? `; ${measured.failed} streams failed, ${sum(measured.instances.map((one) => one.delivery.missed))} deliveries missed`
        : '') +
      `; the first stream had it after ${measured.instances.map((one) => `${one.name} ${ms(one.firstMs)}`).join(', ')} (medians),` +
      ' then each instance wrote to its streams:' +
      ` CPU over the rounds ${measured.instances.map((one) => `${one.name} ${one.cpuSeconds.toFixed(1)} s`).join(', ')},` +
      ` the machine ${measured.machineBusyCores.toFixed(1)} of ${os.availableParallelism()} cores busy`;
    // The sections that ran apps in this process before this one: what they freed, RSS reuses.
    const ranFirst = options.sections.filter((section) => SECTIONS_BEFORE_LIVE.includes(section));
    const targets = [
      decided(
        LIVE_TARGETS.delivery.name,
        LIVE_TARGETS.delivery.requirement,
        delivery.p99Ms <= DELIVERY_BAR_MS &&
          delivery.missed === 0 &&
          connected.failed === 0 &&
          connected.open === CLIENTS,
        `${deliveryText(delivery)} over ${ROUNDS} changes to ${streamsText}${deliveryFailures}${heldBelow}`,
        delivery.p99Ms,
        DELIVERY_BAR_MS,
      ),
      // The heap's growth is no one's reuse: past the bar on its own, the row fails whatever ran first.
      ranFirst.length > 0 && memory.heapBytesPerStream <= MEMORY_BAR_BYTES
        ? unmeasured(
            LIVE_TARGETS.memory,
            `not measured: ${ranFirst.join(', ')} ran first in this process, whose RSS reuses what they freed ` +
              `(it grew ${kbOf(memory.rssBytesPerStream)} a stream, the heap ${kbOf(memory.heapBytesPerStream)}; ` +
              `Node's own HTTP server in a new process: ${growthText(nodeHttpFloor)}); ` +
              '`npm run bench -- live` measures it',
          )
        : decided(
            LIVE_TARGETS.memory.name,
            LIVE_TARGETS.memory.requirement,
            memory.bytesPerStream <= MEMORY_BAR_BYTES,
            `${kbOf(memory.bytesPerStream)} per stream (${growthText(memory)}), over ${streamsText} idle; ` +
              `Node's own HTTP server holding ${floor.open.toLocaleString('en-US')}, in a new process of its own: ${growthText(nodeHttpFloor)}`,
            memory.bytesPerStream,
            MEMORY_BAR_BYTES,
          ),
      instances
        ? decided(
            LIVE_TARGETS.instances.name,
            LIVE_TARGETS.instances.requirement,
            instances.gapMs <= INSTANCES_GAP_BAR_MS &&
              instances.failed === 0 &&
              instances.instances.every((one) => one.delivery.missed === 0),
            instancesFigure(instances),
            instances.gapMs,
            INSTANCES_GAP_BAR_MS,
          )
        : unmeasured(LIVE_TARGETS.instances, NO_POSTGRES),
      decided(
        LIVE_TARGETS.writeCost.name,
        LIVE_TARGETS.writeCost.requirement,
        writeCost.ratio >= WRITE_COST_BAR && failureCount(writeCost.failures) === 0,
        `${writeCost.ratio.toFixed(2)} (median of back-to-back pairs ${pairRatios.map((value) => value.toFixed(2)).join(' ')})` +
          (failureCount(writeCost.failures) > 0 ? `, failed requests: ${describeFailures(writeCost.failures)}` : ''),
        writeCost.ratio,
        WRITE_COST_BAR,
      ),
    ];
    return {
      streams: { asked: CLIENTS, open: connected.open, failed: connected.failed, openFileLimit: limit },
      delivery,
      memory,
      instances,
      instancesSkipped: instances ? undefined : NO_POSTGRES,
      writeCost,
      targets,
    };
  } finally {
    await setting.cleanups.run();
  }
}
