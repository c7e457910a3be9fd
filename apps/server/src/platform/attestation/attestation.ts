import type { Environment } from '@outpost/contracts/environments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { RateLimit } from '../http/rate-limit';
import { type CaptchaDifficulty, createCaptcha, DEFAULT_CAPTCHA_DIFFICULTY } from './captcha';
import { ATTESTATION_MODES, type AttestationMode, checkAttestation } from './enforcement';
import { createTokenExchange } from './exchange';
import { deriveAttestationKeys } from './keys';
import { registerAttestationRoutes } from './routes';
import type { AttestationTables } from './tables';
import { createAttestationTokens, type TokenVerdict } from './tokens';

export interface AttestationOptions<DB extends AttestationTables = AttestationTables> {
  /** The identity store; it holds the used-challenge records shared by every instance. */
  identity: Kysely<DB>;
  /** HMAC secret (at least 32 characters) from which the challenge and token keys are derived. */
  secret: string;
  appEnv: Environment;
  mode: AttestationMode;
  debugTokens: readonly string[];
  /** Debug tokens are refused in production unless this is set. */
  allowDebugInProduction: boolean;
  /** Lifetime of an issued token; answered as `ttl: '<seconds>s'`. */
  tokenTtlSeconds: number;
  /** Applies to the challenge and the exchange route, each counted on its own. */
  rateLimit: RateLimit;
  /** Defaults to DEFAULT_CAPTCHA_DIFFICULTY; tests lower it to keep solving fast. */
  captchaDifficulty?: CaptchaDifficulty;
  now?: () => Date;
}

export interface Attestation {
  readonly mode: AttestationMode;
  registerRoutes(app: FastifyInstance): void;
  /** Applies `mode` to a request: throws 401 unauthenticated only when enforcing. */
  check(request: FastifyRequest): Promise<void>;
  verifyAttestationToken(token: string): Promise<TokenVerdict>;
}

/** The self-hosted replacement of the hosted attestation service: captcha, token exchange, checks. */
export function createAttestation<DB extends AttestationTables>(options: AttestationOptions<DB>): Attestation {
  if (!ATTESTATION_MODES.includes(options.mode)) {
    throw new Error(`Unknown attestation mode "${options.mode}"; use one of ${ATTESTATION_MODES.join(', ')}.`);
  }
  const now = options.now ?? (() => new Date());
  const keys = deriveAttestationKeys(options.secret);
  const captcha = createCaptcha({ keys, difficulty: options.captchaDifficulty ?? DEFAULT_CAPTCHA_DIFFICULTY, now });
  const tokens = createAttestationTokens({ key: keys.token, ttlSeconds: options.tokenTtlSeconds, now });
  const exchange = createTokenExchange({
    // Kysely<DB> is not assignable to Kysely<Subset> (its type parameter is invariant), yet every
    // query here only names the attestation tables, which DB is constrained to contain.
    identity: options.identity as unknown as Kysely<AttestationTables>,
    captcha,
    tokens,
    appEnv: options.appEnv,
    debugTokens: options.debugTokens,
    allowDebugInProduction: options.allowDebugInProduction,
    now,
  });
  const verifyAttestationToken = (token: string) => tokens.verify(token);

  return {
    mode: options.mode,
    registerRoutes: (app) => registerAttestationRoutes(app, { captcha, exchange, rateLimit: options.rateLimit }),
    check: (request) => checkAttestation(request, options.mode, verifyAttestationToken),
    verifyAttestationToken,
  };
}
