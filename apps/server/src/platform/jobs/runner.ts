import { hostname } from 'node:os';
import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { isPostgres } from '../db/dialect';
import { randomBase36 } from '../random-id';
import type { JobEvents } from './metrics';
import type { JobRow, JobTables } from './tables';

/*
 * Background work that runs once across instances (docs/decisions/0036-background-jobs.md): the `jobs` table is a queue
 * with leases. An instance takes the next run that is due, or one whose lease ran out (its instance
 * died), with one conditional update (PostgreSQL skips rows another instance is taking: FOR UPDATE
 * SKIP LOCKED), runs it, and marks it done or, on a failure, due again after a backoff, until its
 * attempts are spent. A periodic job schedules its next run in the transaction that finishes the
 * last. The rows stay as the history an admin reads, for HISTORY_DAYS.
 *
 * pg-boss and graphile-worker, the kept runners, are PostgreSQL only (the embedded store needs the
 * same runner) and need Node.js 22; what is ours is the two statements below and the loop.
 */

export interface JobDefinition {
  name: string;
  /** A periodic job runs every `everyMs` (the first run at start); others run when enqueued. */
  everyMs?: number;
  /** Runs before a run is given up (failed); default 5. */
  maxAttempts?: number;
  /** How long a run may take before another instance may take it over; default 5 minutes. */
  leaseMs?: number;
  /** The wait before the retry after the `attempt`th failed run; default 10 s doubling, at most 10 min. */
  backoffMs?: (attempt: number) => number;
  run(payload: unknown, context: JobRunContext): Promise<void>;
  /**
   * Called once when a run is given up (its attempts spent, by failures or by leases that ran
   * out), with its last error: a job whose own records keep a state marks it failed there.
   */
  onGiveUp?(payload: unknown, error: unknown): Promise<void>;
}

/** What a run is told about itself. */
export interface JobRunContext {
  /** This run's attempt, from 1. */
  attempt: number;
  /**
   * Holds the run for another lease from now, for a long job that works in steps; false when this
   * instance no longer holds it (its lease ran out and another instance took it over), so the job
   * should stop.
   */
  extendLease(): Promise<boolean>;
}

export interface JobLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerOptions<Database extends JobTables> {
  db: Kysely<Database>;
  definitions: readonly JobDefinition[];
  log: JobLogger;
  /** How often an idle instance looks for due runs. */
  pollMs?: number;
  /** Names this instance in `locked_by`; by default its host's name and a short random part (instanceName()). */
  instanceId?: string;
  now?: () => Date;
  /** Told of each failed attempt and each run given up (the app's metrics count them). */
  events?: JobEvents;
  /**
   * Whether a run queued due now in this process (wakeRunners) is taken at once, not at the next
   * poll; default true. Tests that run the jobs themselves keep the app's runner out of their way.
   */
  wakes?: boolean;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_POLL_MS = 1_000;
const PERIODIC_KEY = 'periodic';
/** How long finished runs stay as history. */
export const HISTORY_DAYS = 7;

/**
 * What staff read in the jobs' history for the instance that ran a run: its host's name (a container's
 * or a machine's, which the hosting's own screens show too) and six random characters, which keep two
 * instances on one host (a restart, a second process) apart, as the leases need.
 */
export const instanceName = (): string => `${hostname()} ${randomBase36(6)}`;

const defaultBackoff = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 10 * 60_000);

/** The started runners that wake on a run queued now, by the database of their queue. */
const wakeable = new WeakMap<object, Set<{ wake(): void }>>();

/**
 * Has this process's runners of the queue in `db` look for due runs now, so a run queued due at once
 * (a push or a reward sent now, an experiment started now) starts without waiting for the next poll.
 * enqueueRun calls it for such a run; a run queued inside a transaction wakes nothing (the
 * transaction is not the runners' `db`, and they could not see the run before its commit) and is
 * found at the next poll. Other instances find the run at their own poll, as before.
 */
function wakeRunners<Database>(db: Kysely<Database>): void {
  for (const runner of wakeable.get(db) ?? []) runner.wake();
}

