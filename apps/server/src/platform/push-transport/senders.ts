import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import type { FcmConfig } from '../config';
import { type CounterHandle, type Metrics, NO_METRICS } from '../metrics/metrics';
import { createFcmPushSender, sleepFor } from './fcm';
import { createOutboxPushSender, type PushLogger } from './outbox';
import { createProjectGate, FCM_DEFAULT_QUOTA_PER_MINUTE, type ProjectGate } from './project-gate';
import type { PushOutboxHandle } from './queries';
import { DEFAULT_RETRY_POLICY } from './retry';
import type { PushOutcome, PushSender } from './sender';
import type { PushOutboxTables } from './tables';

/** Each game environment's push sender: the app's `context.push`. */
export type PushSenders = Readonly<Record<Environment, PushSender>>;

const PUSH_OUTCOMES: readonly PushOutcome['status'][] = ['sent', 'failed', 'unregistered'];

/** Counts each token's outcome as the sender answers it, whoever sends (the send job, a test notification). */
function counted(
  sender: PushSender,
  environment: Environment,
  deliveries: CounterHandle<'env' | 'outcome'>,
): PushSender {
  return {
    transport: sender.transport,
    async send(tokens, message) {
      const outcomes = await sender.send(tokens, message);
      const counts = new Map<PushOutcome['status'], number>();
      for (const outcome of outcomes) counts.set(outcome.status, (counts.get(outcome.status) ?? 0) + 1);
      for (const [outcome, count] of counts) deliveries.inc({ env: environment, outcome }, count);
      return outcomes;
    },
  };
}

/** The senders' clock, pauses and jitter: the real ones, or a test's (virtual-time.ts) so no real time passes. */
export interface PushTime {
  /** Milliseconds, monotonic. */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

const REAL_TIME: PushTime = { now: performance.now.bind(performance), sleep: sleepFor, random: Math.random };

/**
 * One gate per Firebase project: environments sharing a project share its quota and its 429
 * pauses. Should their FCM_<ENV>_QUOTA_PER_MINUTE differ, the smallest holds.
 */
function projectGates(
  fcm: Readonly<Record<Environment, FcmConfig | undefined>>,
  time: PushTime,
): Map<string, ProjectGate> {
  const quotas = new Map<string, number>();
  for (const config of Object.values(fcm)) {
    if (!config) continue;
    const project = config.serviceAccount.projectId;
    quotas.set(
      project,
      Math.min(quotas.get(project) ?? Number.POSITIVE_INFINITY, config.quotaPerMinute ?? FCM_DEFAULT_QUOTA_PER_MINUTE),
    );
  }
  return new Map(
    [...quotas].map(([project, quotaPerMinute]) => [
      project,
      createProjectGate({ quotaPerMinute, policy: DEFAULT_RETRY_POLICY, ...time }),
    ]),
  );
}

/**
 * FCM where the environment has a service account configured, the outbox everywhere else, so a
 * machine with no credentials at all sends every push to its own table. With metrics on, every
 * token's outcome is counted (`outpost_push_deliveries_total{env,outcome}`).
 */
export function createPushSenders<DB extends PushOutboxTables>(options: {
  identity: PushOutboxHandle<DB>;
  fcm: Readonly<Record<Environment, FcmConfig | undefined>>;
  logger: PushLogger;
  metrics?: Metrics;
  time?: PushTime;
}): PushSenders {
  const time = options.time ?? REAL_TIME;
  const metrics = options.metrics ?? NO_METRICS;
  const deliveries = metrics.counter({
    name: 'outpost_push_deliveries_total',
    help: 'Push deliveries by environment and outcome: sent, failed (after the retries), unregistered (a token gone for good).',
    labelNames: ['env', 'outcome'],
  });
  // Reported from the start at 0, so a first failure is an increase a rate can see.
  for (const env of ENVIRONMENTS) {
    for (const outcome of PUSH_OUTCOMES) deliveries.inc({ env, outcome }, 0);
  }
  const gates = projectGates(options.fcm, time);
  const senderFor = (environment: Environment): PushSender => {
    const sender = transportFor(environment);
    return metrics.enabled ? counted(sender, environment, deliveries) : sender;
  };
  const transportFor = (environment: Environment): PushSender => {
    const fcm = options.fcm[environment];
    return fcm
      ? createFcmPushSender({
          environment,
          serviceAccount: fcm.serviceAccount,
          apiUrl: fcm.apiUrl,
          concurrency: fcm.concurrency,
          gate: gates.get(fcm.serviceAccount.projectId),
          logger: options.logger,
          sleep: time.sleep,
          random: time.random,
        })
      : createOutboxPushSender({ identity: options.identity, environment, logger: options.logger });
  };
  return { development: senderFor('development'), beta: senderFor('beta'), production: senderFor('production') };
}
