import type { AttestationExchangeRequest } from '@outpost/contracts/attestation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttestationError, type AttestationErrorKind } from './errors';
import { createTokenManager, type ExchangeResponse, type TokenManagerOptions } from './token-manager';
import { STORAGE_KEY, type TokenStorage } from './token-store';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

type Outcome = ExchangeResponse | Error;
const answer = (status: number, body: unknown): ExchangeResponse => ({ status, json: async () => body });
const tokenAnswer = (ttl = '3600s', token = 'token') => answer(200, { token, ttl });
const statusAnswer = (status: number) => answer(status, { error: { status: 'x', message: 'refused' } });

function memoryStorage(): TokenStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

/**
 * A manager on fake timers whose exchange plays `outcomes` in order (the last one repeats) and
 * remembers when it was called, relative to T0.
 */
function setup(outcomes: Outcome[], options: Partial<TokenManagerOptions> = {}) {
  const calls: { at: number; request: AttestationExchangeRequest }[] = [];
  const errors: AttestationError[] = [];
  const errorTimes: number[] = [];
  let solved = 0;
  const exchange = vi.fn(async (request: AttestationExchangeRequest) => {
    calls.push({ at: Date.now() - T0, request });
    const outcome = outcomes.length > 1 ? outcomes.shift() : outcomes[0];
    if (!outcome) throw new Error('no outcome left');
    if (outcome instanceof Error) throw outcome;
    return outcome;
  });
  const solveCaptcha = vi.fn(async () => `solution-${++solved}`);
  const manager = createTokenManager({
    exchange,
    solveCaptcha,
    storage: memoryStorage(),
    now: () => Date.now(),
    setTimer: (callback, delayMs) => setTimeout(callback, delayMs),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    onError: (error) => {
      errors.push(error);
      errorTimes.push(Date.now() - T0);
    },
    ...options,
  });
  managers.push(manager);
  return { manager, exchange, solveCaptcha, calls, errors, errorTimes, callTimes: () => calls.map((call) => call.at) };
}

const managers: { dispose(): void }[] = [];

async function failureOf(promise: Promise<unknown>): Promise<AttestationError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AttestationError)) throw new Error(`expected an AttestationError, got ${String(error)}`);
  return error;
}

const expectKind = async (promise: Promise<unknown>, kind: AttestationErrorKind) =>
  expect((await failureOf(promise)).kind).toBe(kind);

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  for (const manager of managers.splice(0)) manager.dispose();
  vi.useRealTimers();
});

describe('getting a token', () => {
  it('exchanges a solved captcha, then hands out the held token', async () => {
    const t = setup([tokenAnswer('3600s', 'first')]);
    expect(await t.manager.getToken()).toBe('first');
    expect(await t.manager.getToken()).toBe('first');
    expect(t.calls).toEqual([{ at: 0, request: { captchaToken: 'solution-1' } }]);
  });

  it('shares one exchange between concurrent callers', async () => {
    const t = setup([tokenAnswer()]);
    const tokens = await Promise.all([t.manager.getToken(), t.manager.getToken(), t.manager.getToken()]);
    expect(tokens).toEqual(['token', 'token', 'token']);
    expect(t.exchange).toHaveBeenCalledTimes(1);
    expect(t.solveCaptcha).toHaveBeenCalledTimes(1);
  });

  it('exchanges a debug token instead of solving a captcha when one is set', async () => {
    const t = setup([tokenAnswer()], { debugToken: 'dev-token' });
    await t.manager.getToken();
    expect(t.calls[0]?.request).toEqual({ debugToken: 'dev-token' });
    expect(t.solveCaptcha).not.toHaveBeenCalled();
  });

  it('gets a new token once the held one has expired', async () => {
    // No timers: only getToken drives the exchange here.
    const t = setup([tokenAnswer('600s', 'a'), tokenAnswer('600s', 'b')], { setTimer: () => undefined });
    await t.manager.getToken();
    await vi.advanceTimersByTimeAsync(600 * SECOND - 1);
    expect(await t.manager.getToken()).toBe('a');
    await vi.advanceTimersByTimeAsync(1);
    expect(await t.manager.getToken()).toBe('b');
  });
});

