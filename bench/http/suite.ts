import { SITE_CALLABLES } from '@outpost/contracts/site';
import type { BenchOptions } from '../options';
import type { AppTarget } from './app-target';
import type { BareServer } from './bare-server';
import { BENCH_PATHS } from './bench-routes';
import { runLoad } from './load';
import type { LoadResult, LoadSpec, RequestPlan } from './load-spec';

export interface HttpRow extends LoadResult {
  /** requests/s over the bare route's requests/s in this run. */
  ratioToBare: number;
}

export interface TargetCheck {
  description: string;
  ratio: number;
  threshold: number;
  pass: boolean;
}

export interface HttpReport {
  rows: HttpRow[];
  target: TargetCheck;
}

/** The target: a Kysely read by key at half the bare route's rate or better. */
const KYSELY_READ = 'Kysely read by key';
const TARGET_RATIO = 0.5;

export async function runHttpBenches(bare: BareServer, app: AppTarget, options: BenchOptions): Promise<HttpReport> {
  const plans: [name: string, origin: string, plan: RequestPlan][] = [
    ['bare Fastify JSON (baseline)', bare.origin, { kind: 'fixed', method: 'GET', path: '/' }],
    ['GET /healthz', app.origin, { kind: 'fixed', method: 'GET', path: '/healthz' }],
    [
      KYSELY_READ,
      app.origin,
      { kind: 'random-key', method: 'GET', pathPrefix: BENCH_PATHS.kyselyRead, keys: app.readKeys },
    ],
    [
      'raw prepared read by key',
      app.origin,
      { kind: 'random-key', method: 'GET', pathPrefix: BENCH_PATHS.rawRead, keys: app.readKeys },
    ],
    // After the reads: its inserts grow the table the reads use.
    [
      'POST signupForEmails (insert)',
      app.origin,
      { kind: 'unique-signup', path: `/api/callable/${SITE_CALLABLES.signupForEmails}` },
    ],
    [
      'Kysely stock transaction',
      app.origin,
      { kind: 'random-key', method: 'POST', pathPrefix: BENCH_PATHS.kyselyStock, keys: app.stockIds },
    ],
    [
      'raw stock transaction',
      app.origin,
      { kind: 'random-key', method: 'POST', pathPrefix: BENCH_PATHS.rawStock, keys: app.stockIds },
    ],
  ];

  const results: LoadResult[] = [];
  for (const [name, origin, plan] of plans) {
    const spec: LoadSpec = {
      name,
      origin,
      plan,
      connections: options.connections,
      warmupSeconds: options.warmupSeconds,
      durationSeconds: options.durationSeconds,
    };
    process.stdout.write(`  ${name} ...`);
    const result = await runLoad(spec);
    process.stdout.write(` ${Math.round(result.requestsPerSecond)} req/s\n`);
    results.push(result);
  }

  const bareRate = results[0]?.requestsPerSecond ?? Number.NaN;
  const rows = results.map((result) => ({ ...result, ratioToBare: result.requestsPerSecond / bareRate }));
  const ratio = rows.find((row) => row.name === KYSELY_READ)?.ratioToBare ?? Number.NaN;
  return {
    rows,
    target: {
      description: `${KYSELY_READ} >= ${TARGET_RATIO} x bare route`,
      ratio,
      threshold: TARGET_RATIO,
      pass: ratio >= TARGET_RATIO,
    },
  };
}
