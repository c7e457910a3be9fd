import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import { type CounterHandle, type Metrics, NO_METRICS } from '../metrics/metrics';
import { createFcmSenders, type FcmConfigs, type PushTime } from './fcm-senders';
import { startFcmThread } from './fcm-thread';
import { createOutboxPushSender, type PushLogger } from './outbox';
import type { PushOutboxHandle } from './queries';
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

/** Each environment's sender, and the end of the FCM senders' thread when the app closes. */
export type ClosablePushSenders = PushSenders & { close(): Promise<void> };

/**
 * FCM where the environment has a service account configured, the outbox everywhere else, so a
 * machine with no credentials at all sends every push to its own table. The FCM senders run in a
 * thread of their own (fcm-thread.ts); a test that moves their clock (`time`) keeps them on its
 * own thread. With metrics on, every token's outcome is counted (`outpost_push_deliveries_total{env,outcome}`).
 */
export function createPushSenders<DB extends PushOutboxTables>(options: {
  identity: PushOutboxHandle<DB>;
  fcm: FcmConfigs;
  logger: PushLogger;
  metrics?: Metrics;
  time?: PushTime;
}): ClosablePushSenders {
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
  const { fcm, logger, time } = options;
  const thread = time === undefined ? startFcmThread(fcm, logger) : undefined;
  const inProcess = time === undefined ? {} : createFcmSenders(fcm, { logger, time });
  const transportFor = (environment: Environment): PushSender =>
    (thread && fcm[environment] ? thread.sender(environment) : inProcess[environment]) ??
    createOutboxPushSender({ identity: options.identity, environment, logger });
  const senderFor = (environment: Environment): PushSender => {
    const sender = transportFor(environment);
    return metrics.enabled ? counted(sender, environment, deliveries) : sender;
  };
  return {
    development: senderFor('development'),
    beta: senderFor('beta'),
    production: senderFor('production'),
    close: async () => thread?.close(),
  };
}