describe('proactive refresh (docs/product.md §4.7)', () => {
  it('refreshes a 3600 s token at half its life plus 5 minutes: 35 min after issue', async () => {
    const t = setup([tokenAnswer('3600s', 'a'), tokenAnswer('3600s', 'b'), tokenAnswer('3600s', 'c')]);
    await t.manager.getToken();
    await vi.advanceTimersByTimeAsync(35 * MINUTE - 1);
    expect(t.callTimes()).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.callTimes()).toEqual([0, 35 * MINUTE]);
    expect(await t.manager.getToken()).toBe('b');
    // The next refresh counts from the new token's issue.
    await vi.advanceTimersByTimeAsync(35 * MINUTE);
    expect(t.callTimes()).toEqual([0, 35 * MINUTE, 70 * MINUTE]);
    expect(await t.manager.getToken()).toBe('c');
  });

  it('refreshes no later than 5 minutes before expiry: a 900 s token after 10 min, not 12.5', async () => {
    const t = setup([tokenAnswer('900s')]);
    await t.manager.getToken();
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(t.callTimes()).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.callTimes()).toEqual([0, 10 * MINUTE]);
  });

  it('where both rules agree (1200 s), refreshes at 15 min', async () => {
    const t = setup([tokenAnswer('1200s')]);
    await t.manager.getToken();
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    expect(t.callTimes()).toEqual([0, 15 * MINUTE]);
  });

  it('waits at least 30 s with a lifetime under 5 minutes, instead of refreshing in a loop', async () => {
    const t = setup([tokenAnswer('240s')]);
    await t.manager.getToken();
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(t.callTimes()).toEqual([0, 30 * SECOND, 60 * SECOND, 90 * SECOND, 120 * SECOND]);
  });

  it('retries a failed refresh after 30 s, 60 s, 120 s, ... up to 16 minutes', async () => {
    const t = setup([tokenAnswer('3600s'), new TypeError('offline')]);
    await t.manager.getToken();
    await vi.advanceTimersByTimeAsync(35 * MINUTE + 2 * HOUR);
    // Every refresh attempt that fails is reported: those times are the retry schedule.
    const attempts = t.errorTimes;
    expect(attempts[0]).toBe(35 * MINUTE);
    const waits = attempts.slice(1).map((at, index) => (at - (attempts[index] ?? 0)) / SECOND);
    expect(waits).toEqual([30, 60, 120, 240, 480, ...Array(6).fill(960)]);
    expect(t.errors.every((error) => error.kind === 'network' || error.kind === 'throttled')).toBe(true);
  });

  it('starts the retry waits again at 30 s after a successful refresh', async () => {
    const t = setup([tokenAnswer(), new TypeError('offline'), tokenAnswer(), new TypeError('offline')]);
    await t.manager.getToken();
    await vi.advanceTimersByTimeAsync(35 * MINUTE + 30 * SECOND + 35 * MINUTE + 30 * SECOND);
    const refreshedAt = 35 * MINUTE + 30 * SECOND;
    expect(t.callTimes()).toEqual([
      0,
      35 * MINUTE,
      refreshedAt,
      refreshedAt + 35 * MINUTE,
      refreshedAt + 35 * MINUTE + 30 * SECOND,
    ]);
  });

  it('keeps handing out the held token while a refresh fails', async () => {
    const t = setup([tokenAnswer('3600s', 'held'), statusAnswer(503)]);
    await t.manager.getToken();
    await vi.advanceTimersByTimeAsync(36 * MINUTE);
    expect(await t.manager.getToken()).toBe('held');
  });
});