/**
 * Adds a run of `definition` (at `runAt`, default now) to the queue in `db`, for whichever
 * instance's runner takes it next. With a `key`, a run of that name and key that is still waiting
 * or under way stands for this one (answers false), so an enqueue can be repeated. A domain's
 * route enqueues its own job through this, without holding the runner.
 */
export async function enqueueRun<Database extends JobTables>(
  db: Kysely<Database>,
  definition: Pick<JobDefinition, 'name' | 'maxAttempts'>,
  payload: unknown,
  options: {
    runAt?: Date;
    key?: string;
    now?: Date;
    /** Whether a run due now wakes this process's runners (default true); a runner's own scheduling wakes only itself. */
    wake?: boolean;
  } = {},
): Promise<boolean> {
  const jobs = db as unknown as Kysely<JobTables>;
  const now = options.now ?? new Date();
  const runAt = options.runAt ?? now;
  const result = await jobs
    .insertInto('jobs')
    .values({
      name: definition.name,
      key: options.key ?? uuidv7(),
      payload: JSON.stringify(payload ?? null),
      status: 'pending',
      run_at: runAt.toISOString(),
      attempts: 0,
      max_attempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      created_at: now.toISOString(),
    })
    // That name and key already waits or runs (a periodic job another instance scheduled): the
    // partial unique index's own predicate names it as the conflict's target.
    .onConflict((conflict) =>
      conflict.columns(['name', 'key']).where(sql<boolean>`status in ('pending', 'running')`).doNothing(),
    )
    .executeTakeFirst();
  const added = Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  if (added && options.wake !== false && runAt.getTime() <= now.getTime()) wakeRunners(db);
  return added;
}

/**
 * Takes back the waiting run of `definition` with `key`, one no instance has taken yet (its work
 * was called off: a cancelled message): it leaves no pending run in the history. Answers whether
 * there was one; a run under way is left to finish.
 */
