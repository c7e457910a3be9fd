/**
 * Attestation errors (docs/product.md §8.3): each failure of getting a token has one of these kinds, so callers
 * and logs can tell a network outage from a refusal, a broken answer, storage trouble, a solver
 * failure or the client's own throttle.
 */
export type AttestationErrorKind = 'network' | 'status' | 'parse' | 'storage' | 'captcha' | 'throttled';

export class AttestationError extends Error {
  readonly kind: AttestationErrorKind;
  /** The exchange's HTTP status, for kind 'status'. */
  readonly status: number | undefined;
  /** When requests are allowed again (epoch ms), for kind 'throttled'. */
  readonly retryAt: number | undefined;

  constructor(
    kind: AttestationErrorKind,
    message: string,
    details: { status?: number; retryAt?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'AttestationError';
    this.kind = kind;
    this.status = details.status;
    this.retryAt = details.retryAt;
  }
}
