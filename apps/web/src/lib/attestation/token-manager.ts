import {
  type AttestationExchangeRequest,
  attestationExchangeResponseSchema,
  parseTtl,
} from '@outpost/contracts/attestation';
import { z } from 'zod/mini';
import { AttestationError } from './errors';
import { NO_THROTTLE, nextRetryWait, refreshTime, type Throttle, throttleAfter } from './schedule';
import { createTokenStore, type HeldToken, type TokenStorage } from './token-store';

/** The parts of a fetch Response the manager reads. */
export interface ExchangeResponse {
  status: number;
  json(): Promise<unknown>;
}

export type TimerHandle = unknown;

export interface TokenManagerOptions {
  /** Sends the exchange request; rejects only when no answer arrived (network failure). */
  exchange: (request: AttestationExchangeRequest) => Promise<ExchangeResponse>;
  /** Fetches and solves a captcha challenge; resolves to the captchaToken (base64 ALTCHA payload). */
  solveCaptcha: () => Promise<string>;
  /** Where the token survives a reload; none means memory only. */
  storage?: TokenStorage | undefined;
  /** When set, exchanged instead of a captcha solution (development and browser tests). */
  debugToken?: string | undefined;
  now?: () => number;
  setTimer?: (callback: () => void, delayMs: number) => TimerHandle;
  clearTimer?: (handle: TimerHandle) => void;
  /** Failures nobody awaits: background refreshes and storage. Defaults to console.warn. */
  onError?: (error: AttestationError) => void;
}

export interface TokenManager {
  /** A valid token: the held one, else a new one from the exchange. */
  getToken(): Promise<string>;
  /** Stops the refresh timer. */
  dispose(): void;
}

const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

const wrap = (kind: 'captcha' | 'network', message: string, cause: unknown) =>
  cause instanceof AttestationError ? cause : new AttestationError(kind, message, { cause });

/**
 * Holds the attestation token (docs/product.md §4.7): hands out the held token while it is valid, refreshes it
 * proactively, retries failed refreshes with growing waits, and throttles the exchange after
 * failures so a refused or broken client does not hammer the server.
 */
export function createTokenManager(options: TokenManagerOptions): TokenManager {
  const now = options.now ?? (() => Date.now());
  const setTimer = options.setTimer ?? ((callback, delayMs) => setTimeout(callback, delayMs));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const report = options.onError ?? ((error) => console.warn(error));
  const store = createTokenStore(options.storage, report);

  let held: HeldToken | undefined;
  let loaded = false;
  let inFlight: Promise<HeldToken> | undefined;
  let throttle: Throttle = NO_THROTTLE;
  /** The wait before the next refresh retry; undefined while refreshes succeed. */
  let retryWait: number | undefined;
  let timer: TimerHandle | undefined;
  let disposed = false;

  function schedule(at: number): void {
    if (timer !== undefined) clearTimer(timer);
    // A timer longer than 2^31 - 1 ms fires at once; capped, a token that lives over 49 days is
    // merely refreshed early.
    timer = disposed ? undefined : setTimer(refresh, Math.min(Math.max(0, at - now()), MAX_TIMER_DELAY_MS));
  }

  async function refresh(): Promise<void> {
    timer = undefined;
    try {
      await fetchToken(); // schedules the next refresh itself
    } catch (error) {
      report(error instanceof AttestationError ? error : new AttestationError('network', String(error)));
      retryWait = nextRetryWait(retryWait);
      schedule(now() + retryWait);
    }
  }

  function adopt(token: HeldToken): void {
    held = token;
    retryWait = undefined;
    schedule(refreshTime(token.issuedAt, token.expiresAt));
  }

  async function requestToken(): Promise<HeldToken> {
    let request: AttestationExchangeRequest;
    if (options.debugToken) {
      request = { debugToken: options.debugToken };
    } else {
      try {
        request = { captchaToken: await options.solveCaptcha() };
      } catch (cause) {
        throw wrap('captcha', 'The captcha could not be solved.', cause);
      }
    }

    let response: ExchangeResponse;
    try {
      response = await options.exchange(request);
    } catch (cause) {
      throw wrap('network', 'The attestation exchange could not be reached.', cause);
    }
    if (response.status !== 200) {
      throw new AttestationError('status', `The attestation exchange answered HTTP ${response.status}.`, {
        status: response.status,
      });
    }

    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      throw new AttestationError('parse', 'The attestation exchange did not answer JSON.', { cause });
    }
    const parsed = z.safeParse(attestationExchangeResponseSchema, body);
    const ttlSeconds = parsed.success ? parseTtl(parsed.data.ttl) : undefined;
    if (!parsed.success || !ttlSeconds) {
      throw new AttestationError('parse', 'The attestation exchange answered an unexpected shape.', {
        cause: parsed.error,
      });
    }
    const issuedAt = now();
    return { token: parsed.data.token, issuedAt, expiresAt: issuedAt + ttlSeconds * 1000 };
  }

  /** One exchange at a time: concurrent callers and the refresh timer share it. */
  function fetchToken(): Promise<HeldToken> {
    if (inFlight) return inFlight;
    if (now() < throttle.until) {
      return Promise.reject(
        new AttestationError('throttled', 'Attestation requests are paused after earlier failures.', {
          retryAt: throttle.until,
        }),
      );
    }
    inFlight = requestToken()
      .then(
        (token) => {
          throttle = NO_THROTTLE;
          store.write(token);
          adopt(token);
          return token;
        },
        (error: unknown) => {
          const failure = error instanceof AttestationError ? error : new AttestationError('network', String(error));
          throttle = throttleAfter(failure, throttle, now());
          throw failure;
        },
      )
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  return {
    async getToken() {
      if (!loaded) {
        loaded = true;
        const stored = store.read();
        if (stored && now() < stored.expiresAt) adopt(stored);
      }
      if (held && now() < held.expiresAt) return held.token;
      return (await fetchToken()).token;
    },

    dispose() {
      disposed = true;
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
    },
  };
}