export async function withdrawRun<Database extends JobTables>(
  db: Kysely<Database>,
  definition: Pick<JobDefinition, 'name'>,
  key: string,
): Promise<boolean> {
  const jobs = db as unknown as Kysely<JobTables>;
  const result = await jobs
    .deleteFrom('jobs')
    .where('name', '=', definition.name)
    .where('key', '=', key)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Moves the waiting run of `definition` with `key`, one no instance has tried yet, to `runAt` with
 * `payload` (its work was moved: a rescheduled message). Answers whether it moved one; a run under
 * way, or waiting out a failure's backoff, is left as it is.
 */
export async function retimeRun<Database extends JobTables>(
  db: Kysely<Database>,
  definition: Pick<JobDefinition, 'name'>,
  key: string,
  payload: unknown,
  runAt: Date,
): Promise<boolean> {
  const jobs = db as unknown as Kysely<JobTables>;
  const result = await jobs
    .updateTable('jobs')
    .set({ run_at: runAt.toISOString(), payload: JSON.stringify(payload ?? null) })
    .where('name', '=', definition.name)
    .where('key', '=', key)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .where('run_at', '<>', runAt.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An error as the history shows it: its message, at most a few lines. */
function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
}

export class JobRunner<Database extends JobTables> {
  readonly #db: Kysely<JobTables>;
  readonly #definitions: ReadonlyMap<string, JobDefinition>;
  readonly #log: JobLogger;
  readonly #pollMs: number;
  readonly #instanceId: string;
  readonly #now: () => Date;
  readonly #events: JobEvents | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  /** Woken while a pass was under way: another pass follows it at once. */
  #woken = false;
  #stopped = true;
  readonly #wakes: boolean;

  constructor(options: JobRunnerOptions<Database>) {
    // The runner touches its own table only.
    this.#db = options.db as unknown as Kysely<JobTables>;
    this.#definitions = new Map(options.definitions.map((definition) => [definition.name, definition]));
    this.#log = options.log;
    this.#pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.#instanceId = options.instanceId ?? instanceName();
    this.#now = options.now ?? (() => new Date());
    this.#events = options.events;
    this.#wakes = options.wakes ?? true;
  }

  /** Schedules every periodic job that has no next run yet (the first at once), then polls. */
  async start(): Promise<void> {
    for (const definition of this.#definitions.values()) {
      if (definition.everyMs !== undefined) await this.#schedule(this.#db, definition, this.#now(), PERIODIC_KEY);
    }
    this.#stopped = false;
    if (this.#wakes) {
      const runners = wakeable.get(this.#db) ?? new Set();
      runners.add(this);
      wakeable.set(this.#db, runners);
    }
    this.#poll(0);
  }

  /** Stops polling and waits for the run under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    wakeable.get(this.#db)?.delete(this);
    clearTimeout(this.#timer);
    await this.#running;
  }

  /** Looks for due runs now rather than at the next poll; after the pass under way, when one is. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) this.#woken = true;
    else this.#poll(0);
  }

  /**
   * Adds a run of `name` (at `runAt`, default now). With a `key`, a run of that name and key that is
   * still waiting or under way stands for this one (answers false), so an enqueue can be repeated.
   */
  async enqueue(name: string, payload: unknown, options: { runAt?: Date; key?: string } = {}): Promise<boolean> {
    const definition = this.#definition(name);
    const added = await this.#schedule(
      this.#db,
      definition,
      options.runAt ?? this.#now(),
      options.key ?? uuidv7(),
      payload,
    );
    if (added) this.wake();
    return added;
  }

  /** Runs every run that is due now, one after another; answers how many ran. */
  async runDue(): Promise<number> {
    let ran = 0;
    for (let job = await this.#claim(); job; job = await this.#claim()) {
      await this.#run(job);
      ran += 1;
    }
    return ran;
  }

  #definition(name: string): JobDefinition {
    const definition = this.#definitions.get(name);
    if (!definition) throw new Error(`No job is named "${name}".`);
    return definition;
  }

  #schedule(
    db: Kysely<JobTables>,
    definition: JobDefinition,
    runAt: Date,
    key: string,
    payload: unknown = null,
  ): Promise<boolean> {
    // A periodic run scheduled at start, or one enqueued through this runner, is this runner's to
    // take (enqueue wakes it): another runner of the process woken for it would only race it.
    return enqueueRun(db, definition, payload, { runAt, key, now: this.#now(), wake: false });
  }

  #poll(delayMs: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      if (this.#stopped || this.#running) return;
      this.#running = this.runDue()
        .then(
          () => undefined,
          (error: unknown) => this.#log.error({ err: error }, 'jobs: could not take or finish a run'),
        )
        .finally(() => {
          this.#running = undefined;
          const woken = this.#woken;
          this.#woken = false;
          if (!this.#stopped) this.#poll(woken ? 0 : this.#pollMs);
        });
    }, delayMs);
    this.#timer.unref();
  }

  /**
   * Takes the next due run with one conditional update: due and waiting, or under way with its
   * lease run out. On PostgreSQL a row another instance is taking is skipped, not waited for.
   */
  async #claim(): Promise<JobRow | undefined> {
    const now = this.#now();
    const at = now.toISOString();
    const names = [...this.#definitions.keys()];
    if (names.length === 0) return undefined;
    let next = this.#db
      .selectFrom('jobs')
      .select('id')
      .where('name', 'in', names)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', at)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', at)]),
        ]),
      )
      .orderBy('run_at')
      .orderBy('id')
      .limit(1);
    if (isPostgres(this.#db)) next = next.forUpdate().skipLocked();
    const claimed = await this.#db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        attempts: eb('attempts', '+', 1),
        locked_by: this.#instanceId,
        started_at: at,
        // The longest lease of any job: each is re-leased to its own length just below.
        lease_until: new Date(now.getTime() + DEFAULT_LEASE_MS).toISOString(),
      }))
      .where('id', '=', (eb) => eb.selectFrom(next.as('next')).select('next.id'))
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return undefined;
    const leaseMs = this.#definition(claimed.name).leaseMs ?? DEFAULT_LEASE_MS;
    if (leaseMs !== DEFAULT_LEASE_MS) {
      const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
      await this.#db.updateTable('jobs').set({ lease_until: leaseUntil }).where('id', '=', claimed.id).execute();
      return { ...claimed, lease_until: leaseUntil };
    }
    return claimed;
  }

  async #run(job: JobRow): Promise<void> {
    const definition = this.#definition(job.name);
    let failure: unknown;
    if (job.attempts <= job.max_attempts) {
      try {
        await definition.run(JSON.parse(job.payload), {
          attempt: job.attempts,
          extendLease: () => this.#extendLease(job, definition),
        });
      } catch (error) {
        failure = error ?? new Error('the job failed without an error');
      }
    } else {
      failure = new Error(`its lease ran out ${job.max_attempts} times: the instance running it stopped`);
    }
    await this.#finish(job, definition, failure);
  }

  async #extendLease(job: JobRow, definition: JobDefinition): Promise<boolean> {
    const leaseUntil = new Date(this.#now().getTime() + (definition.leaseMs ?? DEFAULT_LEASE_MS)).toISOString();
    const held = await this.#db
      .updateTable('jobs')
      .set({ lease_until: leaseUntil })
      .where('id', '=', job.id)
      .where('locked_by', '=', this.#instanceId)
      .where('status', '=', 'running')
      // The attempt it was claimed as: a takeover by this same instance is another run.
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    return Number(held.numUpdatedRows) > 0;
  }

  /**
   * Marks a run done, due again after its backoff, or failed; a periodic job's next run is
   * scheduled in the same transaction as the last one finishes, so one always waits.
   */
  async #finish(job: JobRow, definition: JobDefinition, failure: unknown): Promise<void> {
    const now = this.#now();
    const at = now.toISOString();
    const retry = failure !== undefined && job.attempts < job.max_attempts;
    let gaveUp = false;
    await this.#db.transaction().execute(async (trx) => {
      const finished = await trx
        .updateTable('jobs')
        .set(
          retry
            ? {
                status: 'pending',
                run_at: new Date(now.getTime() + (definition.backoffMs ?? defaultBackoff)(job.attempts)).toISOString(),
                lease_until: null,
                last_error: describe(failure),
              }
            : {
                status: failure === undefined ? 'done' : 'failed',
                lease_until: null,
                finished_at: at,
                last_error: failure === undefined ? null : describe(failure),
              },
        )
        .where('id', '=', job.id)
        // Only while this instance still holds it: past its lease, another may have taken it over.
        .where('locked_by', '=', this.#instanceId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(finished.numUpdatedRows) === 0 || retry) return;
      gaveUp = failure !== undefined;
      if (definition.everyMs !== undefined && job.key === PERIODIC_KEY) {
        await this.#schedule(trx, definition, new Date(now.getTime() + definition.everyMs), PERIODIC_KEY);
      }
    });
    if (failure === undefined) return;
    this.#events?.failed(job.name);
    if (gaveUp) this.#events?.gaveUp(job.name);
    if (gaveUp && definition.onGiveUp) {
      await definition.onGiveUp(JSON.parse(job.payload), failure).catch((error: unknown) => {
        this.#log.error(
          { job: job.name, id: Number(job.id), err: error },
          `jobs: ${job.name} could not record its give-up`,
        );
      });
    }
    const details = { job: job.name, id: Number(job.id), attempt: job.attempts, err: failure };
    if (retry) this.#log.error(details, `jobs: ${job.name} failed; it runs again after a pause`);
    else this.#log.error(details, `jobs: ${job.name} failed ${job.attempts} times and is given up`);
  }

  /** Deletes finished runs older than HISTORY_DAYS: the history stays bounded. */
  async pruneHistory(): Promise<number> {
    const before = new Date(this.#now().getTime() - HISTORY_DAYS * 86_400_000).toISOString();
    const result = await this.#db
      .deleteFrom('jobs')
      .where('status', 'in', ['done', 'failed'])
      .where(sql<boolean>`coalesce(finished_at, run_at) < ${before}`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
