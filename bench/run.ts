// `npm run bench`: runs the selected sections (options.ts), prints each figure with its ratio to
// a baseline measured in the same run, then one PASS/FAIL/SKIPPED line per target of the issue,
// and writes everything to bench-results/latest.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FirstVisitBundle, measureFirstVisitBundle } from './bundle/first-visit';
import { dropPendingSchemas, type SiteTarget, startSiteTarget } from './http/app-target';
import { type HttpReport, httpBenchSeconds, runHttpBenches, skippedHttpTargets } from './http/suite';
import { type FormFactorResult, LIGHTHOUSE_ROUNDS, lighthouseTargets, runLighthouse } from './lighthouse/suite';
import { type BenchOptions, parseOptions } from './options';
import { formatBundle, formatHttp, formatLighthouse, formatTargets } from './report';
import { decided, skipped, type TargetResult } from './targets';

interface BenchResults {
  startedAt: string;
  machine: { node: string; cpus: number; cpuModel: string; loadAverage: number[] };
  options: Omit<BenchOptions, 'databaseUrl'> & { postgres: boolean };
  bundle?: FirstVisitBundle;
  lighthouse?: FormFactorResult[];
  http?: HttpReport;
  targets: TargetResult[];
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const RESULTS_FILE = path.join(ROOT, 'bench-results/latest.json');
/** The budget for the JavaScript of a first visit to /, gzipped (KiB, as the bundle table prints). */
const BUNDLE_BUDGET_BYTES = 80 * 1024;
/** Seconds of one Lighthouse audit at most, in a fresh Chromium, on a busy machine. */
const AUDIT_SECONDS = 40;

function heading(title: string): void {
  console.log(`\n== ${title}`);
}

function bundleTarget(bundle: FirstVisitBundle | undefined): TargetResult {
  const name = 'JavaScript of a first visit to /';
  const requirement = `<= ${BUNDLE_BUDGET_BYTES / 1024} KiB gzip`;
  if (!bundle) return skipped(name, requirement, 'skipped (bundle section not run)');
  const kib = bundle.totalGzipBytes / 1024;
  return decided(
    name,
    requirement,
    bundle.totalGzipBytes <= BUNDLE_BUDGET_BYTES,
    `${kib.toFixed(1)} KiB gzip in ${bundle.chunks.length} chunk${bundle.chunks.length === 1 ? '' : 's'}`,
    bundle.totalGzipBytes,
    BUNDLE_BUDGET_BYTES,
  );
}

async function main(): Promise<void> {
  const options = parseOptions(process.env, process.argv.slice(2));
  // The bench must stop by itself: each load child has its own limit, this catches the rest.
  const limitSeconds =
    (options.sections.includes('http') ? httpBenchSeconds(options) : 0) +
    (options.sections.includes('lighthouse') ? 2 * 2 * LIGHTHOUSE_ROUNDS * AUDIT_SECONDS : 0) +
    120;
  setTimeout(() => {
    console.error(`\nbench: still running after ${limitSeconds} s; stopping.`);
    // PostgreSQL schemas outlive the process; files in the temp folder are left to the system.
    dropPendingSchemas(10_000).finally(() => process.exit(1));
  }, limitSeconds * 1000).unref();

  const { databaseUrl, ...shown } = options;
  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      cpus: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      loadAverage: os.loadavg(),
    },
    options: { ...shown, postgres: databaseUrl !== undefined },
    targets: [],
  };
  console.log(
    `bench: ${options.sections.join(', ')} on ${results.machine.cpus} CPUs, load ${os.loadavg()[0]?.toFixed(2)}` +
      `, PostgreSQL ${databaseUrl ? 'on' : 'off (no BENCH_DATABASE_URL)'}`,
  );

  if (options.sections.includes('bundle')) {
    heading('bundle: JavaScript of a first visit to /');
    results.bundle = measureFirstVisitBundle(WEB_DIST);
    console.log(formatBundle(results.bundle));
  }

  const targets: TargetResult[] = [bundleTarget(results.bundle)];
  if (options.sections.includes('lighthouse')) {
    const site: SiteTarget = await startSiteTarget(WEB_DIST);
    try {
      heading(`lighthouse: ${site.origin}/ against ${site.origin}/bench/blank`);
      results.lighthouse = await runLighthouse(site.origin);
      console.log(formatLighthouse(results.lighthouse));
    } finally {
      await site.close();
    }
    targets.push(...lighthouseTargets(results.lighthouse));
  } else {
    for (const formFactor of ['mobile', 'desktop']) {
      targets.push(
        skipped(
          `Lighthouse performance of /, ${formFactor}`,
          formFactor === 'mobile' ? '>= blank page - 3 (same run)' : '= 100',
          'skipped (lighthouse section not run)',
        ),
      );
    }
  }

  if (options.sections.includes('http')) {
    heading(
      `http: ${options.connections} connections, ${options.durationSeconds} s each after ${options.warmupSeconds} s warm-up`,
    );
    results.http = await runHttpBenches(WEB_DIST, options);
    console.log(`\n${formatHttp(results.http)}`);
    targets.unshift(...results.http.targets);
  } else {
    targets.unshift(...skippedHttpTargets('skipped (http section not run)'));
  }
  results.targets = targets;

  heading('targets');
  console.log(formatTargets(targets));

  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nResults: ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

main().then(
  // Exit explicitly: a stray handle (a keep-alive socket, a Chromium pipe) must not keep the bench alive.
  () => process.exit(0),
  (error: unknown) => {
    // A new line first: the failure may interrupt a progress line such as "  mobile ...".
    console.error('\nbench failed:', error);
    process.exit(1);
  },
);
