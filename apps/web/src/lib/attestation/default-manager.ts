import { solveCaptchaOverHttp } from './captcha-solver';
import { exchangeOverHttp } from './http';
import { createTokenManager } from './token-manager';

declare global {
  /** A debug token for development and browser tests, set before the app loads; production refuses it. */
  var OUTPOST_ATTESTATION_DEBUG_TOKEN: string | undefined;
}

/**
 * The app's one token manager. This module pulls in the captcha solver (altcha-lib), so it is
 * only ever loaded with a dynamic import (see get-token.ts) and stays out of the entry chunk.
 */
export const attestationTokenManager = createTokenManager({
  exchange: exchangeOverHttp,
  solveCaptcha: solveCaptchaOverHttp,
  // A getter per call: merely touching localStorage throws where the user blocked site data.
  storage: {
    getItem: (key) => window.localStorage.getItem(key),
    setItem: (key, value) => window.localStorage.setItem(key, value),
  },
  debugToken: globalThis.OUTPOST_ATTESTATION_DEBUG_TOKEN,
});
