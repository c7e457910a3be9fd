import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ATTESTATION_HEADER, ATTESTATION_PATHS } from '@outpost/contracts/attestation';
import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import type { PushMessage } from '@outpost/contracts/push-messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from './app-config';
import { setProfileKeys } from './identity/queries';
import { cookieHeader, ORIGIN } from './identity/testing';
import { listOutbox } from './platform/mail/queries';
import { startTestSmtpServer, type TestSmtpServer } from './platform/mail/testing';
import { readServiceAccount } from './platform/push-transport/service-account';
import { startTestFcmServer, type TestFcmServer } from './platform/push-transport/testing';
import { waitUntilPushSent } from './push/testing';
import { tokenKey } from './push/token-key';
import { buildUnreadyTestApp, openTestStores, TEST_DIALECTS, type TestStores } from './testing/test-stores';

/*
 * Never a secret in the logs (docs/decisions/0028-nothing-secret-in-the-logs.md). The whole app runs with every secret
 * the configuration knows set to a value of its own, logging everything (LOG_LEVEL=trace) into an
 * array, while a representative day goes by: sign-up and sign-in with passwords, a wrong password,
 * calls with a bearer token and with the session cookie, a password reset by mail over SMTP (the
 * link's page and the library's own link), an attestation token, ingestion with the configured and
 * a made service key, admin calls, a push through FCM, the metrics, and a call that fails. Then
 * not one line may hold any of those secrets, nor the passwords, tokens and cookies of the day.
 */

const mark = randomBytes(6).toString('hex');
const secret = (name: string) => `${name}-${mark}-${randomBytes(12).toString('hex')}`;

const SMTP_USER = 'outpost-mailer';
const PASSWORDS = {
  player: secret('player-password'),
  admin: secret('admin-password'),
  wrong: secret('wrong-password'),
};
const NEW_PASSWORD = secret('new-password');

/** Every secret the configuration holds, by the variable it comes from. */
const CONFIGURED = {
  AUTH_SECRET: secret('auth-secret'),
  METRICS_TOKEN: secret('metrics-token'),
  SMTP_PASSWORD: secret('smtp-password'),
  ATTESTATION_DEBUG_TOKENS: secret('debug-token'),
  S3_ACCESS_KEY_ID: secret('s3-access-key'),
  S3_SECRET_ACCESS_KEY: secret('s3-secret-key'),
  ...Object.fromEntries(
    ENVIRONMENTS.flatMap((environment) => {
      const env = environment.toUpperCase();
      return [
        [`INGEST_${env}_KEY`, secret(`ingest-${environment}`)],
        [`PAYPAL_${env}_CLIENT_SECRET`, secret(`paypal-${environment}`)],
        [`STRIPE_${env}_SECRET_KEY`, `sk_test_${secret(environment)}`],
        [`STRIPE_${env}_WEBHOOK_SECRET`, `whsec_${secret(environment)}`],
        [`STRIPE_${env}_BILLING_WEBHOOK_SECRET`, `whsec_${secret(`billing-${environment}`)}`],
      ];
    }),
  ),
} as Record<string, string>;
const configured = (variable: string) => CONFIGURED[variable] as string;

