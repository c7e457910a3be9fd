// `npm run bench`: runs the selected sections (options.ts), prints each figure with its ratio to
// a baseline measured in the same run, then one PASS/FAIL/SKIPPED line per target, and writes
// everything to bench-results/latest.json; a run of every section also writes docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_READS_TARGET_SPECS,
  type AdminReadsReport,
  adminReadsBenchSeconds,
  runAdminReadsBench,
} from './admin-reads/suite';
import { BENCHMARKS_PAGE, benchmarksPage } from './benchmarks-page';
import { FIRST_VISIT_BUDGET_GZIP_BYTES, type FirstVisitBundle, measureFirstVisitBundle } from './bundle/first-visit';
import { CAPACITY_TARGET_SPECS, type CapacityReport, capacityBenchSeconds, runCapacityBench } from './capacity/suite';
import { GAME_DATA_TARGET_SPECS, type GameDataReport, gameDataBenchSeconds, runGameDataBench } from './game-data/suite';
import { runIsStopping, type SiteTarget, startSiteTarget, stopRun, stopRunOnSignals } from './http/app-target';
import { HTTP_TARGET_SPECS, type HttpReport, httpBenchSeconds, runHttpBenches } from './http/suite';
import {
  INSTANCES_TARGET_SPECS,
  type InstancesReport,
  instancesBenchSeconds,
  runInstancesBench,
} from './instances/suite';
import {
  type FormFactorResult,
  LIGHTHOUSE_ROUNDS,
  LIGHTHOUSE_TARGETS,
  lighthouseTargets,
  runLighthouse,
} from './lighthouse/suite';
import { LIVE_TARGET_SPECS, type LiveReport, liveBenchSeconds, runLiveBench } from './live/suite';
import { fixedWorkMs } from './machine-speed';
import { type BenchOptions, parseOptions, type Section } from './options';
import { PUSH_TARGET_SPECS, type PushReport, pushBenchSeconds, runPushBench } from './push/suite';
import {
  REMOTE_CONFIG_TARGET_SPECS,
  type RemoteConfigReport,
  remoteConfigBenchSeconds,
  runRemoteConfigBench,
} from './remote-config/suite';
import {
  formatAdminReads,
  formatBundle,
  formatCapacity,
  formatGameData,
  formatHttp,
  formatInstances,
  formatLighthouse,
  formatLive,
  formatPush,
  formatRemoteConfig,
  formatSearch,
  formatSegments,
  formatTargets,
} from './report';
import { runSearchBench, SEARCH_TARGET_SPECS, type SearchReport, searchBenchSeconds } from './search/suite';
import { runSegmentsBench, SEGMENTS_TARGET_SPECS, type SegmentsReport, segmentsBenchSeconds } from './segments/suite';
import { decided, type TargetResult, type TargetSpec, unmeasured } from './targets';

