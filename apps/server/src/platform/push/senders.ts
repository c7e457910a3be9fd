import type { Environment } from '@outpost/contracts/environments';
import type { FcmConfig } from '../config';
import { createFcmPushSender } from './fcm';
import { createOutboxPushSender, type PushLogger } from './outbox';
import type { PushOutboxHandle } from './queries';
import type { PushSender } from './sender';
import type { PushTables } from './tables';

/** Each game environment's push sender: the app's `context.push`. */
export type PushSenders = Readonly<Record<Environment, PushSender>>;

/**
 * FCM where the environment has a service account configured, the outbox everywhere else, so a
 * machine with no credentials at all sends every push to its own table.
 */
export function createPushSenders<DB extends PushTables>(options: {
  identity: PushOutboxHandle<DB>;
  fcm: Readonly<Record<Environment, FcmConfig | undefined>>;
  logger: PushLogger;
}): PushSenders {
  const senderFor = (environment: Environment): PushSender => {
    const fcm = options.fcm[environment];
    return fcm
      ? createFcmPushSender({
          environment,
          serviceAccount: fcm.serviceAccount,
          apiUrl: fcm.apiUrl,
          concurrency: fcm.concurrency,
          logger: options.logger,
        })
      : createOutboxPushSender({ identity: options.identity, environment, logger: options.logger });
  };
  return { development: senderFor('development'), beta: senderFor('beta'), production: senderFor('production') };
}
