import type { Environment } from '@outpost/contracts/environments';
import { serviceAccountTokens } from './access-token';
import { type FcmAnswer, readFcmAnswer } from './fcm-response';
import { createJsonPoster } from './json-post';
import type { PushLogger } from './outbox';
import { boundedSlots } from './pool';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelay } from './retry';
import { assertSendable, type PushMessage, type PushOutcome, type PushSender } from './sender';
import type { ServiceAccount } from './service-account';

export interface FcmPushSenderOptions {
  environment: Environment;
  serviceAccount: ServiceAccount;
  /** FCM's host, https://fcm.googleapis.com in production. */
  apiUrl: string;
  logger: PushLogger;
  /** Requests in flight at once (default FCM_DEFAULT_CONCURRENCY). */
  concurrency?: number;
  retry?: Partial<RetryPolicy>;
  /** How long one request may take before it counts as lost (default 10 s). */
  requestTimeoutMs?: number;
  /** The pause between tries; tests make it instant or hold it. */
  sleep?: (ms: number) => Promise<void>;
}

/** Requests in flight at once unless configured: the bench compares a plain client at the same number. */
export const FCM_DEFAULT_CONCURRENCY = 16;
/** FCM_CONCURRENCY's ceiling: more sockets than this to one host only queue in its throttling. */
export const FCM_MAX_CONCURRENCY = 256;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The production adapter: FCM's HTTP v1 API, one `messages:send` per token (v1 has no multicast),
 * a bounded number in flight across every send under way, each token retried on its own so one
 * slow or refused token never holds up or fails the others: a token waiting out its pause holds no
 * slot, and a send's last requests leave theirs to the next send's first.
 */
export function createFcmPushSender(options: FcmPushSenderOptions): PushSender {
  const { environment, serviceAccount, logger } = options;
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(serviceAccount.projectId)}/messages:send`;
  const tokens = serviceAccountTokens(serviceAccount);
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const concurrency = options.concurrency ?? FCM_DEFAULT_CONCURRENCY;
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  const sleep = options.sleep ?? sleepFor;
  const poster = createJsonPoster(endpoint, { maxSockets: concurrency });
  const inFlight = boundedSlots(concurrency);

  async function attempt(token: string, message: PushMessage): Promise<FcmAnswer> {
    let accessToken: string;
    try {
      accessToken = await tokens.get();
    } catch (error) {
      // The token endpoint's own trouble (down, or refusing the account) is retried like FCM's.
      return { kind: 'retry', reason: `No access token: ${(error as Error).message}`, retryAfter: null };
    }
    try {
      const answer = await poster.post(
        { authorization: `Bearer ${accessToken}` },
        {
          message: {
            token,
            notification: { title: message.title, body: message.body },
            ...(message.data === undefined ? {} : { data: message.data }),
          },
        },
        timeoutMs,
      );
      return readFcmAnswer(answer.status, answer.body, answer.retryAfter);
    } catch (error) {
      return { kind: 'retry', reason: `FCM unreachable: ${(error as Error).message}`, retryAfter: null };
    }
  }

  async function sendOne(token: string, message: PushMessage): Promise<PushOutcome> {
    for (let tries = 1; ; tries++) {
      const answer = await inFlight(() => attempt(token, message));
      switch (answer.kind) {
        case 'sent':
          return { token, status: 'sent', messageId: answer.messageId };
        case 'unregistered':
          return { token, status: 'unregistered' };
        case 'failed':
          return { token, status: 'failed', reason: answer.reason };
        case 'reauthenticate':
          tokens.forget();
          if (tries >= policy.attempts) return { token, status: 'failed', reason: answer.reason };
          break;
        case 'retry':
          if (tries >= policy.attempts) return { token, status: 'failed', reason: answer.reason };
          await sleep(retryDelay(policy, tries, answer.retryAfter, Date.now()));
          break;
      }
    }
  }

  return {
    transport: 'fcm',
    async send(deviceTokens, message) {
      assertSendable(deviceTokens, message);
      const outcomes = await Promise.all(deviceTokens.map((token) => sendOne(token, message)));
      const failed = outcomes.filter((outcome) => outcome.status === 'failed');
      if (failed.length > 0) {
        // The caller records each outcome; the log tells the operator that FCM is in trouble.
        logger.warn(
          { environment, tokens: deviceTokens.length, failed: failed.length, firstReason: failed[0]?.reason },
          'Push sends over FCM failed',
        );
      }
      return outcomes;
    },
  };
}
