// `npm run bench`: runs the selected sections (options.ts), prints each figure with its ratio to
// a baseline measured in the same run, and writes everything to bench-results/latest.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FirstVisitBundle, measureFirstVisitBundle } from './bundle/first-visit';
import { type AppTarget, startAppTarget } from './http/app-target';
import { type HttpReport, httpBenchSeconds, runHttpBenches } from './http/suite';
import { type FormFactorResult, runLighthouse } from './lighthouse/suite';
import { type BenchOptions, parseOptions } from './options';
import { formatBundle, formatHttp, formatLighthouse } from './report';

interface BenchResults {
  startedAt: string;
  machine: { node: string; cpus: number; cpuModel: string; loadAverage: number[] };
  options: BenchOptions;
  bundle?: FirstVisitBundle;
  lighthouse?: FormFactorResult[];
  http?: HttpReport;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const RESULTS_FILE = path.join(ROOT, 'bench-results/latest.json');

function heading(title: string): void {
  console.log(`\n== ${title}`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.env, process.argv.slice(2));
  // The bench must stop by itself: each load child has its own limit, this catches the rest.
  const limitSeconds =
    (options.sections.includes('http') ? httpBenchSeconds(options) : 0) +
    (options.sections.includes('lighthouse') ? 600 : 0) +
    120;
  setTimeout(() => {
    console.error(`bench: still running after ${limitSeconds} s; stopping.`);
    process.exit(1);
  }, limitSeconds * 1000).unref();

  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      cpus: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      loadAverage: os.loadavg(),
    },
    options,
  };
  console.log(
    `bench: ${options.sections.join(', ')} on ${results.machine.cpus} CPUs, load ${os.loadavg()[0]?.toFixed(2)}`,
  );

  if (options.sections.includes('bundle')) {
    heading('bundle: JavaScript of a first visit to /');
    results.bundle = measureFirstVisitBundle(WEB_DIST);
    console.log(formatBundle(results.bundle));
  }

  if (options.sections.includes('lighthouse') || options.sections.includes('http')) {
    const app: AppTarget = await startAppTarget(WEB_DIST);
    try {
      if (options.sections.includes('lighthouse')) {
        heading(`lighthouse: ${app.origin}/ against ${app.origin}/bench/blank`);
        results.lighthouse = await runLighthouse(app.origin);
        console.log(formatLighthouse(results.lighthouse));
      }
      if (options.sections.includes('http')) {
        heading(
          `http: ${options.connections} connections, ${options.durationSeconds} s each after ${options.warmupSeconds} s warm-up`,
        );
        results.http = await runHttpBenches(app, options);
        console.log(`\n${formatHttp(results.http)}`);
      }
    } finally {
      await app.close();
    }
  }

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
