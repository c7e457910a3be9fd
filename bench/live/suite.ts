import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { ATTESTATION_HEADER } from '@outpost/contracts/attestation';
import { ENVIRONMENTS } from '@outpost/contracts/environments';
import { installChangeTriggers } from '../../apps/server/src/platform/changes/triggers';
import { seedDemoData } from '../../apps/server/src/seed';
import { forkBenchChild } from '../child-process';
import { benchConfig, exchangeAttestation, newSetting, openBenchStores, startApp } from '../http/app-target';
import { runPairs } from '../http/load';
import { BENCH_MACHINE_ID, seedSpinner } from '../http/seed';
import type { BenchOptions } from '../options';
import { decided, median, type TargetResult, type TargetSpec } from '../targets';
import type { ClientMessage, ClientRequest } from './clients';

/*
 * The live listeners' bench (docs/decisions/0039-live-streams-at-scale.md): 10,000 server-sent-event streams on one
 * instance following one topic, a change fanned out to all of them (delivery time from the write to each stream's
 * receipt, p99), the server's memory per idle stream, and what the change feed costs a write
 * (spins through the whole app with the feed's triggers against the same app without them).
 */

const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 10_000);
const ROUNDS = 5;
const DELIVERY_BAR_MS = 250;
const MEMORY_BAR_BYTES = 20 * 1024;
const WRITE_COST_BAR = 0.8;
const TARGET_SLICE_SECONDS = 2;

const count = CLIENTS.toLocaleString('en-US');
export const LIVE_TARGETS = {
  delivery: {
    name: `a change fanned out to ${count} SSE streams on one instance, SQLite`,
    requirement: `p99 <= ${DELIVERY_BAR_MS} ms`,
  },
  memory: { name: 'server memory per idle SSE stream', requirement: `<= ${MEMORY_BAR_BYTES / 1024} KB` },
  writeCost: {
    name: 'spin-machine with the change feed, over without it, SQLite',
    requirement: `>= ${WRITE_COST_BAR} x without`,
  },
} as const satisfies Record<string, TargetSpec>;
export const LIVE_TARGET_SPECS: readonly TargetSpec[] = Object.values(LIVE_TARGETS);

export interface LiveReport {
  streams: { open: number; failed: number };
  delivery: { p50Ms: number; p99Ms: number; maxMs: number; missed: number; rounds: number };
  memory: { bytesPerStream: number; rssBytesPerStream: number; heapBytesPerStream: number };
  writeCost: { ratio: number; pairRatios: number[]; failures: number };
  targets: TargetResult[];
}

/** Upper bound of runLiveBench's duration in seconds, for the bench's overall time limit. */
export function liveBenchSeconds(options: BenchOptions): number {
  return 120 + 2 * options.targetPairs * (TARGET_SLICE_SECONDS + 1) + 4 * options.warmupSeconds;
}

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

async function settledMemory(): Promise<NodeJS.MemoryUsage> {
  for (let round = 0; round < 3; round += 1) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return process.memoryUsage();
}

/** The clients' process, and a way to ask it one thing at a time. */
function startClients() {
  return forkBenchChild<ClientRequest, ClientMessage>(
    fileURLToPath(new URL('./clients.ts', import.meta.url)),
    'live bench clients',
  );
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

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

    // Streams and memory.
    const before = await settledMemory();
    const clients = startClients();
    process.stdout.write(`  ${count} streams following credit-packs ...`);
    const connected = await clients.ask(
      { kind: 'connect', host: hostname, port: Number(port), path: '/api/live?topics=credit-packs', count: CLIENTS },
      'connected',
    );
    const after = await settledMemory();
    const open = Math.max(connected.open, 1);
    // RSS may reuse what was freed before, so the figure is the larger of it and the heap's growth.
    const heap = (after.heapUsed + after.external - before.heapUsed - before.external) / open;
    const memory = {
      bytesPerStream: Math.max((after.rss - before.rss) / open, heap),
      rssBytesPerStream: (after.rss - before.rss) / open,
      heapBytesPerStream: heap,
    };
    process.stdout.write(
      ` ${connected.open} open (${connected.failed} failed); ${(memory.bytesPerStream / 1024).toFixed(1)} KB each\n`,
    );

    // Delivery: a change, and when each stream has it.
    const latencies: number[] = [];
    let missed = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const received = clients.next('received');
      await clients.ask({ kind: 'expect', event: 'credit-packs', timeoutMs: 10_000 }, 'expecting');
      const written = performance.timeOrigin + performance.now();
      await stores.game.development
        .updateTable('credit_packs')
        .set({ updated_at: new Date().toISOString() })
        .where('pack_id', '=', pack.pack_id)
        .execute();
      const { at } = await received;
      for (const time of at) {
        if (time === null) missed += 1;
        else latencies.push(time - written);
      }
    }
    clients.child.send({ kind: 'close' } satisfies ClientRequest);
    latencies.sort((a, b) => a - b);
    const delivery = {
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      maxMs: latencies.at(-1) ?? Number.NaN,
      missed,
      rounds: ROUNDS,
    };
    process.stdout.write(
      `  delivery over ${ROUNDS} changes: p50 ${delivery.p50Ms.toFixed(1)} ms, p99 ${delivery.p99Ms.toFixed(1)} ms, max ${delivery.maxMs.toFixed(1)} ms, ${missed} missed\n`,
    );

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

    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const targets = [
      decided(
        LIVE_TARGETS.delivery.name,
        LIVE_TARGETS.delivery.requirement,
        delivery.p99Ms <= DELIVERY_BAR_MS && missed === 0 && connected.failed === 0,
        `p99 ${delivery.p99Ms.toFixed(1)} ms (p50 ${delivery.p50Ms.toFixed(1)}, max ${delivery.maxMs.toFixed(1)}) over ${ROUNDS} changes to ${connected.open} streams` +
          (missed > 0 || connected.failed > 0
            ? `; ${missed} deliveries missed, ${connected.failed} streams failed`
            : ''),
        delivery.p99Ms,
        DELIVERY_BAR_MS,
      ),
      decided(
        LIVE_TARGETS.memory.name,
        LIVE_TARGETS.memory.requirement,
        memory.bytesPerStream <= MEMORY_BAR_BYTES,
        `${kb(memory.bytesPerStream)} per stream (RSS grew ${kb(memory.rssBytesPerStream)}, the JavaScript heap and buffers ${kb(memory.heapBytesPerStream)}), over ${connected.open} idle streams`,
        memory.bytesPerStream,
        MEMORY_BAR_BYTES,
      ),
      decided(
        LIVE_TARGETS.writeCost.name,
        LIVE_TARGETS.writeCost.requirement,
        writeCost.ratio >= WRITE_COST_BAR && writeCost.failures === 0,
        `${writeCost.ratio.toFixed(2)} (median of back-to-back pairs ${pairRatios.map((value) => value.toFixed(2)).join(' ')})` +
          (writeCost.failures > 0 ? `, ${writeCost.failures} failed requests` : ''),
        writeCost.ratio,
        WRITE_COST_BAR,
      ),
    ];
    return { streams: { open: connected.open, failed: connected.failed }, delivery, memory, writeCost, targets };
  } finally {
    await setting.cleanups.run();
  }
}
