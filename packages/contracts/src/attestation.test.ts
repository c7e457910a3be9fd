import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  ATTESTATION_REFRESH_OFFSET_MS,
  ATTESTATION_RETRY_MAX_MS,
  ATTESTATION_RETRY_MIN_MS,
  ATTESTATION_THROTTLE_AFTER_REFUSAL_MS,
  ATTESTATION_THROTTLE_BASE_MS,
  attestationExchangeRequestSchema,
  attestationExchangeResponseSchema,
  formatTtl,
  parseTtl,
} from './attestation';

describe('attestation contracts', () => {
  it('hold the constants of docs/product.md §9.1', () => {
    expect(ATTESTATION_REFRESH_OFFSET_MS).toBe(5 * 60 * 1000);
    expect(ATTESTATION_RETRY_MIN_MS).toBe(30 * 1000);
    expect(ATTESTATION_RETRY_MAX_MS).toBe(16 * 60 * 1000);
    expect(ATTESTATION_THROTTLE_AFTER_REFUSAL_MS).toBe(24 * 60 * 60 * 1000);
    expect(ATTESTATION_THROTTLE_BASE_MS).toBe(1000);
  });

  it('accept exactly one of captchaToken and debugToken', () => {
    const ok = (value: unknown) => z.safeParse(attestationExchangeRequestSchema, value).success;
    expect(ok({ captchaToken: 'payload' })).toBe(true);
    expect(ok({ debugToken: 'token' })).toBe(true);
    expect(ok({ captchaToken: 'payload', debugToken: 'token' })).toBe(false);
    expect(ok({})).toBe(false);
    expect(ok({ captchaToken: '' })).toBe(false);
    expect(ok({ captchaToken: 'payload', extra: 1 })).toBe(false);
  });

  it("answer {token, ttl} with the ttl in the '<seconds>s' format", () => {
    const ok = (value: unknown) => z.safeParse(attestationExchangeResponseSchema, value).success;
    expect(ok({ token: 't', ttl: '3600s' })).toBe(true);
    expect(ok({ token: 't', ttl: '3600' })).toBe(false);
    expect(ok({ token: 't', ttl: '1.5s' })).toBe(false);
    expect(formatTtl(3600)).toBe('3600s');
    expect(parseTtl('3600s')).toBe(3600);
    expect(parseTtl('3600')).toBeUndefined();
  });
});
