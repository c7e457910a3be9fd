/** How the FCM sender retries a token whose send met a 429, a 5xx or a network error. */
export interface RetryPolicy {
  /** Tries per token, the first included. */
  attempts: number;
  /** The first backoff; each further one doubles, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is shortened to it, so a send is never parked for hours. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  maxRetryAfterMs: 120_000,
};

/**
 * The pause after the `failed`-th attempt: Retry-After when the server sent one (seconds or an
 * HTTP date), otherwise exponential backoff with jitter in its upper half, so the sixteen
 * requests that met the same 503 do not come back in one burst.
 */
export function retryDelay(
  policy: RetryPolicy,
  failed: number,
  retryAfter: string | null,
  nowMs: number,
  random: () => number = Math.random,
): number {
  const asked = parseRetryAfter(retryAfter, nowMs);
  if (asked !== undefined) return Math.min(asked, policy.maxRetryAfterMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failed - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * How long a project's sends pause after FCM's `strikes`-th 429 in a row: Retry-After when FCM
 * sent one, at least the backoff once the 429s repeat, the backoff alone when it sent none; plus
 * up to a tenth of the base pause as jitter, so the senders of several processes that met the
 * same quota do not all come back at the same instant.
 */
export function pauseDelay(
  policy: RetryPolicy,
  strikes: number,
  retryAfter: string | null,
  nowMs: number,
  random: () => number = Math.random,
): number {
  const backoff = retryDelay(policy, strikes, null, nowMs, random);
  const asked = parseRetryAfter(retryAfter, nowMs);
  const pause =
    asked === undefined ? backoff : Math.max(Math.min(asked, policy.maxRetryAfterMs), strikes > 1 ? backoff : 0);
  return pause + Math.round((random() * policy.baseDelayMs) / 10);
}

/** Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP-date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Every HTTP-date form names its month; Date.parse alone would read "-3" as a year.
  const date = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
