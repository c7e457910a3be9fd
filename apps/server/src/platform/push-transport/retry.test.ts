import { describe, expect, it } from 'vitest';
import { parseRetryAfter, type RetryPolicy, retryDelay } from './retry';

const POLICY: RetryPolicy = { attempts: 5, baseDelayMs: 1_000, maxDelayMs: 8_000, maxRetryAfterMs: 30_000 };
const NOW = Date.parse('2026-12-10T09:00:00.000Z');

describe('Retry-After and backoff', () => {
  it('reads Retry-After as seconds or as an HTTP date, and ignores what it cannot read', () => {
    expect(parseRetryAfter('7', NOW)).toBe(7_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter('Thu, 10 Dec 2026 09:00:12 GMT', NOW)).toBe(12_000);
    expect(parseRetryAfter('Thu, 10 Dec 2026 08:59:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('-3', NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
  });

  it('waits what Retry-After asks, up to the cap', () => {
    expect(retryDelay(POLICY, 1, '3', NOW)).toBe(3_000);
    expect(retryDelay(POLICY, 4, '3', NOW)).toBe(3_000);
    expect(retryDelay(POLICY, 1, '3600', NOW)).toBe(30_000);
    expect(retryDelay(POLICY, 1, 'Fri, 11 Dec 2026 09:00:00 GMT', NOW)).toBe(30_000);
  });

  it('otherwise doubles the pause from the base up to the maximum, jittered in its upper half', () => {
    const low = (failed: number) => retryDelay(POLICY, failed, null, NOW, () => 0);
    const high = (failed: number) => retryDelay(POLICY, failed, null, NOW, () => 1);
    expect([1, 2, 3, 4, 5].map(low)).toEqual([500, 1_000, 2_000, 4_000, 4_000]);
    expect([1, 2, 3, 4, 5].map(high)).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
  });
});
