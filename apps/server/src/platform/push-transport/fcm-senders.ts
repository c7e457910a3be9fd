import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import type { FcmConfig } from '../config';
import { createFcmPushSender, sleepFor } from './fcm';
import type { PushLogger } from './outbox';
import { createProjectGate, FCM_DEFAULT_QUOTA_PER_MINUTE, type ProjectGate } from './project-gate';
import { DEFAULT_RETRY_POLICY } from './retry';
import type { PushSender } from './sender';

/** Each environment's FCM configuration, or undefined where it has none (its pushes go to the outbox). */
export type FcmConfigs = Readonly<Record<Environment, FcmConfig | undefined>>;

/** The senders' clock, pauses and jitter: the real ones, or a test's (virtual-time.ts) so no real time passes. */
export interface PushTime {
  /** Milliseconds, monotonic. */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

export const REAL_TIME: PushTime = { now: performance.now.bind(performance), sleep: sleepFor, random: Math.random };

/**
 * One gate per Firebase project: environments sharing a project share its quota and its 429
 * pauses. Should their FCM_<ENV>_QUOTA_PER_MINUTE differ, the smallest holds.
 */
function projectGates(fcm: FcmConfigs, time: PushTime): Map<string, ProjectGate> {
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

/** The FCM sender of each environment configured for FCM, those of one Firebase project sharing its gate. */
export function createFcmSenders(
  fcm: FcmConfigs,
  { logger, time }: { logger: PushLogger; time: PushTime },
): Partial<Record<Environment, PushSender>> {
  const gates = projectGates(fcm, time);
  const senders: Partial<Record<Environment, PushSender>> = {};
  for (const environment of ENVIRONMENTS) {
    const config = fcm[environment];
    if (!config) continue;
    senders[environment] = createFcmPushSender({
      environment,
      serviceAccount: config.serviceAccount,
      apiUrl: config.apiUrl,
      concurrency: config.concurrency,
      gate: gates.get(config.serviceAccount.projectId),
      logger,
      sleep: time.sleep,
      random: time.random,
    });
  }
  return senders;
}