describe('throttling (docs/product.md §4.7)', () => {
  it.each([403, 404])('after a %i stops exchanging for 24 hours', async (status) => {
    const t = setup([statusAnswer(status), tokenAnswer()]);
    const refused = await failureOf(t.manager.getToken());
    expect(refused).toMatchObject({ kind: 'status', status });

    const throttled = await failureOf(t.manager.getToken());
    expect(throttled.kind).toBe('throttled');
    expect(throttled.retryAt).toBe(T0 + 24 * HOUR);
    await vi.advanceTimersByTimeAsync(24 * HOUR - 1);
    await expectKind(t.manager.getToken(), 'throttled');
    expect(t.exchange).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1);
    expect(await t.manager.getToken()).toBe('token');
    expect(t.callTimes()).toEqual([0, 24 * HOUR]);
  });

  it('after other failures throttles for 1 s, 2 s, 4 s, ...', async () => {
    const t = setup([statusAnswer(500), new TypeError('offline'), answer(200, 'not the shape'), statusAnswer(429)]);
    const waits: number[] = [];
    for (let failure = 0; failure < 4; failure += 1) {
      const startedAt = Date.now();
      await failureOf(t.manager.getToken());
      const throttled = await failureOf(t.manager.getToken());
      expect(throttled.kind).toBe('throttled');
      waits.push(((throttled.retryAt ?? 0) - startedAt) / SECOND);
      await vi.advanceTimersByTimeAsync((throttled.retryAt ?? 0) - Date.now() - 1);
      await expectKind(t.manager.getToken(), 'throttled');
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    expect(t.exchange).toHaveBeenCalledTimes(4);
  });

  it('starts again from 1 s after a success', async () => {
    // No refresh timer: the token's expiry makes getToken exchange again.
    const t = setup([statusAnswer(500), statusAnswer(500), tokenAnswer('600s'), statusAnswer(500)], {
      setTimer: () => undefined,
    });
    await failureOf(t.manager.getToken());
    await vi.advanceTimersByTimeAsync(1 * SECOND);
    await failureOf(t.manager.getToken());
    await vi.advanceTimersByTimeAsync(2 * SECOND);
    await t.manager.getToken();
    await vi.advanceTimersByTimeAsync(600 * SECOND);
    const failedAt = Date.now();
    expect((await failureOf(t.manager.getToken())).kind).toBe('status');
    expect((await failureOf(t.manager.getToken())).retryAt).toBe(failedAt + 1 * SECOND);
  });

  it('throttles for 1 s, not 24 hours, after the captcha solver failed', async () => {
    const t = setup([tokenAnswer()], {
      solveCaptcha: vi.fn().mockRejectedValueOnce(new Error('timed out')).mockResolvedValue('solution'),
    });
    await expectKind(t.manager.getToken(), 'captcha');
    expect((await failureOf(t.manager.getToken())).retryAt).toBe(T0 + 1 * SECOND);
    await vi.advanceTimersByTimeAsync(1 * SECOND);
    expect(await t.manager.getToken()).toBe('token');
  });
});

