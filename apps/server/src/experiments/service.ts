import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import { EXPERIMENTS_TOPIC } from '@outpost/contracts/experiments/contract';
import type { RemoteConfigValue } from '@outpost/contracts/remote-config/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { AppStores } from '../database';
import type { ChangeFeed } from '../platform/changes/feed';
import type { StoreKey } from '../platform/db/stores';
import { assignVariant } from './assignment';
import { EXPOSURES_KEY } from './live';
import { type StoredExperiment, storedExperiment } from './queries';

/*
 * Experiments as remote config's fetch uses them (docs/decisions/0140-experiments.md). The fetch
 * must stay fast (its bench bar is 5 ms p95), so nothing here reads the store per call: the
 * running experiments of an environment are kept in memory, read again when the change feed says
 * an experiment changed (on any instance) or this instance changed one, and at least every
 * RUNNING_MAX_AGE_MS; and exposures are recorded once per player and experiment per instance,
 * queued and written in small batches within FLUSH_MS (INSERT … ON CONFLICT DO NOTHING, so the
 * first exposure stands whichever instance writes it), and on close.
 */

/** The longest the running experiments answer without a read, should the feed miss a change. */
export const RUNNING_MAX_AGE_MS = 30_000;
/** How long an exposure may wait in the queue. */
export const FLUSH_MS = 500;
/** Exposures per insert. */
const FLUSH_BATCH = 200;

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
}): Experiments {
  const { stores, log } = options;
  const running = new Map<Environment, Promise<Running>>();
  /** Per environment and experiment, the players whose exposure this instance recorded or queued. */
  const exposed = new Map<Environment, Map<string, Set<string>>>();
  const queue = new Map<Environment, QueuedExposure[]>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  async function read(environment: Environment): Promise<Running> {
    const rows = await stores.game[environment]
      .selectFrom('experiments')
      .selectAll()
      .where('state', '=', 'running')
      .execute();
    const experiments = rows.map(storedExperiment);
    // Forget the players of experiments no longer running: their exposures are settled.
    const players = exposed.get(environment);
    if (players) {
      const ids = new Set(experiments.map((experiment) => experiment.experiment_id));
      for (const id of players.keys()) if (!ids.has(id)) players.delete(id);
    }
    return { experiments, readAt: Date.now() };
  }

  function runningIn(environment: Environment): Promise<Running> {
    const cached = running.get(environment);
    if (cached) return cached;
    const reading = read(environment);
    running.set(environment, reading);
    // A failed read is not kept: the next fetch tries again.
    reading.catch(() => {
      if (running.get(environment) === reading) running.delete(environment);
    });
    return reading;
  }

  const changed = (environment: Environment) => running.delete(environment);

  const unsubscribe = ENVIRONMENTS.map((environment) =>
    options.feeds.get(environment)?.subscribe((rows) => {
      if (rows.some((row) => row.topic === EXPERIMENTS_TOPIC && row.key !== EXPOSURES_KEY)) changed(environment);
    }),
  );

  function queueExposure(environment: Environment, exposure: QueuedExposure): void {
    const players = exposed.get(environment) ?? new Map<string, Set<string>>();
    exposed.set(environment, players);
    const ofExperiment = players.get(exposure.experiment_id) ?? new Set<string>();
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
      }, FLUSH_MS);
      timer.unref();
    }
  }

  /** Writes one environment's exposures, only of experiments still running (one stopped meanwhile takes none). */
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
        const values = batch.filter((exposure) => runningIds.has(exposure.experiment_id));
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
      const { experiments, readAt } = await runningIn(environment);
      if (Date.now() - readAt > RUNNING_MAX_AGE_MS) changed(environment);
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
