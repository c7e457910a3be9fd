import {
  ATTESTATION_REFRESH_OFFSET_MS,
  ATTESTATION_RETRY_MAX_MS,
  ATTESTATION_RETRY_MIN_MS,
  ATTESTATION_THROTTLE_AFTER_REFUSAL_MS,
  ATTESTATION_THROTTLE_BASE_MS,
  ATTESTATION_THROTTLE_MAX_MS,
} from '@outpost/contracts/attestation';
import type { AttestationError } from './errors';

/**
 * As docs/product.md §4.7 has it, a token is refreshed at half its life plus 5 minutes, but never later than 5 minutes
 * before it expires. For a lifetime of 5 minutes or less that second rule means "at issue", and
 * each refresh would start the next at once; so a refresh also waits at least 30 s after issue
 * (half the lifetime if that is shorter). Lifetimes from 5 min 30 s up are unaffected.
 */
export function refreshTime(issuedAt: number, expiresAt: number): number {
  const halfLife = (expiresAt - issuedAt) / 2;
  const due = Math.min(issuedAt + halfLife + ATTESTATION_REFRESH_OFFSET_MS, expiresAt - ATTESTATION_REFRESH_OFFSET_MS);
  return Math.max(due, issuedAt + Math.min(halfLife, ATTESTATION_RETRY_MIN_MS));
}

/**
 * After a failed refresh wait 30 s, then twice as long after each further failure, at most 16 min
 * (docs/product.md §4.7).
 */
export function nextRetryWait(previousWait: number | undefined): number {
  return previousWait === undefined ? ATTESTATION_RETRY_MIN_MS : Math.min(previousWait * 2, ATTESTATION_RETRY_MAX_MS);
}

export interface Throttle {
  /** No exchange is attempted before this time (epoch ms). */
  until: number;
  /** Consecutive failures counted for the exponential throttle. */
  failures: number;
}

export const NO_THROTTLE: Throttle = { until: 0, failures: 0 };

/**
 * As docs/product.md §4.7 has it, a 403 or 404 from the exchange means this client is refused, so it stops asking for
 * 24 hours; any other failure throttles for 1 s, 2 s, 4 s, ... (capped, see the constant).
 */
export function throttleAfter(error: AttestationError, previous: Throttle, now: number): Throttle {
  if (error.kind === 'status' && (error.status === 403 || error.status === 404)) {
    // The refusal does not count towards the exponential series of transient failures.
    return { until: now + ATTESTATION_THROTTLE_AFTER_REFUSAL_MS, failures: previous.failures };
  }
  const wait = Math.min(ATTESTATION_THROTTLE_BASE_MS * 2 ** previous.failures, ATTESTATION_THROTTLE_MAX_MS);
  return { until: now + wait, failures: previous.failures + 1 };
}