describe('error kinds (docs/product.md §8.3)', () => {
  it('network: the exchange could not be reached', async () => {
    const offline = new TypeError('Failed to fetch');
    const t = setup([offline]);
    const error = await failureOf(t.manager.getToken());
    expect(error.kind).toBe('network');
    expect(error.cause).toBe(offline);
  });

  it('status: the exchange answered something other than 200, with the status', async () => {
    const t = setup([statusAnswer(500)]);
    expect(await failureOf(t.manager.getToken())).toMatchObject({ kind: 'status', status: 500 });
  });

  it.each([
    ['a body that is not JSON', { status: 200, json: () => Promise.reject(new SyntaxError('Unexpected token')) }],
    ['a missing ttl', answer(200, { token: 'x' })],
    ['a ttl without the seconds suffix', answer(200, { token: 'x', ttl: '3600' })],
    ['a zero ttl', answer(200, { token: 'x', ttl: '0s' })],
    ['an empty token', answer(200, { token: '', ttl: '3600s' })],
  ])('parse: %s', async (_name, response) => {
    const t = setup([response]);
    await expectKind(t.manager.getToken(), 'parse');
  });

  it('captcha: the solver failed, and nothing was sent', async () => {
    const t = setup([tokenAnswer()], { solveCaptcha: () => Promise.reject(new Error('no WebCrypto')) });
    await expectKind(t.manager.getToken(), 'captcha');
    expect(t.exchange).not.toHaveBeenCalled();
  });

  it('throttled: fails fast without touching the network', async () => {
    const t = setup([statusAnswer(403)]);
    await failureOf(t.manager.getToken());
    await expectKind(t.manager.getToken(), 'throttled');
    expect(t.exchange).toHaveBeenCalledTimes(1);
    expect(t.solveCaptcha).toHaveBeenCalledTimes(1);
  });

  it('storage: a failed read or write is reported, and the token still works', async () => {
    const broken: TokenStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const t = setup([tokenAnswer('3600s', 'in-memory')], { storage: broken });
    expect(await t.manager.getToken()).toBe('in-memory');
    expect(await t.manager.getToken()).toBe('in-memory');
    expect(t.errors.map((error) => error.kind)).toEqual(['storage', 'storage']);
    expect(t.errors.map((error) => error.message)).toEqual([
      'Could not read the stored attestation token.',
      'Could not store the attestation token.',
    ]);
  });

  it('storage: an unreadable stored token is reported and replaced', async () => {
    const storage = memoryStorage();
    storage.items.set(STORAGE_KEY, '{not json');
    const t = setup([tokenAnswer('3600s', 'fresh')], { storage });
    expect(await t.manager.getToken()).toBe('fresh');
    expect(t.errors.map((error) => error.kind)).toEqual(['storage']);
    expect(JSON.parse(storage.items.get(STORAGE_KEY) ?? '')).toMatchObject({ token: 'fresh' });
  });
});

describe('persistence', () => {
  it('reuses the stored token after a reload and keeps its refresh time', async () => {
    const storage = memoryStorage();
    const first = setup([tokenAnswer('3600s', 'stored')], { storage });
    await first.manager.getToken();
    expect(JSON.parse(storage.items.get(STORAGE_KEY) ?? '')).toEqual({
      token: 'stored',
      issuedAt: T0,
      expiresAt: T0 + HOUR,
    });
    first.manager.dispose();

    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    const reloaded = setup([tokenAnswer('3600s', 'renewed')], { storage });
    expect(await reloaded.manager.getToken()).toBe('stored');
    expect(reloaded.exchange).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(25 * MINUTE);
    expect(reloaded.callTimes()).toEqual([35 * MINUTE]);
    expect(await reloaded.manager.getToken()).toBe('renewed');
  });

  it('ignores an expired stored token', async () => {
    const storage = memoryStorage();
    storage.items.set(STORAGE_KEY, JSON.stringify({ token: 'old', issuedAt: T0 - 2 * HOUR, expiresAt: T0 - HOUR }));
    const t = setup([tokenAnswer('3600s', 'new')], { storage });
    expect(await t.manager.getToken()).toBe('new');
  });

  it('refreshes at once a stored token already past its refresh time', async () => {
    const storage = memoryStorage();
    storage.items.set(
      STORAGE_KEY,
      JSON.stringify({ token: 'old', issuedAt: T0 - 50 * MINUTE, expiresAt: T0 + 10 * MINUTE }),
    );
    const t = setup([tokenAnswer('3600s', 'new')], { storage });
    expect(await t.manager.getToken()).toBe('old');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.callTimes()).toEqual([0]);
    expect(await t.manager.getToken()).toBe('new');
  });
});
