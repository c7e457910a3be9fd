import { z } from 'zod/mini';

/**
 * Attestation (docs/product.md §7.4): a client proves it is a real browser or app by solving a proof-of-work
 * captcha (ALTCHA), exchanges the solution (or, in development, a debug token) for a signed
 * short-lived token, and sends that token with its calls.
 */

/** The header the existing mobile client sends the token in; the server reads it first. */
export const ATTESTATION_HEADER = 'X-Firebase-AppCheck';
/** Our own name for the same header, also accepted. */
export const ATTESTATION_HEADER_ALIAS = 'X-Outpost-Attestation';

export const ATTESTATION_PATHS = {
  challenge: '/api/attestation/challenge',
  exchange: '/api/attestation/exchange',
} as const;

/** The ALTCHA v2 key derivation both sides use; the web solver and the server must agree. */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';

// The token refresh schedule's constants (docs/product.md §9.1; §4.7 gives the rule, the web token manager applies it).
/** A token is refreshed this long after half its life, and never later than this long before expiry. */
export const ATTESTATION_REFRESH_OFFSET_MS = 5 * 60_000;
/** The first wait after a failed refresh; each further failure doubles it. */
export const ATTESTATION_RETRY_MIN_MS = 30_000;
/** The longest wait between refresh retries. */
export const ATTESTATION_RETRY_MAX_MS = 16 * 60_000;
/** After the exchange answers 403 or 404 the client stops asking for this long. */
export const ATTESTATION_THROTTLE_AFTER_REFUSAL_MS = 24 * 60 * 60_000;
/** After any other failure the client stops asking for 1 s, then 2 s, 4 s, ... */
export const ATTESTATION_THROTTLE_BASE_MS = 1_000;
/**
 * Outpost's own (docs/product.md §9.1): without a ceiling the exponential throttle would pass the 24 h refusal throttle
 * after 17 failures. Four hours is what the original hosted SDK used.
 */
export const ATTESTATION_THROTTLE_MAX_MS = 4 * 60 * 60_000;

/** Upper bounds that keep a request body small; a real ALTCHA payload is about 700 characters. */
export const CAPTCHA_TOKEN_MAX_LENGTH = 4096;
export const DEBUG_TOKEN_MAX_LENGTH = 512;

const nonEmptyString = (maxLength: number) =>
  z
    .string({ error: 'must be a string' })
    .check(
      z.minLength(1, { error: 'must not be empty' }),
      z.maxLength(maxLength, { error: `must be at most ${maxLength} characters` }),
    );

export const EXCHANGE_REQUEST_SHAPE_MESSAGE =
  'The request body must be a JSON object with either captchaToken or debugToken (a string), not both.';

/** The exchange request: exactly one of a captcha solution (base64 ALTCHA payload) or a debug token. */
export const attestationExchangeRequestSchema = z.union(
  [
    z.strictObject({ captchaToken: nonEmptyString(CAPTCHA_TOKEN_MAX_LENGTH) }),
    z.strictObject({ debugToken: nonEmptyString(DEBUG_TOKEN_MAX_LENGTH) }),
  ],
  { error: EXCHANGE_REQUEST_SHAPE_MESSAGE },
);
export type AttestationExchangeRequest = z.infer<typeof attestationExchangeRequestSchema>;

/** A lifetime in the service's seconds format, e.g. '3600s'. */
export const TTL_PATTERN = /^\d+s$/;

export const attestationExchangeResponseSchema = z.object({
  token: z.string().check(z.minLength(1)),
  ttl: z.string().check(z.regex(TTL_PATTERN)),
});
export type AttestationExchangeResponse = z.infer<typeof attestationExchangeResponseSchema>;

export function formatTtl(seconds: number): string {
  return `${seconds}s`;
}

/** Seconds of a '<n>s' lifetime; undefined for anything else. */
export function parseTtl(ttl: string): number | undefined {
  return TTL_PATTERN.test(ttl) ? Number(ttl.slice(0, -1)) : undefined;
}

const hex = z.string().check(z.regex(/^[0-9a-f]+$/));

/**
 * An ALTCHA v2 challenge as the server hands it out. The parameters are passed on untouched
 * (loose object): the signature covers every key, so dropping an unknown one would break it.
 */
export const captchaChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: hex,
    salt: hex,
    cost: z.int().check(z.positive()),
    keyLength: z.int().check(z.positive()),
    keyPrefix: hex,
    keySignature: z.optional(hex),
    /** Unix seconds. */
    expiresAt: z.optional(z.number()),
  }),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

export const captchaSolutionSchema = z.object({
  counter: z.int().check(z.nonnegative()),
  derivedKey: hex,
  time: z.optional(z.number()),
});

/** What `captchaToken` carries once base64-decoded: the challenge and the client's solution. */
export const captchaPayloadSchema = z.object({
  challenge: captchaChallengeSchema,
  solution: captchaSolutionSchema,
});
export type CaptchaPayload = z.infer<typeof captchaPayloadSchema>;
