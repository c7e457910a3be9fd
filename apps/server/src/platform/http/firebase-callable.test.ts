import { FUNCTION_STATUS_BY_HTTP, HTTP_BY_FUNCTION_STATUS } from '@outpost/contracts/callable';
import { authErrorMessage } from '@outpost/contracts/identity';
import { SIGNUP_MESSAGES } from '@outpost/contracts/site';
import type { FastifyInstance } from 'fastify';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { type Functions, FunctionsError, getFunctions, httpsCallable } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { z } from 'zod/mini';
import { buildUnreadyTestApp, openTestStores, TEST_DIALECTS, type TestStores } from '../../testing/test-stores';
import { registerCallable } from './callable';
import { FunctionError } from './errors';

/**
 * The callable protocol as the game's client decodes it: the firebase JS SDK's `httpsCallable`,
 * pointed at our /api/callable on a real port, against the whole app.
 */

const PROBE = vi.hoisted(() => 'protocolProbe');

// The probe is a test-only callable, so the contracts' route table does not list it; it is
// public like the site's callables, and every other route keeps its policy.
vi.mock('@outpost/contracts/api', async (importOriginal) => {
  const api = await importOriginal<typeof import('@outpost/contracts/api')>();
  return {
    ...api,
    policyFor: (method: string, url: string) =>
      method === 'POST' && url === `/api/callable/${PROBE}` ? { access: 'public' } : api.policyFor(method, url),
  };
});

const CODES = Object.values(FUNCTION_STATUS_BY_HTTP) as [
  keyof typeof HTTP_BY_FUNCTION_STATUS,
  ...(keyof typeof HTTP_BY_FUNCTION_STATUS)[],
];
const SIGNUP_LIMIT = 4;

