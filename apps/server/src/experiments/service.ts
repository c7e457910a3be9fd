import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import { EXPERIMENTS_TOPIC } from '@outpost/contracts/experiments/contract';
import type { RemoteConfigValue } from '@outpost/contracts/remote-config/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { AppStores } from '../database';
import { withPlayerAccounts } from '../identity/index';
import type { ChangeFeed } from '../platform/changes/feed';
import type { StoreKey } from '../platform/db/stores';
import { assignVariant } from './assignment';
import { type StoredExperiment, storedExperiment } from './queries';
import { RecentIds } from './recent-ids';

/*
 * Experiments as remote config's fetch uses them (docs/decisions/0140-experiments.md). The fetch
 * must stay fast (its bench bar is 5 ms p95), so nothing here reads the store per call: the
 * running experiments of an environment are kept in memory, read again when the change feed says
 * an experiment changed (on any instance) or this instance changed one, and at least every
 * RUNNING_MAX_AGE_MS. A read that fails (the store, or a row that does not parse, which is skipped)
 * is logged, and the fetch goes on with the last good read, trying again after READ_RETRY_MS or at
 * the next change: a store hiccup does not turn every signed-in fetch into a 500. Exposures are
 * recorded once per player and experiment per instance, remembering the last EXPOSED_REMEMBERED
 * players of each (an experiment may run with no end), queued and written in small batches within
 * FLUSH_MS (INSERT … ON CONFLICT DO NOTHING, so the first exposure stands whichever instance writes
 * it, and a player forgotten here is merely queued again), and on close; only of players whose
 * account is there and not being deleted, so a batch written after a deletion's erase does not
 * bring an exposure back.
 */

/** The longest the running experiments answer without a read, should the feed miss a change. */
export const RUNNING_MAX_AGE_MS = 30_000;
/** How long an exposure may wait in the queue. */
export const FLUSH_MS = 500;
/** Exposures per insert. */
const FLUSH_BATCH = 200;
/** After a failed read of the running experiments, how long the last good one answers before the next try. */
export const READ_RETRY_MS = 5_000;
/** Players per experiment whose exposure this instance remembers having queued. */
export const EXPOSED_REMEMBERED = 50_000;

/** A player's variant of a running experiment: the parameter's value for them. */
export interface ExperimentAssignment {
  experimentID: string;
  parameterKey: string;
  variant: string;
  value: RemoteConfigValue;
}

/** The experiments running on some of a configuration's parameters, for one fetch. */
export interface ExperimentsTesting {
  /** The segments they draw from: the fetch asks which hold the player, with its conditions' own. */
  segmentIDs: readonly string[];
  /**
   * The signed-in player's variants, given the segments that hold them; each recorded as an
   * exposure the first time. A player outside an experiment's segment is not in it.
   */
  expose(userId: string, segments: ReadonlySet<string>, now?: Date): ExperimentAssignment[];
}

export interface Experiments {
  /** The experiments running now on the parameters among `parameterKeys` (the live version's). */
  testing(environment: Environment, parameterKeys: ReadonlySet<string>): Promise<ExperimentsTesting>;
  /** This instance changed the environment's experiments: the next fetch reads them again. */
  changed(environment: Environment): void;
  /** Writes the queued exposures now. */
  flush(): Promise<void>;
  /** Writes the queued exposures and stops following the feeds. */
  close(): Promise<void>;
}

interface Running {
  experiments: readonly StoredExperiment[];
  readAt: number;
}

/** An environment's running experiments: the last good read, and whether it must be read again. */
interface Held {
  last?: Running;
  /** Counts the changes heard; a read answers for the count it started at. */
  changes: number;
  readChanges: number;
  /** The read under way, and the count of changes it started at. */
  reading?: { running: Promise<Running>; changes: number };
  failedAt?: number;
}

interface QueuedExposure {
  experiment_id: string;
  user_id: string;
  variant: string;
  exposed_at: string;
}

const NOT_TESTING: ExperimentsTesting = { segmentIDs: [], expose: () => [] };

