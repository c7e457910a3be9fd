import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { errorCode, requestJson } from './api';
import { CallableError, NETWORK_ERROR_CODE } from './callable';

const answer = (status: number, body: unknown) =>
  vi.fn<typeof fetch>(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

const failure = async (promise: Promise<unknown>): Promise<CallableError> => {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(CallableError);
  return error as CallableError;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requestJson', () => {
  it('POSTs JSON, {} when there is no body, and parses the answer', async () => {
    const fetch = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetch);
    const result = await requestJson('/api/auth/sign-out', z.object({ ok: z.boolean() }), { method: 'POST' });
    expect(result).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/sign-out');
    expect(init).toMatchObject({ method: 'POST', body: '{}', credentials: 'same-origin' });
    expect(init?.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('sends no body and no content type with a GET', async () => {
    const fetch = answer(200, { user: null });
    vi.stubGlobal('fetch', fetch);
    await requestJson('/api/auth/me', z.object({ user: z.null() }));
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('content-type');
  });

  it('PUTs JSON, and sends a FormData as multipart with the content type left to fetch', async () => {
    const fetch = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetch);
    const schema = z.object({ ok: z.boolean() });
    await requestJson('/api/admin/beta/products/cap', schema, { method: 'PUT', body: { product: { name: 'Cap' } } });
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'PUT', body: '{"product":{"name":"Cap"}}' });
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ 'content-type': 'application/json' });

    const form = new FormData();
    form.append('product', '{}');
    form.append('images', new Blob(['png'], { type: 'image/png' }), 'a.png');
    await requestJson('/api/admin/beta/products/cap', schema, { method: 'PUT', body: form });
    const init = fetch.mock.calls[1]?.[1];
    expect(init?.body).toBe(form);
    // fetch writes multipart/form-data with its boundary only when no content type is given.
    expect(init?.headers).not.toHaveProperty('content-type');
  });

  it("carries the server's status, message and auth code", async () => {
    vi.stubGlobal(
      'fetch',
      answer(401, {
        error: {
          status: 'UNAUTHENTICATED',
          message: 'Invalid email or password.',
          details: { code: 'wrong-password' },
        },
      }),
    );
    const error = await failure(requestJson('/api/auth/sign-in/email', z.unknown(), { method: 'POST' }));
    expect(error).toMatchObject({ status: 'unauthenticated', message: 'Invalid email or password.' });
    expect(errorCode(error)).toBe('wrong-password');
  });

  it('has no code when the error has none, and names the status when the body is not ours', async () => {
    vi.stubGlobal('fetch', answer(409, { error: { status: 'ABORTED', message: 'That display name is taken.' } }));
    const taken = await failure(requestJson('/api/fn/register', z.unknown(), { method: 'POST' }));
    expect(taken.status).toBe('aborted');
    expect(errorCode(taken)).toBeUndefined();
    vi.stubGlobal('fetch', answer(502, '<html>bad gateway</html>'));
    expect(await failure(requestJson('/api/auth/me', z.unknown()))).toMatchObject({
      status: 'unknown',
      message: 'unknown',
    });
    expect(errorCode(new Error('not ours'))).toBeUndefined();
  });

  it('says when no answer arrived or the answer has the wrong shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const offline = await failure(requestJson('/api/auth/me', z.unknown()));
    expect(offline.status).toBe('unavailable');
    expect(errorCode(offline)).toBe(NETWORK_ERROR_CODE);
    vi.stubGlobal('fetch', answer(200, { user: 5 }));
    expect(await failure(requestJson('/api/auth/me', z.object({ user: z.null() })))).toMatchObject({
      status: 'internal',
    });
  });
});
