import { type Kysely, sql } from 'kysely';
import type { Metrics } from '../metrics/metrics';
import type { JobTables } from './tables';

/** What the runner counts as it goes: each failed attempt, and each run given up. */
export interface JobEvents {
  failed(job: string): void;
  gaveUp(job: string): void;
}

/** Where a waiting or running run stands: its time has come, it waits for a later time, or an instance holds it. */
const STATES = ['due', 'scheduled', 'running'] as const;
type QueueState = (typeof STATES)[number];

/** Every unfinished run of the queue by job and state, in one query over the (status, run_at) index. */
export async function readJobQueue(
  db: Kysely<JobTables>,
  now: Date,
): Promise<{ job: string; state: QueueState; runs: number }[]> {
  const at = now.toISOString();
  // A running run whose lease ran out is due: any instance takes it over at its next look.
  const state = sql<QueueState>`case
    when status = 'pending' and run_at > ${at} then 'scheduled'
    when status = 'running' and lease_until >= ${at} then 'running'
    else 'due' end`;
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => ['name', state.as('state'), eb.fn.countAll<number | string>().as('runs')])
    .where('status', 'in', ['pending', 'running'])
    .groupBy(['name', sql.ref('state')])
    .execute();
  return rows.map((row) => ({ job: row.name, state: row.state, runs: Number(row.runs) }));
}

/**
 * The runner's series: `outpost_job_runs{job,state}`, the queue read at scrape time (every job the
 * app runs reported, at 0 when none of its runs is in that state), and the failures and give-ups,
 * counted by the runner as they happen.
 */
export function jobMetrics(
  metrics: Metrics,
  db: Kysely<JobTables>,
  jobs: readonly string[],
  log: { warn(details: object, message: string): void },
  now: () => Date = () => new Date(),
): JobEvents {
  const failures = metrics.counter({
    name: 'outpost_job_failures_total',
    help: 'Failed attempts of background jobs (a run retried later, or given up), by job.',
    labelNames: ['job'],
  });
  const giveUps = metrics.counter({
    name: 'outpost_job_give_ups_total',
    help: 'Background job runs given up after their last attempt, by job.',
    labelNames: ['job'],
  });
  // Reported from the start at 0, so a first failure is an increase a rate can see.
  for (const job of jobs) {
    failures.inc({ job }, 0);
    giveUps.inc({ job }, 0);
  }
  metrics.gaugeAtScrape(
    {
      name: 'outpost_job_runs',
      help: 'Background job runs not finished, by job and state: due (waiting for an instance), scheduled (for later), running.',
      labelNames: ['job', 'state'],
    },
    async (set) => {
      let queue: Awaited<ReturnType<typeof readJobQueue>>;
      try {
        queue = await readJobQueue(db, now());
      } catch (error) {
        // The rest of the scrape (requests, the process) is worth more than this series.
        log.warn({ err: error }, 'metrics: could not read the job queue');
        return;
      }
      const counts = new Map(queue.map((row) => [`${row.job}\n${row.state}`, row.runs]));
      const names = new Set([...jobs, ...queue.map((row) => row.job)]);
      for (const job of names) {
        for (const state of STATES) set({ job, state }, counts.get(`${job}\n${state}`) ?? 0);
      }
    },
  );
  return {
    failed: (job) => failures.inc({ job }),
    gaveUp: (job) => giveUps.inc({ job }),
  };
}
