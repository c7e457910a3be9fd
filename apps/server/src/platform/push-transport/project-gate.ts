import { pauseDelay, type RetryPolicy } from './retry';

/** FCM's default quota per Firebase project: 600,000 messages a minute. */
export const FCM_DEFAULT_QUOTA_PER_MINUTE = 600_000;

/**
 * What every send to one Firebase project in this process goes through before its request
 * leaves: the project's quota as a token bucket, and the pause after FCM's 429.
 */
export interface ProjectGate {
  /** Null when a send may go now; otherwise resolves once it may (its token taken, any pause waited out). */
  admit(): Promise<void> | null;
  /** The pauses begun so far: a request notes it as it leaves, so its 429 knows whether it is news. */
  epoch(): number;
  /**
   * FCM answered 429 (QUOTA_EXCEEDED) to a request that left at `sentEpoch`: every send of the
   * project pauses. The 429s of requests already in flight when the pause began add nothing.
   */
  throttled(sentEpoch: number, retryAfter: string | null): void;
  /** A request went through: the next 429 starts the backoff afresh. */
  passed(): void;
}

export interface ProjectGateOptions {
  quotaPerMinute: number;
  /** The backoff of repeated 429s (baseDelayMs, maxDelayMs, maxRetryAfterMs). */
  policy: RetryPolicy;
  /** Milliseconds, monotonic; tests move it by hand. */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

/**
 * The bucket holds one second of the quota, refilled continuously: no minute can see more than
 * the quota and one second's worth, and a send below the quota never waits. A send that finds it
 * empty takes its token ahead (the count goes below zero) and sleeps until the token is due, so
 * the waiting sends leave in the order they came, one timer each. Hand-written, not `limiter` or
 * `bottleneck` (decision 0141): neither takes a clock and a sleep a test can move, nor pauses on
 * a 429 the sends waiting for a token.
 */
export function createProjectGate(options: ProjectGateOptions): ProjectGate {
  const { policy, now, sleep, random } = options;
  const perMs = options.quotaPerMinute / 60_000;
  const capacity = Math.max(1, options.quotaPerMinute / 60);
  let tokens = capacity;
  let refilledAt = now();
  let pausedUntil = Number.NEGATIVE_INFINITY;
  let pauses = 0;
  let strikes = 0;

  function refill(at: number) {
    tokens = Math.min(capacity, tokens + Math.max(0, at - refilledAt) * perMs);
    refilledAt = at;
  }

  async function waitTurn(): Promise<void> {
    // A pause is waited out once (by its number): sleep may be a test's, which moves no clock.
    let waited = -1;
    let reserved = false;
    for (;;) {
      const at = now();
      if (at < pausedUntil && waited !== pauses) {
        waited = pauses;
        await sleep(pausedUntil - at);
        continue;
      }
      if (reserved) return;
      refill(at);
      tokens -= 1;
      reserved = true;
      if (tokens >= 0) return;
      await sleep(Math.ceil(-tokens / perMs));
    }
  }

  return {
    admit() {
      const at = now();
      if (at >= pausedUntil) {
        refill(at);
        if (tokens >= 1) {
          tokens -= 1;
          return null;
        }
      }
      return waitTurn();
    },
    epoch: () => pauses,
    throttled(sentEpoch, retryAfter) {
      if (sentEpoch !== pauses) return;
      strikes += 1;
      pauses += 1;
      pausedUntil = now() + pauseDelay(policy, strikes, retryAfter, Date.now(), random);
    },
    passed() {
      strikes = 0;
    },
  };
}
