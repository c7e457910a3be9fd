import type { Environment } from '@outpost/contracts/environments';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { FunctionError } from '../http/errors';
import type { Captcha } from './captcha';
import { createDebugTokenMatcher } from './debug-tokens';
import { ATTESTATION_MESSAGES } from './messages';
import type { AttestationTables } from './tables';
import type { AttestationTokens, IssuedToken } from './tokens';
import { claimChallenge, pruneUsedChallenges } from './used-challenges';

/** Expired records are deleted at most this often per instance, on the back of an exchange. */
const PRUNE_INTERVAL_MS = 60_000;
/**
 * Records are kept this long past their challenge's expiry. Instances' clocks may differ a little;
 * one running ahead must not forget a nonce that another still considers unexpired.
 */
const PRUNE_GRACE_MS = 60_000;

export interface TokenExchange {
  /** Verifies a captcha solution, spends it, and issues a token. */
  exchangeCaptcha(captchaToken: string, log: FastifyBaseLogger): Promise<IssuedToken>;
  exchangeDebugToken(debugToken: string, log: FastifyBaseLogger): Promise<IssuedToken>;
}

export function createTokenExchange(options: {
  identity: Kysely<AttestationTables>;
  captcha: Captcha;
  tokens: AttestationTokens;
  appEnv: Environment;
  debugTokens: readonly string[];
  allowDebugInProduction: boolean;
  now: () => Date;
}): TokenExchange {
  const { identity, captcha, tokens, now } = options;
  const isDebugToken = createDebugTokenMatcher(options.debugTokens);
  const debugAllowed = options.appEnv !== 'production' || options.allowDebugInProduction;
  let lastPrune = Number.NEGATIVE_INFINITY;

  async function pruneIfDue(log: FastifyBaseLogger): Promise<void> {
    const at = now().getTime();
    if (at - lastPrune < PRUNE_INTERVAL_MS) return;
    lastPrune = at;
    try {
      await pruneUsedChallenges(identity, new Date(at - PRUNE_GRACE_MS));
    } catch (error) {
      // Housekeeping only: the exchange already succeeded, the next one will try again.
      log.warn({ err: error }, 'could not prune used attestation challenges');
    }
  }

  return {
    async exchangeCaptcha(captchaToken, log) {
      const verdict = await captcha.verify(captchaToken);
      if (!verdict.ok) {
        switch (verdict.reason) {
          case 'malformed':
            throw new FunctionError('invalid-argument', ATTESTATION_MESSAGES.malformedCaptcha);
          case 'expired':
            throw new FunctionError('invalid-argument', ATTESTATION_MESSAGES.captchaExpired);
          case 'rejected':
            throw new FunctionError('invalid-argument', ATTESTATION_MESSAGES.captchaRejected);
        }
      }
      if (!(await claimChallenge(identity, verdict.nonce, verdict.expiresAt))) {
        throw new FunctionError('invalid-argument', ATTESTATION_MESSAGES.captchaReplayed);
      }
      await pruneIfDue(log);
      return tokens.issue('captcha');
    },

    async exchangeDebugToken(debugToken, log) {
      if (!debugAllowed) throw new FunctionError('permission-denied', ATTESTATION_MESSAGES.debugInProduction);
      if (!isDebugToken(debugToken)) throw new FunctionError('permission-denied', ATTESTATION_MESSAGES.debugRejected);
      log.info('attestation token issued for a debug token');
      return tokens.issue('debug');
    },
  };
}
