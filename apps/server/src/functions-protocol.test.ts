import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './identity/testing';
import { buildTestApp, TEST_DIALECTS, type TestApp } from './testing/test-stores';

describe.each(TEST_DIALECTS)('the functions protocol with attestation enforced, on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      config: { attestationMode: 'enforce', attestationDebugTokens: ['ci-debug-token'] },
    });
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/attestation/exchange',
      payload: { debugToken: 'ci-debug-token' },
    });
    expect(exchange.json().ttl).toBe('3600s');
    token = exchange.json().token;
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const checkEmail = (headers: Record<string, string>) =>
    t.app.inject({ url: '/api/fn/check-email?email=someone@example.com', headers });

  it('refuses a product function without a valid attestation token', async () => {
    const attempts: Record<string, string>[] = [{}, { 'x-firebase-appcheck': 'not-a-token' }];
    for (const headers of attempts) {
      const response = await checkEmail(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({
        status: 'UNAUTHENTICATED',
        message: 'A valid attestation token is required.',
        requestId: expect.any(String),
      });
    }
  });

  it("accepts the token under the game client's header name and ours", async () => {
    expect((await checkEmail({ 'x-firebase-appcheck': token })).json()).toEqual({ exists: false });
    expect((await checkEmail({ 'x-outpost-attestation': token })).statusCode).toBe(200);
  });

  it('takes the Firebase header names on a callable: bearer auth, messaging token and attestation', async () => {
    const player = await signUp(t.app, { email: 'mobile@example.com' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/callable/signupForEmails',
      headers: {
        authorization: player.bearer,
        'firebase-instance-id-token': 'fcm-registration-token',
        'x-firebase-appcheck': token,
      },
      payload: { data: 'mobile@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { email: 'mobile@example.com', created: true } });
  });

  it('answers malformed JSON with 400 invalid-argument on functions and callables alike', async () => {
    for (const url of ['/api/fn/register-for-email-segment', '/api/callable/signupForEmails']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'x-firebase-appcheck': token },
        payload: '{"data": ',
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'The request body is not valid JSON.',
        requestId: expect.any(String),
      });
    }
  });
});