interface BenchResults {
  startedAt: string;
  machine: {
    node: string;
    cpus: number;
    cpuModel: string;
    loadAverage: number[];
    /** The fixed work's time as the run starts and as it ends, in ms (machine-speed.ts). */
    fixedWorkMs: number;
    fixedWorkMsAtEnd?: number;
  };
  options: Omit<BenchOptions, 'databaseUrl'> & { postgres: boolean };
  bundle?: FirstVisitBundle;
  lighthouse?: FormFactorResult[];
  http?: HttpReport;
  search?: SearchReport;
  live?: LiveReport;
  gameData?: GameDataReport;
  push?: PushReport;
  instances?: InstancesReport;
  remoteConfig?: RemoteConfigReport;
  segments?: SegmentsReport;
  capacity?: CapacityReport;
  adminReads?: AdminReadsReport;
  targets: TargetResult[];
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const RESULTS_FILE = path.join(ROOT, 'bench-results/latest.json');
const PAGE_FILE = path.join(ROOT, BENCHMARKS_PAGE);
/** Seconds of one Lighthouse audit at most, in a fresh Chromium, on a busy machine. */
const AUDIT_SECONDS = 40;

function heading(title: string): void {
  console.log(`\n== ${title}`);
}

const BUNDLE_TARGET: TargetSpec = {
  name: 'JavaScript of a first visit to /',
  requirement: `<= ${FIRST_VISIT_BUDGET_GZIP_BYTES / 1024} KiB gzip`,
};

function bundleTarget(bundle: FirstVisitBundle): TargetResult {
  const kib = bundle.totalGzipBytes / 1024;
  return decided(
    BUNDLE_TARGET.name,
    BUNDLE_TARGET.requirement,
    bundle.totalGzipBytes <= FIRST_VISIT_BUDGET_GZIP_BYTES,
    `${kib.toFixed(1)} KiB gzip in ${bundle.chunks.length} chunk${bundle.chunks.length === 1 ? '' : 's'}`,
    bundle.totalGzipBytes,
    FIRST_VISIT_BUDGET_GZIP_BYTES,
  );
}

async function main(): Promise<number> {
  // The apps the bench starts collect what their start left, as the server does (startApp).
  if (!globalThis.gc) {
    throw new Error('The bench runs under node --expose-gc, as the server starts: run it with npm run bench.');
  }
  const options = parseOptions(process.env, process.argv.slice(2));
  // The bench must stop by itself: each load child has its own limit, this catches the rest.
  const limitSeconds =
    (options.sections.includes('http') ? httpBenchSeconds(options) : 0) +
    (options.sections.includes('lighthouse') ? 2 * 2 * LIGHTHOUSE_ROUNDS * AUDIT_SECONDS : 0) +
    (options.sections.includes('search') ? searchBenchSeconds(options) : 0) +
    (options.sections.includes('live') ? liveBenchSeconds(options) : 0) +
    (options.sections.includes('game-data') ? gameDataBenchSeconds(options) : 0) +
    (options.sections.includes('push') ? pushBenchSeconds(options) : 0) +
    (options.sections.includes('instances') ? instancesBenchSeconds(options) : 0) +
    (options.sections.includes('remote-config') ? remoteConfigBenchSeconds(options) : 0) +
    (options.sections.includes('segments') ? segmentsBenchSeconds(options) : 0) +
    (options.sections.includes('capacity') ? capacityBenchSeconds(options) : 0) +
    (options.sections.includes('admin-reads') ? adminReadsBenchSeconds(options) : 0) +
    120;
  setTimeout(() => stopRun(`still running after ${limitSeconds} s`, 1), limitSeconds * 1000).unref();
  stopRunOnSignals();

  const { databaseUrl, ...shown } = options;
  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      cpus: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      loadAverage: os.loadavg(),
      fixedWorkMs: await fixedWorkMs(),
    },
    options: { ...shown, postgres: databaseUrl !== undefined },
    targets: [],
  };
  console.log(
    `bench: ${options.sections.join(', ')} on ${results.machine.cpus} CPUs, Node.js ${results.machine.node}, load ${os.loadavg()[0]?.toFixed(2)}` +
      `, the fixed work ${results.machine.fixedWorkMs.toFixed(0)} ms` +
      `, PostgreSQL ${databaseUrl ? 'on' : 'off (no BENCH_DATABASE_URL)'}`,
  );

  // A section that fails (an error, not a missed target) leaves its targets FAIL and the others run.
  let sectionFailed = false;
  const section = async (
    name: Section,
    specs: readonly TargetSpec[],
    run: () => Promise<TargetResult[]>,
  ): Promise<TargetResult[]> => {
    if (!options.sections.includes(name))
      return specs.map((spec) => unmeasured(spec, `skipped (${name} section not run)`));
    try {
      return await run();
    } catch (error) {
      sectionFailed = true;
      console.error(`\nbench: the ${name} section failed:`, error);
      return specs.map((spec) => unmeasured(spec, `not measured: the ${name} section failed (see above)`, 'FAIL'));
    }
  };

  const bundleTargets = await section('bundle', [BUNDLE_TARGET], async () => {
    heading('bundle: JavaScript of a first visit to /');
    const bundle = measureFirstVisitBundle(WEB_DIST);
    results.bundle = bundle;
    console.log(formatBundle(bundle));
    return [bundleTarget(bundle)];
  });

  const lighthouseTargetResults = await section('lighthouse', Object.values(LIGHTHOUSE_TARGETS), async () => {
    const site: SiteTarget = await startSiteTarget(WEB_DIST);
    try {
      heading(`lighthouse: ${site.origin}/ against ${site.origin}/bench/blank`);
      const lighthouse = await runLighthouse(site.origin);
      results.lighthouse = lighthouse;
      console.log(formatLighthouse(lighthouse));
      return lighthouseTargets(lighthouse);
    } finally {
      await site.close();
    }
  });

  const httpTargets = await section('http', HTTP_TARGET_SPECS, async () => {
    heading(
      `http: ${options.connections} connections, ${options.durationSeconds} s each after ${options.warmupSeconds} s warm-up`,
    );
    const http = await runHttpBenches(WEB_DIST, options);
    results.http = http;
    console.log(`\n${formatHttp(http)}`);
    return http.targets;
  });

  const searchTargets = await section('search', SEARCH_TARGET_SPECS, async () => {
    heading(`search: the admin user search, one request at a time, ${options.durationSeconds} s each`);
    const search = await runSearchBench(WEB_DIST, options);
    results.search = search;
    console.log(`\n${formatSearch(search)}`);
    return search.targets;
  });

  const liveTargets = await section('live', LIVE_TARGET_SPECS, async () => {
    heading('live: server-sent event streams, and what the change feed costs a write');
    const live = await runLiveBench(WEB_DIST, options);
    results.live = live;
    console.log(`\n${formatLive(live)}`);
    return live.targets;
  });

  const gameDataTargets = await section('game-data', GAME_DATA_TARGET_SPECS, async () => {
    heading(
      `game-data: ingestion against a raw insert, and the live stats at scale, ${options.durationSeconds} s each`,
    );
    const gameData = await runGameDataBench(WEB_DIST, options);
    results.gameData = gameData;
    console.log(`\n${formatGameData(gameData)}`);
    return gameData.targets;
  });

  const pushTargets = await section('push', PUSH_TARGET_SPECS, async () => {
    heading('push: one message to every device of the environment through the FCM adapter');
    const push = await runPushBench(WEB_DIST, options);
    results.push = push;
    console.log(`\n${formatPush(push)}`);
    return push.targets;
  });

  const instancesTargets = await section('instances', INSTANCES_TARGET_SPECS, async () => {
    heading(
      `instances: a mixed load on one server process and on two, one PostgreSQL, ${options.connections} connections`,
    );
    const instances = await runInstancesBench(WEB_DIST, options);
    results.instances = instances;
    console.log(`\n${formatInstances(instances)}`);
    return instances.targets;
  });

  const remoteConfigTargets = await section('remote-config', REMOTE_CONFIG_TARGET_SPECS, async () => {
    heading(
      `remote-config: the game's fetch of its configuration, one request at a time, ${options.durationSeconds} s each`,
    );
    const remoteConfig = await runRemoteConfigBench(WEB_DIST, options);
    results.remoteConfig = remoteConfig;
    console.log(`\n${formatRemoteConfig(remoteConfig)}`);
    return remoteConfig.targets;
  });

  const segmentsTargets = await section('segments', SEGMENTS_TARGET_SPECS, async () => {
    heading(
      `segments: an admin's segment sizes and members pages, one request at a time, ${options.durationSeconds} s each`,
    );
    const segments = await runSegmentsBench(WEB_DIST, options);
    results.segments = segments;
    console.log(`\n${formatSegments(segments)}`);
    return segments.targets;
  });

  const capacityTargets = await section('capacity', CAPACITY_TARGET_SPECS, async () => {
    heading('capacity: how many players one instance serves at launch, in steps, from a process of virtual players');
    const capacity = await runCapacityBench(WEB_DIST, options);
    results.capacity = capacity;
    console.log(`\n${formatCapacity(capacity)}`);
    return capacity.targets;
  });

  const adminReadsTargets = await section('admin-reads', ADMIN_READS_TARGET_SPECS, async () => {
    heading('admin-reads: every read of the back office, one at a time as an admin, at 100,000 players and a year');
    const adminReads = await runAdminReadsBench(WEB_DIST, options);
    results.adminReads = adminReads;
    console.log(`\n${formatAdminReads(adminReads)}`);
    return adminReads.targets;
  });

  // In the order they were set: the server, the bundle, the page, the user search, live, the game
  // data and push, a second instance, remote config, segments, capacity, every admin read.
  const targets = [
    ...httpTargets,
    ...bundleTargets,
    ...lighthouseTargetResults,
    ...searchTargets,
    ...liveTargets,
    ...gameDataTargets,
    ...pushTargets,
    ...instancesTargets,
    ...remoteConfigTargets,
    ...segmentsTargets,
    ...capacityTargets,
    ...adminReadsTargets,
  ];
  results.targets = targets;
  const fixedWorkAtEnd = await fixedWorkMs();
  results.machine.fixedWorkMsAtEnd = fixedWorkAtEnd;

  heading('targets');
  console.log(formatTargets(targets));

  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nResults: ${path.relative(process.cwd(), RESULTS_FILE)}`);
  // Every run writes the targets it measured; the page keeps the others' last measurements.
  const { machine } = results;
  const page = benchmarksPage(fs.existsSync(PAGE_FILE) ? fs.readFileSync(PAGE_FILE, 'utf8') : '', targets, {
    startedAt: results.startedAt,
    finishedAt: new Date().toISOString(),
    machine:
      `${machine.cpus} × ${machine.cpuModel}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node.js ${machine.node}, ` +
      `load ${machine.loadAverage[0]?.toFixed(2)} at the start and ${os.loadavg()[0]?.toFixed(2)} at the end, ` +
      `the fixed work ${machine.fixedWorkMs.toFixed(0)} ms at the start and ${fixedWorkAtEnd.toFixed(0)} ms at the end`,
    sections: options.sections,
    postgres: results.options.postgres,
  });
  fs.writeFileSync(PAGE_FILE, page);
  console.log(`The targets measured, beside the others' last: ${path.relative(process.cwd(), PAGE_FILE)}`);
  return sectionFailed ? 1 : 0;
}

// Exit explicitly: a stray handle (a keep-alive socket, a Chromium pipe) must not keep the bench alive.
// Non-zero when a section failed; a missed target is a result, not an error. A run being stopped
// exits when its drops are done (stopRun), whatever its sections did meanwhile.
const exit = (code: number) => {
  if (!runIsStopping()) process.exit(code);
};
main().then(exit, (error: unknown) => {
  // A new line first: the failure may interrupt a progress line such as "  mobile ...".
  console.error('\nbench failed:', error);
  exit(1);
});