function everySecretConfig(smtp: TestSmtpServer, fcm: TestFcmServer, keyDir: string): Partial<AppConfig> {
  const perEnvironment = <T>(make: (environment: Environment, env: string) => T) =>
    Object.fromEntries(
      ENVIRONMENTS.map((environment) => [environment, make(environment, environment.toUpperCase())]),
    ) as Record<Environment, T>;
  const fcmAccount = readServiceAccount(fcm.writeServiceAccount(keyDir));
  return {
    logLevel: 'trace',
    authSecret: configured('AUTH_SECRET'),
    metricsToken: configured('METRICS_TOKEN'),
    // smtp://outpost-mailer:<password>@127.0.0.1:<port>
    smtpUrl: smtp.url,
    attestationMode: 'monitor',
    attestationDebugTokens: [configured('ATTESTATION_DEBUG_TOKENS')],
    fileStore: {
      kind: 's3',
      bucket: 'outpost-files',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9',
      accessKeyId: configured('S3_ACCESS_KEY_ID'),
      secretAccessKey: configured('S3_SECRET_ACCESS_KEY'),
      forcePathStyle: true,
      publicUrl: 'https://cdn.outpost.test',
    },
    ingestKeys: perEnvironment((_environment, env) => configured(`INGEST_${env}_KEY`)),
    paypal: perEnvironment((environment, env) => ({
      clientId: `paypal-client-${environment}`,
      clientSecret: configured(`PAYPAL_${env}_CLIENT_SECRET`),
      apiUrl: 'http://127.0.0.1:9',
    })),
    stripe: perEnvironment((_environment, env) => ({
      secretKey: configured(`STRIPE_${env}_SECRET_KEY`),
      webhookSecret: configured(`STRIPE_${env}_WEBHOOK_SECRET`),
      billingWebhookSecret: configured(`STRIPE_${env}_BILLING_WEBHOOK_SECRET`),
      apiUrl: 'http://127.0.0.1:9',
    })),
    // Beta's pushes go through FCM, signed with a key of the local FCM server's own.
    fcm: {
      development: undefined,
      beta: { serviceAccount: fcmAccount, apiUrl: fcm.apiUrl, concurrency: 4 },
      production: undefined,
    },
  };
}