/** The SDK's error for a call that must fail. */
async function failure(call: Promise<unknown>): Promise<FunctionsError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof FunctionsError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe.each(TEST_DIALECTS)('the firebase JS SDK calling our callables, on %s', (dialect) => {
  let stores: TestStores;
  let app: FastifyInstance;
  let base: string;
  let firebase: FirebaseApp;
  let functions: Functions;
  let fetchSpy: MockInstance<typeof fetch>;

  beforeAll(async () => {
    stores = await openTestStores(dialect);
    app = await buildUnreadyTestApp(stores, { rateLimits: { emailSignup: { max: SIGNUP_LIMIT, windowMs: 60_000 } } });
    // Answers every code of the protocol, with the message and details it is given.
    registerCallable(app, {
      name: PROBE,
      input: z.object({ status: z.enum(CODES), message: z.string(), details: z.optional(z.unknown()) }),
      output: z.null(),
      handler: async ({ status, message, details }) => {
        throw new FunctionError(status, message, details);
      },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    fetchSpy = vi.spyOn(globalThis, 'fetch');
    firebase = initializeApp(
      { projectId: 'outpost-test', apiKey: 'test-api-key', appId: '1:000000000000:web:0000000000000000' },
      `outpost-${dialect}`,
    );
    // A URL as the region makes the SDK post to `${url}/${name}`.
    functions = getFunctions(firebase, `${base}/api/callable`);
  });

  afterAll(async () => {
    fetchSpy?.mockRestore();
    if (firebase) await deleteApp(firebase);
    await app?.close();
    await stores?.cleanup();
  });

  /** The raw answer to the same call, to compare the SDK's reading with what the server said. */
  const raw = async (name: string, data: unknown) => {
    const response = await fetch(`${base}/api/callable/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data }),
    });
    return { http: response.status, body: (await response.json()) as { error: { status: string; message: string } } };
  };

  it('decodes successes: signupCount and signupForEmails', async () => {
    const count = httpsCallable<void, { count: number }>(functions, 'signupCount');
    const signup = httpsCallable<string, { email: string; created: boolean }>(functions, 'signupForEmails');
    expect((await count()).data).toEqual({ count: 0 });
    expect((await signup('  Survivor@Example.COM ')).data).toEqual({ email: 'survivor@example.com', created: true });
    expect((await signup('survivor@example.com')).data).toEqual({ email: 'survivor@example.com', created: false });
    expect((await count()).data).toEqual({ count: 1 });
  });

  it('reads a refused address as functions/invalid-argument with the message of docs/product.md §5.1', async () => {
    const error = await failure(httpsCallable(functions, 'signupForEmails')('not-an-email'));
    expect(error.code).toBe('functions/invalid-argument');
    expect(error.message).toBe(SIGNUP_MESSAGES.invalidEmail);
    expect(error.details).toBeUndefined();
  });

  it("reads data the callable's schema refuses as functions/invalid-argument with the server's message", async () => {
    const data = { unexpected: true };
    const error = await failure(httpsCallable(functions, 'signupCount')(data));
    const answer = await raw('signupCount', data);
    expect(answer).toMatchObject({ http: 400, body: { error: { status: 'INVALID_ARGUMENT' } } });
    expect(error.code).toBe('functions/invalid-argument');
    expect(error.message).toBe(answer.body.error.message);
    expect(error.message.length).toBeGreaterThan(0);
  });

  it('reads an unknown callable as functions/not-found', async () => {
    const error = await failure(httpsCallable(functions, 'noSuchCallable')());
    expect(error.code).toBe('functions/not-found');
    expect(error.message).toBe('Nothing at POST /api/callable/noSuchCallable.');
  });

  it.each(CODES)('decodes %s with its message and details', async (status) => {
    const details = { code: `probe-${status}`, list: [1, 'two', null, { deep: true }], nested: { ok: false } };
    const message = `The probe failed with ${status}.`;
    const error = await failure(httpsCallable(functions, PROBE)({ status, message, details }));
    expect(error).toBeInstanceOf(FunctionsError);
    expect(error.code).toBe(`functions/${status}`);
    expect(error.message).toBe(message);
    expect(error.details).toEqual(details);
    const answer = await raw(PROBE, { status, message });
    expect(answer.http).toBe(HTTP_BY_FUNCTION_STATUS[status]);
    expect(answer.body).toEqual({
      error: { status: status.toUpperCase().replaceAll('-', '_'), message, requestId: expect.any(String) },
    });
  });

  it('passes scalar details through and leaves them out when there are none', async () => {
    const call = httpsCallable(functions, PROBE);
    for (const details of ['text', 7, false, null, ['a']]) {
      expect((await failure(call({ status: 'aborted', message: 'm', details }))).details).toEqual(details);
    }
    expect((await failure(call({ status: 'aborted', message: 'm' }))).details).toBeUndefined();
  });

  it("decodes the auth adapter's errors with the code of docs/product.md §8.1 in details", async () => {
    // The adapter answers through the same error body; the SDK posts {data} to `${url}/${name}`.
    const auth = getFunctions(firebase, `${base}/api/auth`);
    const missingEmail = await failure(httpsCallable(auth, 'sign-in/email')({ password: 'secret123' }));
    expect(missingEmail.code).toBe('functions/invalid-argument');
    expect(missingEmail.message).toBe(authErrorMessage('argument-error'));
    expect(missingEmail.details).toEqual({ code: 'argument-error' });
    const closed = await failure(httpsCallable(auth, 'delete-user')());
    expect(closed.code).toBe('functions/not-found');
    expect(closed.details).toEqual({ code: 'not-found' });
  });

  it('reads the rate limit as functions/resource-exhausted with the wait in the message', async () => {
    const signup = httpsCallable(functions, 'signupForEmails');
    let refused: FunctionsError | undefined;
    // Earlier tests spent part of the limit; it runs out within SIGNUP_LIMIT + 1 calls from here.
    for (let i = 0; i <= SIGNUP_LIMIT && !refused; i += 1) {
      refused = await signup(`limit-${i}@example.com`).then(
        () => undefined,
        (error: unknown) => error as FunctionsError,
      );
    }
    expect(refused).toBeInstanceOf(FunctionsError);
    expect(refused?.code).toBe('functions/resource-exhausted');
    expect(refused?.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
  });

  it('made no call but to this server', () => {
    const urls = fetchSpy.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(urls.length).toBeGreaterThan(CODES.length);
    for (const url of urls) expect(url.startsWith(`${base}/api/`), url).toBe(true);
  });
});
