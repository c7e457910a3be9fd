import type { Generated, Selectable } from 'kysely';

/** pending: waiting for its time; running: leased by an instance; done and failed: history. */
export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

/**
 * One run of a background job, in the identity store (shared by every instance and environment):
 * a queue with leases and retries, and the history an admin reads. A periodic job has one row
 * waiting (`key` 'periodic') at a time: a partial unique index on (name, key) over the rows not
 * yet finished.
 */
export interface JobTable {
  id: Generated<number>;
  name: string;
  /** What makes two runs the same one: 'periodic' for a periodic job's next run, '' for none. */
  key: string;
  /** JSON, handed to the job. */
  payload: string;
  status: JobStatus;
  /** ISO 8601, UTC: not before then. */
  run_at: string;
  /** Runs begun so far, the one under way included. */
  attempts: number;
  max_attempts: number;
  /** Until when the instance running it holds it; past that, another instance may take it over. */
  lease_until: string | null;
  /** The instance that runs (or ran) it. */
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export type JobRow = Selectable<JobTable>;

export interface JobTables {
  jobs: JobTable;
}