describe.each(TEST_DIALECTS)('the logs on %s', (dialect) => {
  let stores: TestStores;
  let smtp: TestSmtpServer;
  let fcm: TestFcmServer;
  let keyDir: string;
  let app: Awaited<ReturnType<typeof buildUnreadyTestApp>>;
  const lines: string[] = [];
  /** Secrets the day hands out (tokens, cookies, a made key), found as it goes. */
  const learned = new Map<string, string>();
  const learn = (name: string, value: string | undefined) => {
    expect(value, name).toBeTruthy();
    learned.set(name, value as string);
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ credentials: { user: SMTP_USER, pass: configured('SMTP_PASSWORD') } });
    fcm = await startTestFcmServer();
    keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-log-secrets-'));
    stores = await openTestStores(dialect);
    app = await buildUnreadyTestApp(stores, {
      config: everySecretConfig(smtp, fcm, keyDir),
      logStream: { write: (line: string) => lines.push(line) },
      jobPollMs: 25,
    });
    app.get('/log-secrets-test/fails', () => {
      throw new Error('the test route fails');
    });
    await app.ready();
  });
  let closed = false;
  afterAll(async () => {
    if (!closed) await app?.close();
    await stores?.cleanup();
    await smtp?.close();
    await fcm?.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  const signedInFrom = (response: LightMyRequestResponse, name: string) => {
    expect(response.statusCode, response.body).toBe(200);
    learn(`${name} bearer token`, response.headers['set-auth-token'] as string | undefined);
    for (const cookie of response.cookies) learn(`${name} cookie ${cookie.name}`, cookie.value);
    return { bearer: `Bearer ${response.headers['set-auth-token']}`, cookie: cookieHeader(response) };
  };
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, headers: { origin: ORIGIN, ...headers }, payload });

  it('logs a representative day of the app, every secret configured', async () => {
    // Sign-up and sign-in with passwords; a wrong one.
    const signUp = async (role: 'player' | 'admin') => {
      const email = `${role}@example.com`;
      const signedUp = signedInFrom(
        await post('/api/auth/sign-up/email', { email, password: PASSWORDS[role], name: role }),
        `${role} sign-up`,
      );
      const registered = await post(
        '/api/fn/register',
        { email, displayName: `${role}-${mark}` },
        { authorization: signedUp.bearer },
      );
      expect(registered.statusCode, registered.body).toBe(200);
      return signedUp;
    };
    await signUp('player');
    const adminSignUp = await signUp('admin');
    const adminId = (
      (
        await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: adminSignUp.bearer } })
      ).json() as {
        user: { id: string };
      }
    ).user.id;
    await setProfileKeys(stores.stores.identity, adminId, ['admin']);
    const player = signedInFrom(
      await post('/api/auth/sign-in/email', { email: 'player@example.com', password: PASSWORDS.player }),
      'player sign-in',
    );
    const admin = signedInFrom(
      await post('/api/auth/sign-in/email', { email: 'admin@example.com', password: PASSWORDS.admin }),
      'admin sign-in',
    );
    expect(
      (await post('/api/auth/sign-in/email', { email: 'player@example.com', password: PASSWORDS.wrong })).statusCode,
    ).toBe(401);

    // A call with the bearer token and the cookie; one with the cookie alone; a device's messaging token.
    for (const headers of [{ authorization: player.bearer, cookie: player.cookie }, { cookie: player.cookie }]) {
      const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(me.json()).toMatchObject({ user: { email: 'player@example.com' } });
    }
    const deviceToken = secret('fcm-device-token');
    learn('device token', deviceToken);
    const device = await post(
      '/api/push/devices',
      { token: deviceToken, platform: 'android' },
      { authorization: player.bearer },
    );
    expect(device.statusCode, device.body).toBe(200);

    // A password reset by mail over SMTP: the link's page, the library's own link, the new password.
    expect((await post('/api/auth/request-password-reset', { email: 'player@example.com' })).statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.received.map((mail) => mail.to)).toEqual([['player@example.com']]));
    expect(smtp.received[0]?.user).toBe(SMTP_USER);
    const [mail] = await listOutbox(stores.stores.identity, { to: 'player@example.com', limit: 1 });
    const resetToken = decodeURIComponent(mail?.text_body.match(/token=([^\s&]+)/)?.[1] ?? '');
    learn('password reset token', resetToken);
    await app.inject({ method: 'GET', url: `/login?mode=reset&token=${encodeURIComponent(resetToken)}` });
    const libraryLink = await app.inject({
      method: 'GET',
      url: `/api/auth/reset-password/${encodeURIComponent(resetToken)}?callbackURL=%2Flogin`,
    });
    expect(libraryLink.statusCode).toBe(302);
    const reset = await post('/api/auth/reset-password', { token: resetToken, newPassword: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    signedInFrom(
      await post('/api/auth/sign-in/email', { email: 'player@example.com', password: NEW_PASSWORD }),
      'player after reset',
    );

    // An attestation token for a debug token, then a product function with it and with a bad one.
    const exchanged = await post(ATTESTATION_PATHS.exchange, { debugToken: configured('ATTESTATION_DEBUG_TOKENS') });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    learn('attestation token', (exchanged.json() as { token: string }).token);
    for (const attestation of [learned.get('attestation token') as string, `${learned.get('attestation token')}x`]) {
      const checked = await app.inject({
        method: 'GET',
        url: '/api/fn/check-email?email=player%40example.com',
        headers: { [ATTESTATION_HEADER]: attestation },
      });
      expect(checked.statusCode, checked.body).toBe(200);
    }

    // Ingestion with the configured key, a wrong one, and a key an admin made.
    const at = new Date().toISOString();
    const ingest = (key: string, id: string) =>
      app.inject({
        method: 'POST',
        url: '/api/ingest/development/events',
        headers: { authorization: `Bearer ${key}` },
        payload: { events: [{ id, type: 'level', at, userID: adminId, level: 3 }] },
      });
    expect((await ingest(configured('INGEST_DEVELOPMENT_KEY'), 'secrets-1')).statusCode).toBe(200);
    expect((await ingest(configured('INGEST_BETA_KEY'), 'secrets-2')).statusCode).toBe(401);
    const made = await post(
      '/api/admin/development/ingest-keys',
      { name: 'EU shard' },
      { authorization: admin.bearer },
    );
    expect(made.statusCode, made.body).toBe(200);
    learn('made ingest key', (made.json() as { secret: string }).secret);
    expect((await ingest(learned.get('made ingest key') as string, 'secrets-3')).statusCode).toBe(200);

    // Admin calls, a push through FCM sent by the app's job runner.
    const jobs = await app.inject({
      method: 'GET',
      url: '/api/admin/development/jobs',
      headers: { cookie: admin.cookie },
    });
    expect(jobs.statusCode, jobs.body).toBe(200);
    const betaDevice = secret('fcm-beta-device-token');
    learn('beta device token', betaDevice);
    await stores.stores.game.beta
      .insertInto('push_devices')
      .values({
        token_hash: tokenKey(betaDevice),
        token: betaDevice,
        user_id: adminId,
        platform: 'android',
        registered_at: at,
        last_seen: at,
      })
      .execute();
    const pushed = await post(
      '/api/fn/beta-push-sendbatch',
      { recipientCategory: 'everyone', sendSchedule: 'now', title: 'Secrets', body: 'None in the logs' },
      { authorization: admin.bearer },
    );
    expect(pushed.statusCode, pushed.body).toBe(200);
    const messageID = (pushed.json() as PushMessage).messageID;
    await waitUntilPushSent(stores.stores.game.beta, messageID);
    expect(fcm.received.map((push) => push.token)).toEqual([betaDevice]);
    for (const [index, token] of fcm.issued.entries()) learn(`FCM access token ${index}`, token);

    // The metrics, with their token and with a wrong one.
    const metrics = (token: string) =>
      app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect((await metrics(configured('METRICS_TOKEN'))).statusCode).toBe(200);
    expect((await metrics(`${configured('METRICS_TOKEN')}x`)).statusCode).toBe(403);

    // A call that fails, carrying every kind of credential.
    const failed = await app.inject({
      method: 'GET',
      url: '/log-secrets-test/fails',
      headers: { authorization: player.bearer, cookie: player.cookie, [ATTESTATION_HEADER]: 'x' },
    });
    expect(failed.statusCode).toBe(500);
    const requestId = (failed.json() as { error: { requestId: string } }).error.requestId;
    const failure = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'request failed');
    expect(failure).toMatchObject({ reqId: requestId, err: { message: 'the test route fails' } });

    // Every session ever made, and what else the stores keep that is a credential.
    const sessions = await stores.stores.identity.selectFrom('auth_sessions').select('token').execute();
    for (const [index, session] of sessions.entries()) learn(`session ${index}`, session.token);
    // Closed, so every line of the day is written.
    closed = true;
    await app.close();
  });

  it('holds none of the configured secrets, passwords, tokens or cookies in any line', () => {
    // The day above was logged: its requests, its mail, its push, its failure.
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    for (const message of [
      'request completed',
      'Mail sent over SMTP',
      'request failed',
      'attestation token issued for a debug token',
    ]) {
      expect(messages).toContain(message);
    }

    expect(messages.filter((message) => message === 'request completed').length).toBeGreaterThanOrEqual(25);
    const privateKey = readServiceAccount(path.join(keyDir, fs.readdirSync(keyDir)[0] as string)).privateKey;
    const keyLines = privateKey.split('\n').filter((line) => line !== '' && !line.startsWith('-----'));
    const secrets = new Map<string, string>([
      ...Object.entries(CONFIGURED),
      ...Object.entries(PASSWORDS).map(([role, password]) => [`${role} password`, password] as const),
      ['new password', NEW_PASSWORD],
      ...keyLines.map((line, index) => [`FCM private key line ${index}`, line] as const),
      ...learned,
    ]);
    const found: string[] = [];
    for (const [name, value] of secrets) {
      const forms = new Set([value, encodeURIComponent(value)]);
      for (const line of lines) {
        if ([...forms].some((form) => line.includes(form))) found.push(`${name} in ${line}`);
      }
    }
    expect(found).toEqual([]);
  });
});