export function createExperiments(options: {
  stores: AppStores;
  feeds: ReadonlyMap<StoreKey, ChangeFeed>;
  log: FastifyBaseLogger;
  /** How long an exposure may wait in the queue (FLUSH_MS unless a test holds it longer). */
  flushMs?: number;
}): Experiments {
  const { stores, log } = options;
  const running = new Map<Environment, Held>();
  /** Per environment and experiment, the players whose exposure this instance recorded or queued lately. */
  const exposed = new Map<Environment, Map<string, RecentIds>>();
  const queue = new Map<Environment, QueuedExposure[]>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  async function read(environment: Environment): Promise<Running> {
    const rows = await stores.game[environment]
      .selectFrom('experiments')
      .selectAll()
      .where('state', '=', 'running')
      .execute();
    const experiments = rows.flatMap((row) => {
      try {
        return [storedExperiment(row)];
      } catch (error) {
        log.error(
          { err: error, experimentID: row.experiment_id },
          'experiments: a running experiment does not parse; skipped',
        );
        return [];
      }
    });
    // Forget the players of experiments no longer running: their exposures are settled.
    const players = exposed.get(environment);
    if (players) {
      const ids = new Set(rows.map((row) => row.experiment_id));
      for (const id of players.keys()) if (!ids.has(id)) players.delete(id);
    }
    return { experiments, readAt: Date.now() };
  }

  function heldIn(environment: Environment): Held {
    const held = running.get(environment) ?? { changes: 0, readChanges: -1 };
    running.set(environment, held);
    return held;
  }

  /**
   * Reads the environment's running experiments again, once however many fetches wait for it; a
   * read under way from before the last change does not answer for it.
   */
  function readAgain(environment: Environment, held: Held): Promise<Running> {
    if (held.reading && held.reading.changes === held.changes) return held.reading.running;
    const changes = held.changes;
    const reading = read(environment).then(
      (fresh) => {
        // A read that started before another which answered already is older: it does not replace it.
        if (changes >= held.readChanges) {
          held.last = fresh;
          held.readChanges = changes;
          held.failedAt = undefined;
        }
        return fresh;
      },
      (error: unknown) => {
        held.failedAt = Date.now();
        log.error(
          { err: error, environment },
          'experiments: the running experiments were not read; the last read answers',
        );
        throw error;
      },
    );
    held.reading = { running: reading, changes };
    reading
      .catch(() => undefined)
      .finally(() => {
        if (held.reading?.running === reading) held.reading = undefined;
      });
    return reading;
  }

  async function runningIn(environment: Environment): Promise<Running> {
    const held = heldIn(environment);
    const { last } = held;
    const now = Date.now();
    if (last && held.readChanges === held.changes && now - last.readAt <= RUNNING_MAX_AGE_MS) return last;
    if (last && held.failedAt !== undefined && now - held.failedAt < READ_RETRY_MS) return last;
    try {
      return await readAgain(environment, held);
    } catch (error) {
      // Never read yet: nothing to answer with.
      if (!last) throw error;
      return last;
    }
  }

  const changed = (environment: Environment) => {
    const held = heldIn(environment);
    held.changes += 1;
    held.failedAt = undefined;
  };

  const unsubscribe = ENVIRONMENTS.map((environment) =>
    options.feeds.get(environment)?.subscribe((rows) => {
      if (rows.some((row) => row.topic === EXPERIMENTS_TOPIC)) changed(environment);
    }),
  );

  function queueExposure(environment: Environment, exposure: QueuedExposure): void {
    const players = exposed.get(environment) ?? new Map<string, RecentIds>();
    exposed.set(environment, players);
    const ofExperiment = players.get(exposure.experiment_id) ?? new RecentIds(EXPOSED_REMEMBERED);
    players.set(exposure.experiment_id, ofExperiment);
    if (ofExperiment.has(exposure.user_id)) return;
    ofExperiment.add(exposure.user_id);
    const waiting = queue.get(environment) ?? [];
    waiting.push(exposure);
    queue.set(environment, waiting);
    if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        void flush();
      }, options.flushMs ?? FLUSH_MS);
      timer.unref();
    }
  }

  /**
   * The players among `userIds` whose account is there and not being deleted. A deletion's marker
   * comes first and its clean-up erases again after the grace period (identity/lifecycle/deletion.ts),
   * so an exposure that slips in between this read and its insert is erased by that pass.
   */
  const playersStillThere = (userIds: readonly string[]) => withPlayerAccounts(stores.identity, userIds);

  /**
   * Writes one environment's exposures, only of experiments still running (one stopped meanwhile
   * takes none) and of players whose account is still there (one erased meanwhile takes none).
   */
  async function write(environment: Environment, exposures: QueuedExposure[]): Promise<void> {
    const db = stores.game[environment];
    for (let start = 0; start < exposures.length; start += FLUSH_BATCH) {
      const batch = exposures.slice(start, start + FLUSH_BATCH);
      try {
        const ids = [...new Set(batch.map((exposure) => exposure.experiment_id))];
        const still = await db
          .selectFrom('experiments')
          .select('experiment_id')
          .where('experiment_id', 'in', ids)
          .where('state', '=', 'running')
          .execute();
        const runningIds = new Set(still.map((row) => row.experiment_id));
        const ofRunning = batch.filter((exposure) => runningIds.has(exposure.experiment_id));
        if (ofRunning.length === 0) continue;
        const players = await playersStillThere(ofRunning.map((exposure) => exposure.user_id));
        const values = ofRunning.filter((exposure) => players.has(exposure.user_id));
        if (values.length === 0) continue;
        await db
          .insertInto('experiment_exposures')
          .values(values)
          .onConflict((conflict) => conflict.columns(['experiment_id', 'user_id']).doNothing())
          .execute();
      } catch (error) {
        // Forgotten, so the players' next fetch queues them again.
        log.error({ err: error }, 'experiments: exposures were not recorded; they will be on the next fetch');
        for (const exposure of batch) exposed.get(environment)?.get(exposure.experiment_id)?.delete(exposure.user_id);
      }
    }
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const taken = [...queue.entries()];
    queue.clear();
    // One flush after another: an exposure is never written by two at once.
    flushing = flushing.then(() =>
      Promise.all(taken.map(([environment, exposures]) => write(environment, exposures))).then(() => undefined),
    );
    return flushing;
  }

  return {
    async testing(environment, parameterKeys) {
      const { experiments } = await runningIn(environment);
      const now = Date.now();
      const testing = experiments.filter(
        (experiment) =>
          parameterKeys.has(experiment.parameter_key) &&
          // Past its end before the job stopped it: over for the players already.
          (experiment.ends_at === null || Date.parse(experiment.ends_at) > now),
      );
      if (testing.length === 0) return NOT_TESTING;
      return {
        segmentIDs: [...new Set(testing.flatMap((experiment) => experiment.segment_id ?? []))],
        expose(userId, segments, at = new Date()) {
          return testing.flatMap((experiment) => {
            if (experiment.segment_id !== null && !segments.has(experiment.segment_id)) return [];
            const variant = experiment.variants[assignVariant(experiment.experiment_id, experiment.variants, userId)];
            if (!variant) return [];
            queueExposure(environment, {
              experiment_id: experiment.experiment_id,
              user_id: userId,
              variant: variant.name,
              exposed_at: at.toISOString(),
            });
            return [
              {
                experimentID: experiment.experiment_id,
                parameterKey: experiment.parameter_key,
                variant: variant.name,
                value: variant.value,
              },
            ];
          });
        },
      };
    },
    changed,
    flush,
    async close() {
      for (const stop of unsubscribe) stop?.();
      await flush();
    },
  };
}

declare module '../domain' {
  interface DomainServices {
    /** The running experiments as remote config's fetch answers them, and the exposures it records. */
    experiments: Experiments;
  }
}
