import type { OutgoingHttpHeaders } from 'node:http2';
import type { Environment } from '@outpost/contracts/environments';
import { serviceAccountTokens } from './access-token';
import { sendBodies } from './fcm-body';
import { type FcmAnswer, readFcmAnswer } from './fcm-response';
import { createH2Pool, type H2Answer } from './h2-pool';
import type { PushLogger } from './outbox';
import { boundedSlots } from './pool';
import { createProjectGate, FCM_DEFAULT_QUOTA_PER_MINUTE, type ProjectGate } from './project-gate';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelay } from './retry';
import { assertSendable, type PushOutcome, type PushSender } from './sender';
import type { ServiceAccount } from './service-account';

export interface FcmPushSenderOptions {
  environment: Environment;
  serviceAccount: ServiceAccount;
  /** FCM's host, https://fcm.googleapis.com in production. */
  apiUrl: string;
  logger: PushLogger;
  /** HTTP/2 streams in flight at once (default FCM_DEFAULT_CONCURRENCY). */
  concurrency?: number;
  /**
   * The project's quota and 429 pause, shared by every sender of the same Firebase project
   * (createPushSenders); by default one of its own at FCM_DEFAULT_QUOTA_PER_MINUTE.
   */
  gate?: ProjectGate;
  retry?: Partial<RetryPolicy>;
  /** How long one request may take before it counts as lost (default 10 s). */
  requestTimeoutMs?: number;
  /** The pause between tries; tests make it instant or hold it. */
  sleep?: (ms: number) => Promise<void>;
  /** The jitter's source; tests fix it. */
  random?: () => number;
  /** The default gate's clock in milliseconds (performance.now); tests fix it or move it. */
  now?: () => number;
}

/**
 * Streams in flight at once unless configured: one connection's worth at FCM's advertised limit of
 * 100 streams; the bench compares a plain HTTP/2 client at the same number.
 */
export const FCM_DEFAULT_CONCURRENCY = 100;
/**
 * FCM_CONCURRENCY's ceiling: ten connections at FCM's 100 streams each. At tens of milliseconds
 * per answer, a project's default quota (10,000 a second) needs a few hundred in flight; more
 * only queue in FCM's throttling.
 */
export const FCM_MAX_CONCURRENCY = 1_000;

export const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The production adapter: FCM's HTTP v1 API over HTTP/2, one `messages:send` per token (v1 has no
 * multicast), a bounded number in flight across every send under way, each token retried on its
 * own so one slow or refused token never holds up or fails the others: a token waiting out its
 * pause holds no slot, and a send's last requests leave theirs to the next send's first. A 429
 * pauses every send of the project (ProjectGate) and its token is sent again after the pause,
 * however many times: only the other failures spend the token's attempts.
 */
export function createFcmPushSender(options: FcmPushSenderOptions): PushSender {
  const { environment, serviceAccount, logger } = options;
  const api = new URL(options.apiUrl);
  const path = `${api.pathname.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(serviceAccount.projectId)}/messages:send`;
  const tokens = serviceAccountTokens(serviceAccount);
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const sleep = options.sleep ?? sleepFor;
  const random = options.random ?? Math.random;
  const gate =
    options.gate ??
    createProjectGate({
      quotaPerMinute: FCM_DEFAULT_QUOTA_PER_MINUTE,
      policy,
      now: options.now ?? performance.now.bind(performance),
      sleep,
      random,
    });
  const pool = createH2Pool(api.origin, { timeoutMs: options.requestTimeoutMs ?? 10_000 });
  const inFlight = boundedSlots(options.concurrency ?? FCM_DEFAULT_CONCURRENCY);
  // One headers object per access token, not one per request.
  let headers: { accessToken: string; value: OutgoingHttpHeaders } | undefined;
  const headersFor = (accessToken: string) => {
    if (headers?.accessToken !== accessToken) {
      const value = {
        ':method': 'POST',
        ':path': path,
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
      };
      headers = { accessToken, value };
    }
    return headers.value;
  };

  async function attempt(body: Buffer): Promise<FcmAnswer> {
    let accessToken: string;
    try {
      accessToken = await tokens.get();
    } catch (error) {
      // The token endpoint's own trouble (down, or refusing the account) is retried like FCM's.
      return { kind: 'retry', reason: `No access token: ${(error as Error).message}`, retryAfter: null };
    }
    let answer: H2Answer;
    try {
      answer = await pool.post(headersFor(accessToken), body);
    } catch (error) {
      return { kind: 'retry', reason: `FCM unreachable: ${(error as Error).message}`, retryAfter: null };
    }
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      // Not JSON (a proxy's error page): the status alone decides.
    }
    return readFcmAnswer(answer.status, parsed, answer.retryAfter);
  }

  async function sendOne(token: string, body: Buffer): Promise<PushOutcome> {
    for (let tries = 1; ; ) {
      const answer = await inFlight(async () => {
        await gate.admit();
        const sentEpoch = gate.epoch();
        const answer = await attempt(body);
        // Told the gate before the slot passes on, so the next send already finds the pause.
        if (answer.kind === 'throttled') gate.throttled(sentEpoch, answer.retryAfter);
        else if (answer.kind === 'sent') gate.passed();
        return answer;
      });
      switch (answer.kind) {
        case 'sent':
          return { token, status: 'sent', messageId: answer.messageId };
        case 'unregistered':
          return { token, status: 'unregistered' };
        case 'failed':
          return { token, status: 'failed', reason: answer.reason };
        case 'throttled':
          break;
        case 'reauthenticate':
          tokens.forget();
          if (tries++ >= policy.attempts) return { token, status: 'failed', reason: answer.reason };
          break;
        case 'retry':
          if (tries >= policy.attempts) return { token, status: 'failed', reason: answer.reason };
          await sleep(retryDelay(policy, tries++, answer.retryAfter, Date.now(), random));
          break;
      }
    }
  }

  return {
    transport: 'fcm',
    async send(deviceTokens, message) {
      assertSendable(deviceTokens, message);
      const bodyFor = sendBodies(message);
      const outcomes = await Promise.all(deviceTokens.map((token) => sendOne(token, bodyFor(token))));
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
