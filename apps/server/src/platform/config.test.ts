import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({}, '/srv/outpost');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/outpost/data',
      appEnv: 'development',
      databaseUrl: undefined,
      logLevel: 'info',
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      seedDemoData: true,
      fileStore: { kind: 'local' },
      imageMaxBytes: 10 * 1024 * 1024,
    });
    expect(path.basename(config.webDist)).toBe('dist');
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/outpost',
        APP_ENV: 'production',
        DATABASE_URL: 'postgres://app@db:5432/outpost',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: 'https://outpost.example',
        TRUST_PROXY: '1',
        SEED_DEMO_DATA: 'false',
        AUTH_SECRET: 'a'.repeat(40),
        SMTP_URL: 'smtp://mailer:secret@mail.outpost.example:587',
        MAIL_FROM: 'Outpost <hello@outpost.example>',
        ATTESTATION_MODE: 'monitor',
        ATTESTATION_DEBUG_TOKENS: ' tok-1, tok-2 ,',
        ATTESTATION_ALLOW_DEBUG_IN_PRODUCTION: 'true',
        FILE_STORE: 's3',
        S3_BUCKET: 'outpost-files',
        S3_REGION: 'eu-west-1',
        S3_ENDPOINT: 'https://s3.eu-west-1.example',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.outpost.example',
        IMAGE_MAX_BYTES: '5242880',
      },
      '/',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/outpost',
      appEnv: 'production',
      databaseUrl: 'postgres://app@db:5432/outpost',
      logLevel: 'warn',
      publicUrl: 'https://outpost.example',
      trustProxy: 1,
      seedDemoData: false,
      authSecret: 'a'.repeat(40),
      smtpUrl: 'smtp://mailer:secret@mail.outpost.example:587',
      mailFrom: 'Outpost <hello@outpost.example>',
      attestationMode: 'monitor',
      attestationDebugTokens: ['tok-1', 'tok-2'],
      attestationAllowDebugInProduction: true,
      fileStore: {
        kind: 's3',
        bucket: 'outpost-files',
        region: 'eu-west-1',
        endpoint: 'https://s3.eu-west-1.example',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG',
        forcePathStyle: true,
        publicUrl: 'https://cdn.outpost.example',
      },
      imageMaxBytes: 5242880,
    });
  });

  it('ignores the S3 settings for the local store, and lets S3 use its default credentials', () => {
    expect(loadConfig({ S3_BUCKET: 'outpost-files' }).fileStore).toEqual({ kind: 'local' });
    const config = loadConfig({
      FILE_STORE: 's3',
      S3_BUCKET: 'outpost-files',
      S3_REGION: 'us-east-1',
      S3_PUBLIC_URL: 'https://outpost-files.s3.amazonaws.com',
    });
    expect(config.fileStore).toEqual({
      kind: 's3',
      bucket: 'outpost-files',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      publicUrl: 'https://outpost-files.s3.amazonaws.com',
    });
  });

  it('derives the sender from PUBLIC_URL and leaves the attestation mode to the environment', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://play.outpost.example' });
    expect(config.mailFrom).toBe('Outpost <no-reply@play.outpost.example>');
    expect(config.attestationMode).toBeUndefined();
    expect(config.attestationDebugTokens).toEqual([]);
  });

  it('reads TRUST_PROXY as a flag, a hop count or proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('turns PayPal on per environment, in the sandbox except for production', () => {
    expect(loadConfig({}).paypal).toEqual({ development: undefined, beta: undefined, production: undefined });
    const config = loadConfig({
      PAYPAL_DEVELOPMENT_CLIENT_ID: 'dev-id',
      PAYPAL_DEVELOPMENT_CLIENT_SECRET: 'dev-secret',
      PAYPAL_DEVELOPMENT_API_URL: 'http://127.0.0.1:9999',
      PAYPAL_BETA_CLIENT_ID: 'beta-id',
      PAYPAL_BETA_CLIENT_SECRET: 'beta-secret',
      PAYPAL_PRODUCTION_CLIENT_ID: 'live-id',
      PAYPAL_PRODUCTION_CLIENT_SECRET: 'live-secret',
    });
    expect(config.paypal).toEqual({
      development: { clientId: 'dev-id', clientSecret: 'dev-secret', apiUrl: 'http://127.0.0.1:9999' },
      beta: { clientId: 'beta-id', clientSecret: 'beta-secret', apiUrl: 'https://api-m.sandbox.paypal.com' },
      production: { clientId: 'live-id', clientSecret: 'live-secret', apiUrl: 'https://api-m.paypal.com' },
    });
    expect(loadConfig({ PAYPAL_BETA_API_URL: 'https://api-m.paypal.com' }).paypal.beta).toBeUndefined();
  });

  it('turns Stripe on per environment with its key and webhook secret, on Stripe’s own host unless told otherwise', () => {
    expect(loadConfig({}).stripe).toEqual({ development: undefined, beta: undefined, production: undefined });
    const config = loadConfig({
      STRIPE_DEVELOPMENT_SECRET_KEY: 'sk_test_dev',
      STRIPE_DEVELOPMENT_WEBHOOK_SECRET: 'whsec_dev',
      STRIPE_DEVELOPMENT_API_URL: 'http://127.0.0.1:12111',
      STRIPE_PRODUCTION_SECRET_KEY: 'rk_live_restricted',
      STRIPE_PRODUCTION_WEBHOOK_SECRET: 'whsec_live',
    });
    expect(config.stripe).toEqual({
      development: { secretKey: 'sk_test_dev', webhookSecret: 'whsec_dev', apiUrl: 'http://127.0.0.1:12111' },
      beta: undefined,
      production: { secretKey: 'rk_live_restricted', webhookSecret: 'whsec_live', apiUrl: 'https://api.stripe.com' },
    });
    expect(loadConfig({ STRIPE_BETA_API_URL: 'http://127.0.0.1:1' }).stripe.beta).toBeUndefined();
  });

  it('reads the webhooks that sell premium: Stripe Billing’s signing secret and PayPal’s webhook id, per environment', () => {
    const config = loadConfig({
      STRIPE_BETA_SECRET_KEY: 'sk_test_beta',
      STRIPE_BETA_WEBHOOK_SECRET: 'whsec_shop',
      STRIPE_BETA_BILLING_WEBHOOK_SECRET: 'whsec_billing',
      PAYPAL_BETA_CLIENT_ID: 'beta-id',
      PAYPAL_BETA_CLIENT_SECRET: 'beta-secret',
      PAYPAL_BETA_WEBHOOK_ID: 'WH-123',
    });
    expect(config.stripe.beta?.billingWebhookSecret).toBe('whsec_billing');
    expect(config.paypal.beta?.webhookId).toBe('WH-123');
    expect(
      loadConfig({ STRIPE_BETA_SECRET_KEY: 'sk_test_beta', STRIPE_BETA_WEBHOOK_SECRET: 'whsec_shop' }).stripe.beta
        ?.billingWebhookSecret,
    ).toBeUndefined();
  });

  it('reads each environment’s ingestion key, and leaves ingestion off where none is set', () => {
    const config = loadConfig({ INGEST_DEVELOPMENT_KEY: 'dev-key', INGEST_PRODUCTION_KEY: 'p'.repeat(32) });
    expect(config.ingestKeys).toEqual({ development: 'dev-key', beta: undefined, production: 'p'.repeat(32) });
    expect(loadConfig({}).ingestKeys).toEqual({ development: undefined, beta: undefined, production: undefined });
  });

  it('reads the metrics token, and keeps no metrics without one', () => {
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(32) }).metricsToken).toBe('m'.repeat(32));
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'Invalid configuration: PORT must be a port number (got "eighty")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 0 and 65535 (got "70000")'],
    [{ APP_ENV: 'staging' }, 'Invalid configuration: APP_ENV'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info'],
    [{ PUBLIC_URL: 'outpost' }, 'Invalid configuration: PUBLIC_URL must be an absolute URL'],
    [{ TRUST_PROXY: 'yes' }, 'Invalid configuration: TRUST_PROXY must be false, a number of proxy hops'],
    [{ AUTH_SECRET: 'short' }, 'Invalid configuration: AUTH_SECRET must be at least 32 characters'],
    [{ APP_ENV: 'production' }, 'Invalid configuration: AUTH_SECRET must be set when APP_ENV is production'],
    [{ SMTP_URL: 'mail.example' }, 'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ ATTESTATION_MODE: 'strict' }, 'Invalid configuration: ATTESTATION_MODE must be off, monitor or enforce'],
    [{ FILE_STORE: 'ftp' }, 'Invalid configuration: FILE_STORE must be local or s3 (got "ftp")'],
    [{ FILE_STORE: 's3' }, 'Invalid configuration: S3_BUCKET must be set when FILE_STORE is s3'],
    [{ FILE_STORE: 's3', S3_BUCKET: 'files' }, 'Invalid configuration: S3_REGION must be set when FILE_STORE is s3'],
    [
      { FILE_STORE: 's3', S3_BUCKET: 'files', S3_REGION: 'auto' },
      'Invalid configuration: S3_PUBLIC_URL must be set when FILE_STORE is s3',
    ],
    [
      {
        FILE_STORE: 's3',
        S3_BUCKET: 'files',
        S3_REGION: 'auto',
        S3_PUBLIC_URL: 'https://cdn.example',
        S3_ACCESS_KEY_ID: 'id',
      },
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    ],
    [{ S3_BUCKET: 'My_Bucket' }, 'Invalid configuration: S3_BUCKET must be a bucket name'],
    [{ S3_PUBLIC_URL: 'cdn.example' }, 'Invalid configuration: S3_PUBLIC_URL must be an http:// or https:// URL'],
    [{ S3_PUBLIC_URL: 'ftp://cdn.example' }, 'Invalid configuration: S3_PUBLIC_URL must be an http:// or https:// URL'],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'Invalid configuration: S3_FORCE_PATH_STYLE must be true or false'],
    [{ IMAGE_MAX_BYTES: '10MB' }, 'Invalid configuration: IMAGE_MAX_BYTES must be a number of bytes'],
    [{ IMAGE_MAX_BYTES: '12' }, 'Invalid configuration: IMAGE_MAX_BYTES must be at least 1024 bytes'],
    [
      { PAYPAL_BETA_CLIENT_ID: 'beta-id' },
      'Invalid configuration: PAYPAL_BETA_CLIENT_ID and PAYPAL_BETA_CLIENT_SECRET must be set together (or neither, to leave PayPal off in beta)',
    ],
    [
      { PAYPAL_PRODUCTION_CLIENT_SECRET: 'live-secret' },
      'Invalid configuration: PAYPAL_PRODUCTION_CLIENT_ID and PAYPAL_PRODUCTION_CLIENT_SECRET must be set together',
    ],
    [
      { PAYPAL_DEVELOPMENT_API_URL: 'api-m.sandbox.paypal.com' },
      'Invalid configuration: PAYPAL_DEVELOPMENT_API_URL must be an http:// or https:// URL such as https://api-m.sandbox.paypal.com (got "api-m.sandbox.paypal.com")',
    ],
    [
      { STRIPE_BETA_SECRET_KEY: 'sk_test_beta' },
      'Invalid configuration: STRIPE_BETA_SECRET_KEY and STRIPE_BETA_WEBHOOK_SECRET must be set together (or neither, to leave Stripe off in beta)',
    ],
    [
      { STRIPE_PRODUCTION_WEBHOOK_SECRET: 'whsec_live' },
      'Invalid configuration: STRIPE_PRODUCTION_SECRET_KEY and STRIPE_PRODUCTION_WEBHOOK_SECRET must be set together',
    ],
    [
      { STRIPE_DEVELOPMENT_SECRET_KEY: 'pk_test_publishable' },
      "Invalid configuration: STRIPE_DEVELOPMENT_SECRET_KEY must be the account's secret key (sk_…) or a restricted key (rk_…), not the publishable pk_…",
    ],
    [
      { STRIPE_DEVELOPMENT_WEBHOOK_SECRET: 'sk_test_wrong_one' },
      "Invalid configuration: STRIPE_DEVELOPMENT_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_…)",
    ],
    [
      { STRIPE_PRODUCTION_SECRET_KEY: 'sk_test_forgotten', STRIPE_PRODUCTION_WEBHOOK_SECRET: 'whsec_live' },
      'Invalid configuration: STRIPE_PRODUCTION_SECRET_KEY is a test-mode key; production takes live payments (sk_live_… or rk_live_…)',
    ],
    [
      { STRIPE_BETA_API_URL: 'api.stripe.com' },
      'Invalid configuration: STRIPE_BETA_API_URL must be an http:// or https:// URL such as https://api.stripe.com (got "api.stripe.com")',
    ],
    [
      { INGEST_PRODUCTION_KEY: 'p'.repeat(31) },
      'Invalid configuration: INGEST_PRODUCTION_KEY must be at least 32 characters (for example: openssl rand -hex 32)',
    ],
    [
      { APP_ENV: 'production', AUTH_SECRET: 'a'.repeat(40), INGEST_BETA_KEY: 'short' },
      'Invalid configuration: INGEST_BETA_KEY must be at least 32 characters when APP_ENV is production',
    ],
    [{ INGEST_BETA_KEY: 'two words' }, 'Invalid configuration: INGEST_BETA_KEY must be one word without spaces'],
    [
      { METRICS_TOKEN: 'm'.repeat(31) },
      'Invalid configuration: METRICS_TOKEN must be at least 32 characters (for example: openssl rand -hex 32)',
    ],
    [{ METRICS_TOKEN: `${'m'.repeat(32)} x` }, 'Invalid configuration: METRICS_TOKEN must be one word without spaces'],
  ])('stops on %o with one line naming the variable', (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('never repeats a secret in its message', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'hunter2' })).toThrow(
      /^Invalid configuration: AUTH_SECRET must be at least 32 characters[^"]*$/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:pw@db' })).not.toThrow(/pw/);
    expect(() => loadConfig({ S3_ENDPOINT: 'minio:hunter2@host' })).toThrow(
      /^Invalid configuration: S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL$/,
    );
    for (const value of ['hunter2', `hunter2 ${'m'.repeat(32)}`]) {
      expect(() => loadConfig({ METRICS_TOKEN: value })).toThrow(ConfigError);
      expect(() => loadConfig({ METRICS_TOKEN: value })).not.toThrow(/hunter2/);
    }
    for (const secret of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(() => loadConfig({ FILE_STORE: 's3', [secret]: 'hunter2' })).not.toThrow(/hunter2/);
    }
    for (const environment of ['DEVELOPMENT', 'BETA', 'PRODUCTION']) {
      expect(() => loadConfig({ [`PAYPAL_${environment}_CLIENT_SECRET`]: 'hunter2' })).toThrow(ConfigError);
      expect(() => loadConfig({ [`PAYPAL_${environment}_CLIENT_SECRET`]: 'hunter2' })).not.toThrow(/hunter2/);
      // Spaced (the format check fails) and short (the length check fails): neither is echoed.
      for (const value of ['hunter2 x', 'hunter2']) {
        const env = { APP_ENV: 'production', AUTH_SECRET: 'a'.repeat(40), [`INGEST_${environment}_KEY`]: value };
        expect(() => loadConfig(env)).toThrow(ConfigError);
        expect(() => loadConfig(env)).not.toThrow(/hunter2/);
      }
      for (const secret of [`STRIPE_${environment}_SECRET_KEY`, `STRIPE_${environment}_WEBHOOK_SECRET`]) {
        // Badly shaped (the format check fails) and well shaped (the pair check fails): neither is echoed.
        for (const value of ['pk_hunter2', 'sk_hunter2', 'whsec_hunter2']) {
          expect(() => loadConfig({ [secret]: value })).toThrow(ConfigError);
          expect(() => loadConfig({ [secret]: value })).not.toThrow(/hunter2/);
        }
      }
    }
  });
});
