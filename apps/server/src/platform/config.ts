import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import { z } from 'zod';
import { FCM_DEFAULT_CONCURRENCY, FCM_MAX_CONCURRENCY } from './push-transport/fcm';
import { FCM_DEFAULT_QUOTA_PER_MINUTE } from './push-transport/project-gate';
import { readServiceAccount, type ServiceAccount } from './push-transport/service-account';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const MB = 1024 * 1024;

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

/**
 * `true` would believe every hop, including the one the client writes itself, so rate limits
 * could be dodged; a hop count or the proxies' addresses name only the real client.
 */
function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',');
}

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  APP_ENV: z.enum(ENVIRONMENTS, { error: `must be one of ${ENVIRONMENTS.join(', ')}` }).default('development'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_SCHEMA_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]*$/i, 'must be letters, digits and underscores (it starts the name of each schema)')
    .default(''),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://outpost.example' }).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/, {
      error:
        'must be false, a number of proxy hops (1 for one reverse proxy), or proxy addresses/CIDRs separated by commas',
    })
    .default('false')
    .transform(parseTrustProxy),
  WEB_DIST: z.string().min(1).optional(),
  SEED_DEMO_DATA: booleanFlag.default(true),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (for example: openssl rand -hex 32)').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example:587')
    .optional(),
  MAIL_FROM: z.string().min(3, 'must be a sender such as "Outpost <no-reply@outpost.example>"').optional(),
  ATTESTATION_MODE: z.enum(['off', 'monitor', 'enforce'], { error: 'must be off, monitor or enforce' }).optional(),
  ATTESTATION_DEBUG_TOKENS: z.string().optional(),
  ATTESTATION_ALLOW_DEBUG_IN_PRODUCTION: booleanFlag.default(false),
  FILE_STORE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3 to 63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region such as eu-west-1 (or auto)')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL such as https://cdn.outpost.example' })
    .optional(),
  IMAGE_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int('must be a whole number of bytes')
    .min(1024, 'must be at least 1024 bytes')
    .max(100 * MB, `must be at most ${100 * MB} bytes (100 MB)`)
    .default(10 * MB),
  PAYPAL_DEVELOPMENT_CLIENT_ID: z.string().optional(),
  PAYPAL_DEVELOPMENT_CLIENT_SECRET: z.string().optional(),
  PAYPAL_DEVELOPMENT_API_URL: paypalApiUrl(),
  PAYPAL_DEVELOPMENT_WEBHOOK_ID: z.string().optional(),
  PAYPAL_BETA_CLIENT_ID: z.string().optional(),
  PAYPAL_BETA_CLIENT_SECRET: z.string().optional(),
  PAYPAL_BETA_API_URL: paypalApiUrl(),
  PAYPAL_BETA_WEBHOOK_ID: z.string().optional(),
  PAYPAL_PRODUCTION_CLIENT_ID: z.string().optional(),
  PAYPAL_PRODUCTION_CLIENT_SECRET: z.string().optional(),
  PAYPAL_PRODUCTION_API_URL: paypalApiUrl(),
  PAYPAL_PRODUCTION_WEBHOOK_ID: z.string().optional(),
  STRIPE_DEVELOPMENT_SECRET_KEY: stripeSecretKey(),
  STRIPE_DEVELOPMENT_WEBHOOK_SECRET: stripeWebhookSecret(),
  STRIPE_DEVELOPMENT_BILLING_WEBHOOK_SECRET: stripeWebhookSecret(),
  STRIPE_DEVELOPMENT_API_URL: stripeApiUrl(),
  STRIPE_BETA_SECRET_KEY: stripeSecretKey(),
  STRIPE_BETA_WEBHOOK_SECRET: stripeWebhookSecret(),
  STRIPE_BETA_BILLING_WEBHOOK_SECRET: stripeWebhookSecret(),
  STRIPE_BETA_API_URL: stripeApiUrl(),
  STRIPE_PRODUCTION_SECRET_KEY: stripeSecretKey(),
  STRIPE_PRODUCTION_WEBHOOK_SECRET: stripeWebhookSecret(),
  STRIPE_PRODUCTION_BILLING_WEBHOOK_SECRET: stripeWebhookSecret(),
  STRIPE_PRODUCTION_API_URL: stripeApiUrl(),
  APP_STORE_DEVELOPMENT_BUNDLE_ID: appStoreBundleId(),
  APP_STORE_DEVELOPMENT_APP_APPLE_ID: appStoreAppAppleId(),
  APP_STORE_DEVELOPMENT_ENVIRONMENT: appStoreEnvironment(),
  APP_STORE_DEVELOPMENT_ROOT_CERTIFICATES: z.string().optional(),
  APP_STORE_DEVELOPMENT_ISSUER_ID: z.string().optional(),
  APP_STORE_DEVELOPMENT_KEY_ID: appStoreKeyId(),
  APP_STORE_DEVELOPMENT_PRIVATE_KEY: z.string().optional(),
  APP_STORE_DEVELOPMENT_API_URL: appStoreApiUrl(),
  APP_STORE_DEVELOPMENT_ONLINE_CHECKS: booleanFlag.optional(),
  APP_STORE_BETA_BUNDLE_ID: appStoreBundleId(),
  APP_STORE_BETA_APP_APPLE_ID: appStoreAppAppleId(),
  APP_STORE_BETA_ENVIRONMENT: appStoreEnvironment(),
  APP_STORE_BETA_ROOT_CERTIFICATES: z.string().optional(),
  APP_STORE_BETA_ISSUER_ID: z.string().optional(),
  APP_STORE_BETA_KEY_ID: appStoreKeyId(),
  APP_STORE_BETA_PRIVATE_KEY: z.string().optional(),
  APP_STORE_BETA_API_URL: appStoreApiUrl(),
  APP_STORE_BETA_ONLINE_CHECKS: booleanFlag.optional(),
  APP_STORE_PRODUCTION_BUNDLE_ID: appStoreBundleId(),
  APP_STORE_PRODUCTION_APP_APPLE_ID: appStoreAppAppleId(),
  APP_STORE_PRODUCTION_ENVIRONMENT: appStoreEnvironment(),
  APP_STORE_PRODUCTION_ROOT_CERTIFICATES: z.string().optional(),
  APP_STORE_PRODUCTION_ISSUER_ID: z.string().optional(),
  APP_STORE_PRODUCTION_KEY_ID: appStoreKeyId(),
  APP_STORE_PRODUCTION_PRIVATE_KEY: z.string().optional(),
  APP_STORE_PRODUCTION_API_URL: appStoreApiUrl(),
  APP_STORE_PRODUCTION_ONLINE_CHECKS: booleanFlag.optional(),
  GOOGLE_PLAY_DEVELOPMENT_PACKAGE_NAME: googlePlayPackageName(),
  GOOGLE_PLAY_DEVELOPMENT_SERVICE_ACCOUNT_KEY: z.string().optional(),
  GOOGLE_PLAY_DEVELOPMENT_API_URL: googlePlayUrl('https://androidpublisher.googleapis.com/'),
  GOOGLE_PLAY_DEVELOPMENT_PUSH_AUDIENCE: z.string().optional(),
  GOOGLE_PLAY_DEVELOPMENT_PUSH_JWKS_URL: googlePlayUrl('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_PLAY_DEVELOPMENT_PUSH_SERVICE_ACCOUNT_EMAIL: googlePlayEmail(),
  GOOGLE_PLAY_BETA_PACKAGE_NAME: googlePlayPackageName(),
  GOOGLE_PLAY_BETA_SERVICE_ACCOUNT_KEY: z.string().optional(),
  GOOGLE_PLAY_BETA_API_URL: googlePlayUrl('https://androidpublisher.googleapis.com/'),
  GOOGLE_PLAY_BETA_PUSH_AUDIENCE: z.string().optional(),
  GOOGLE_PLAY_BETA_PUSH_JWKS_URL: googlePlayUrl('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_PLAY_BETA_PUSH_SERVICE_ACCOUNT_EMAIL: googlePlayEmail(),
  GOOGLE_PLAY_PRODUCTION_PACKAGE_NAME: googlePlayPackageName(),
  GOOGLE_PLAY_PRODUCTION_SERVICE_ACCOUNT_KEY: z.string().optional(),
  GOOGLE_PLAY_PRODUCTION_API_URL: googlePlayUrl('https://androidpublisher.googleapis.com/'),
  GOOGLE_PLAY_PRODUCTION_PUSH_AUDIENCE: z.string().optional(),
  GOOGLE_PLAY_PRODUCTION_PUSH_JWKS_URL: googlePlayUrl('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_PLAY_PRODUCTION_PUSH_SERVICE_ACCOUNT_EMAIL: googlePlayEmail(),
  INGEST_DEVELOPMENT_KEY: serviceKey(),
  INGEST_BETA_KEY: serviceKey(),
  INGEST_PRODUCTION_KEY: serviceKey(),
  FCM_DEVELOPMENT_SERVICE_ACCOUNT: z.string().optional(),
  FCM_DEVELOPMENT_API_URL: fcmApiUrl(),
  FCM_DEVELOPMENT_QUOTA_PER_MINUTE: fcmQuota(),
  FCM_BETA_SERVICE_ACCOUNT: z.string().optional(),
  FCM_BETA_API_URL: fcmApiUrl(),
  FCM_BETA_QUOTA_PER_MINUTE: fcmQuota(),
  FCM_PRODUCTION_SERVICE_ACCOUNT: z.string().optional(),
  FCM_PRODUCTION_API_URL: fcmApiUrl(),
  FCM_PRODUCTION_QUOTA_PER_MINUTE: fcmQuota(),
  FCM_CONCURRENCY: z.coerce
    .number({ error: 'must be a number of streams' })
    .int('must be a whole number of streams')
    .min(1, `must be between 1 and ${FCM_MAX_CONCURRENCY}`)
    .max(FCM_MAX_CONCURRENCY, `must be between 1 and ${FCM_MAX_CONCURRENCY}`)
    .default(FCM_DEFAULT_CONCURRENCY),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  // A scraper sends it as `Authorization: Bearer <token>`, where a space would end it.
  METRICS_TOKEN: z
    .string()
    .regex(/^\S+$/, 'must be one word without spaces (for example: openssl rand -hex 32)')
    .min(32, 'must be at least 32 characters (for example: openssl rand -hex 32)')
    .optional(),
});

/** A key travels as `Authorization: Bearer <key>`, where a space would end it. */
function serviceKey() {
  return z.string().regex(/^\S+$/, 'must be one word without spaces (for example: openssl rand -hex 32)').optional();
}

function paypalApiUrl() {
  return z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL such as https://api-m.sandbox.paypal.com' })
    .optional();
}

/** A publishable key (pk_…) here is the usual slip; it cannot create sessions or refunds. */
function stripeSecretKey() {
  return z
    .string()
    .regex(
      /^(sk|rk)_\S+$/,
      "must be the account's secret key (sk_…) or a restricted key (rk_…), not the publishable pk_…",
    )
    .optional();
}

function stripeWebhookSecret() {
  return z
    .string()
    .regex(/^whsec_\S+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional();
}

function fcmApiUrl() {
  return z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL such as https://fcm.googleapis.com' })
    .optional();
}

/** A Firebase project's quota in messages a minute; FCM's default unless raised in the Google Cloud console. */
function fcmQuota() {
  return z.coerce
    .number({ error: 'must be a number of messages a minute' })
    .int('must be a whole number of messages a minute')
    .min(1, 'must be at least 1 message a minute (FCM grants 600000 by default)')
    .default(FCM_DEFAULT_QUOTA_PER_MINUTE);
}

function stripeApiUrl() {
  return z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL such as https://api.stripe.com' })
    .optional();
}

function appStoreBundleId() {
  return z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, "must be the app's bundle id, such as com.example.game")
    .optional();
}

function appStoreAppAppleId() {
  return z
    .string()
    .regex(/^\d+$/, "must be the app's Apple ID, the number App Store Connect shows in the app's App Information")
    .optional();
}

function appStoreEnvironment() {
  return z.enum(['Sandbox', 'Production'], { error: 'must be Sandbox or Production' }).optional();
}

function appStoreKeyId() {
  return z
    .string()
    .regex(/^[A-Z0-9]{10}$/, "must be the in-app purchase key's 10-character Key ID from App Store Connect")
    .optional();
}

function appStoreApiUrl() {
  return z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL such as https://api.storekit.apple.com' })
    .optional();
}

function googlePlayPackageName() {
  return z
    .string()
    .regex(
      /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/,
      "must be the app's package name, such as com.example.game",
    )
    .optional();
}

function googlePlayEmail() {
  return z.email({ error: "must be the push subscription's service account email" }).optional();
}

function googlePlayUrl(example: string) {
  return z.url({ protocol: /^https?$/, error: `must be an http:// or https:// URL such as ${example}` }).optional();
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  appEnv: Environment;
  databaseUrl: string | undefined;
  /** PostgreSQL: starts each store's schema name, so several deployments can share one database. */
  databaseSchemaPrefix: string;
  logLevel: (typeof LOG_LEVELS)[number];
  publicUrl: string;
  /** Which proxies may name the client in X-Forwarded-For: none, a hop count, or their addresses. */
  trustProxy: boolean | number | string[];
  /** Folder of the built web app; absent means the API runs without the site. */
  webDist: string;
  seedDemoData: boolean;
  /** Signs sessions and attestation tokens; required in production, kept under DATA_DIR otherwise. */
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Undefined means the environment's default (enforce in production, monitor elsewhere). */
  attestationMode: 'off' | 'monitor' | 'enforce' | undefined;
  attestationDebugTokens: string[];
  attestationAllowDebugInProduction: boolean;
  /** Where uploaded files live: a folder under DATA_DIR, or an S3-compatible bucket. */
  fileStore: FileStoreConfig;
  /** Largest image upload accepted, in bytes; larger ones are refused with 413. */
  imageMaxBytes: number;
  /** Each game environment's PayPal REST app; undefined means PayPal is off there. */
  paypal: Record<Environment, PayPalConfig | undefined>;
  /** Each game environment's Stripe account (Checkout and its webhook); undefined means Stripe is off there. */
  stripe: Record<Environment, StripeConfig | undefined>;
  /** Each game environment's App Store app (its purchases verified, its notifications read); undefined means the App Store is off there. */
  appStore: Record<Environment, AppStoreConfig | undefined>;
  /** Each game environment's Google Play app (its purchases verified, its notifications read); undefined means Google Play is off there. */
  googlePlay: Record<Environment, GooglePlayConfig | undefined>;
  /**
   * The service key the game's servers present to report to each environment (the ingestion
   * API, `Authorization: Bearer <key>`); undefined means that environment takes no reports.
   */
  ingestKeys: Record<Environment, string | undefined>;
  /** Each game environment's Firebase Cloud Messaging credentials; undefined means its pushes go to the outbox. */
  fcm: Record<Environment, FcmConfig | undefined>;
  /** The token a Prometheus scraper sends for GET /metrics; undefined means no metrics are kept or served. */
  metricsToken: string | undefined;
  /** Where rate limits are counted when set; otherwise in PostgreSQL (when the stores are there) or in memory. */
  redisUrl: string | undefined;
};

export type FcmConfig = {
  /** The service account's key file, read and checked when the configuration is loaded. */
  serviceAccount: ServiceAccount;
  /** FCM's API host; tests point it at a local server. */
  apiUrl: string;
  /** HTTP/2 streams in flight at once (FCM_CONCURRENCY, every environment's). */
  concurrency: number;
  /** The Firebase project's quota, messages a minute (FCM_<ENV>_QUOTA_PER_MINUTE; unset, FCM's default). */
  quotaPerMinute?: number;
};

const FCM_DEFAULT_API_URL = 'https://fcm.googleapis.com';

export type PayPalConfig = {
  clientId: string;
  clientSecret: string;
  /** PayPal's REST host: the sandbox's or the live one. */
  apiUrl: string;
  /** The id PayPal gave the webhook that posts to /api/webhooks/paypal; unset, its events are refused (503). */
  webhookId?: string | undefined;
};

/** Development and beta take payments in PayPal's sandbox unless told otherwise; production is live. */
const PAYPAL_DEFAULT_API_URL: Record<Environment, string> = {
  development: 'https://api-m.sandbox.paypal.com',
  beta: 'https://api-m.sandbox.paypal.com',
  production: 'https://api-m.paypal.com',
};

export type StripeConfig = {
  /** The secret (or restricted) API key: sk_test_… outside production, sk_live_… in it. */
  secretKey: string;
  /** The signing secret of the webhook endpoint that posts to /api/webhooks/stripe. */
  webhookSecret: string;
  /**
   * The signing secret of the Billing endpoint (/api/webhooks/stripe-billing, premium's events);
   * undefined leaves premium by card unheard there, so it is not sold.
   */
  billingWebhookSecret?: string | undefined;
  /** Stripe's API host; tests point it at a local server. */
  apiUrl: string;
};

const STRIPE_DEFAULT_API_URL = 'https://api.stripe.com';

export type AppStoreConfig = {
  bundleId: string;
  /** The app's Apple ID; Production's notifications are checked against it (required there). */
  appAppleId: number | undefined;
  /** Which App Store's purchases this game environment takes: TestFlight and Xcode-signed builds buy in Sandbox. */
  environment: 'Sandbox' | 'Production';
  /** The roots the App Store's signatures must lead to (DER): Apple Root CA - G3 for Apple's own. */
  rootCertificates: Buffer[];
  /** The in-app purchase key of App Store Connect (Users and Access, Integrations): its issuer, id and PKCS#8 PEM (the .p8). */
  issuerId: string;
  keyId: string;
  privateKey: string;
  /** The App Store Server API's host; tests point it at a local server. */
  apiUrl: string;
  /** Asks Apple's OCSP responder whether the signing certificates were revoked (and checks them against now). */
  onlineChecks: boolean;
};

const APP_STORE_DEFAULT_API_URL: Record<AppStoreConfig['environment'], string> = {
  Sandbox: 'https://api.storekit-sandbox.apple.com',
  Production: 'https://api.storekit.apple.com',
};

export type GooglePlayConfig = {
  /** The game's application id in Google Play (its package name). */
  packageName: string;
  /** The service account's key file (read and checked at load); the Play Console grants it the app's orders. */
  serviceAccount: ServiceAccount;
  /** The Play Developer API's root; tests point it at a local server. */
  apiUrl: string;
  /** The audience set on the Pub/Sub push subscription that posts to /api/webhooks/google-play. */
  pushAudience: string;
  /** Where Google's OIDC keys are (the push's token is checked against them). */
  pushJwksUrl: string;
  /** The service account the push subscription authenticates as; unset, any Google-signed token for the audience is taken. */
  pushServiceAccountEmail: string | undefined;
};

const GOOGLE_PLAY_DEFAULT_API_URL = 'https://androidpublisher.googleapis.com/';
const GOOGLE_DEFAULT_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

export type FileStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Unset means AWS itself. */
      endpoint: string | undefined;
      /** Both or neither; neither means the SDK's default chain (environment, instance role). */
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
      /** The address browsers load objects from (the bucket's public address or a CDN). */
      publicUrl: string;
    };

const UNECHOED = new Set([
  'AUTH_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'ATTESTATION_DEBUG_TOKENS',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'PAYPAL_DEVELOPMENT_CLIENT_SECRET',
  'PAYPAL_BETA_CLIENT_SECRET',
  'PAYPAL_PRODUCTION_CLIENT_SECRET',
  'STRIPE_DEVELOPMENT_SECRET_KEY',
  'STRIPE_DEVELOPMENT_WEBHOOK_SECRET',
  'STRIPE_BETA_SECRET_KEY',
  'STRIPE_BETA_WEBHOOK_SECRET',
  'STRIPE_PRODUCTION_SECRET_KEY',
  'STRIPE_PRODUCTION_WEBHOOK_SECRET',
  'INGEST_DEVELOPMENT_KEY',
  'INGEST_BETA_KEY',
  'INGEST_PRODUCTION_KEY',
  'METRICS_TOKEN',
  // It may carry Redis's password.
  'REDIS_URL',
]);

/** Raised when the environment is invalid; its message is one line naming the variable. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd` idiom.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    // Never echo a secret, or a URL that may carry a password, into the logs.
    const shown = present[variable] !== undefined && !UNECHOED.has(variable);
    const got = shown ? ` (got "${present[variable]}")` : '';
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}${got}`);
  }
  const value = parsed.data;
  if (value.APP_ENV === 'production' && !value.AUTH_SECRET) {
    throw new ConfigError('Invalid configuration: AUTH_SECRET must be set when APP_ENV is production');
  }
  const fileStore = fileStoreConfig(value);
  const paypal = paypalConfig(present);
  const stripe = stripeConfig(present);
  const appStore = appStoreConfig(present, cwd);
  const googlePlay = googlePlayConfig(present, cwd);
  const ingestKeys = ingestKeysConfig(value);
  const fcm = fcmConfig(present, cwd, value.FCM_CONCURRENCY, {
    development: value.FCM_DEVELOPMENT_QUOTA_PER_MINUTE,
    beta: value.FCM_BETA_QUOTA_PER_MINUTE,
    production: value.FCM_PRODUCTION_QUOTA_PER_MINUTE,
  });
  const publicUrl = value.PUBLIC_URL ?? `http://localhost:${value.PORT}`;
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(cwd, value.DATA_DIR),
    appEnv: value.APP_ENV,
    databaseUrl: value.DATABASE_URL,
    databaseSchemaPrefix: value.DATABASE_SCHEMA_PREFIX,
    logLevel: value.LOG_LEVEL,
    publicUrl,
    trustProxy: value.TRUST_PROXY,
    webDist: path.resolve(cwd, value.WEB_DIST ?? defaultWebDist()),
    seedDemoData: value.SEED_DEMO_DATA,
    authSecret: value.AUTH_SECRET,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM ?? `Outpost <no-reply@${new URL(publicUrl).hostname}>`,
    attestationMode: value.ATTESTATION_MODE,
    attestationDebugTokens: (value.ATTESTATION_DEBUG_TOKENS ?? '')
      .split(',')
      .map((token) => token.trim())
      .filter(Boolean),
    attestationAllowDebugInProduction: value.ATTESTATION_ALLOW_DEBUG_IN_PRODUCTION,
    fileStore,
    imageMaxBytes: value.IMAGE_MAX_BYTES,
    paypal,
    stripe,
    appStore,
    googlePlay,
    ingestKeys,
    fcm,
    metricsToken: value.METRICS_TOKEN,
    redisUrl: value.REDIS_URL,
  };
}

const INGEST_KEY_VARIABLES = {
  development: 'INGEST_DEVELOPMENT_KEY',
  beta: 'INGEST_BETA_KEY',
  production: 'INGEST_PRODUCTION_KEY',
} as const satisfies Record<Environment, keyof z.infer<typeof envSchema>>;

/** Long enough that guessing it is hopeless, as AUTH_SECRET. */
const MIN_PRODUCTION_SERVICE_KEY_LENGTH = 32;

/**
 * The ingestion keys per environment. The production store's key always guards real players'
 * data, and a production deployment is reachable by anyone, so a short key is refused for the
 * production store and, on a production deployment, for every store.
 */
function ingestKeysConfig(value: z.infer<typeof envSchema>): Record<Environment, string | undefined> {
  const one = (environment: Environment): string | undefined => {
    const variable = INGEST_KEY_VARIABLES[environment];
    const key = value[variable];
    const strict = environment === 'production' || value.APP_ENV === 'production';
    if (key !== undefined && strict && key.length < MIN_PRODUCTION_SERVICE_KEY_LENGTH) {
      const where = environment === 'production' ? '' : ' when APP_ENV is production';
      throw new ConfigError(
        `Invalid configuration: ${variable} must be at least ${MIN_PRODUCTION_SERVICE_KEY_LENGTH} characters${where} (for example: openssl rand -hex 32)`,
      );
    }
    return key;
  };
  return { development: one('development'), beta: one('beta'), production: one('production') };
}

/**
 * FCM per environment: the path of the service account's JSON key file (relative to the working
 * folder) turns it on. The file is read now, so a wrong path or key stops the start.
 */
function fcmConfig(
  present: Record<string, string | undefined>,
  cwd: string,
  concurrency: number,
  quotas: Record<Environment, number>,
): Record<Environment, FcmConfig | undefined> {
  const one = (environment: Environment): FcmConfig | undefined => {
    const prefix = `FCM_${environment.toUpperCase()}`;
    const file = present[`${prefix}_SERVICE_ACCOUNT`];
    if (file === undefined) return undefined;
    let serviceAccount: ServiceAccount;
    try {
      serviceAccount = readServiceAccount(path.resolve(cwd, file));
    } catch (error) {
      throw new ConfigError(`Invalid configuration: ${prefix}_SERVICE_ACCOUNT: ${(error as Error).message}`);
    }
    const apiUrl = present[`${prefix}_API_URL`] ?? FCM_DEFAULT_API_URL;
    return { serviceAccount, apiUrl, concurrency, quotaPerMinute: quotas[environment] };
  };
  return { development: one('development'), beta: one('beta'), production: one('production') };
}

/** PayPal per environment: a client id and secret together turn it on; one without the other is a mistake. */
function paypalConfig(present: Record<string, string | undefined>): Record<Environment, PayPalConfig | undefined> {
  const one = (environment: Environment): PayPalConfig | undefined => {
    const prefix = `PAYPAL_${environment.toUpperCase()}`;
    const clientId = present[`${prefix}_CLIENT_ID`];
    const clientSecret = present[`${prefix}_CLIENT_SECRET`];
    if (clientId === undefined && clientSecret === undefined) return undefined;
    if (clientId === undefined || clientSecret === undefined) {
      throw new ConfigError(
        `Invalid configuration: ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together (or neither, to leave PayPal off in ${environment})`,
      );
    }
    return {
      clientId,
      clientSecret,
      apiUrl: present[`${prefix}_API_URL`] ?? PAYPAL_DEFAULT_API_URL[environment],
      webhookId: present[`${prefix}_WEBHOOK_ID`],
    };
  };
  return { development: one('development'), beta: one('beta'), production: one('production') };
}

/**
 * Stripe per environment: the API key and the webhook's signing secret together turn it on. One
 * without the other would take card payments that no verified webhook could ever mark paid.
 */
function stripeConfig(present: Record<string, string | undefined>): Record<Environment, StripeConfig | undefined> {
  const one = (environment: Environment): StripeConfig | undefined => {
    const prefix = `STRIPE_${environment.toUpperCase()}`;
    const secretKey = present[`${prefix}_SECRET_KEY`];
    const webhookSecret = present[`${prefix}_WEBHOOK_SECRET`];
    if (secretKey === undefined && webhookSecret === undefined) return undefined;
    if (secretKey === undefined || webhookSecret === undefined) {
      throw new ConfigError(
        `Invalid configuration: ${prefix}_SECRET_KEY and ${prefix}_WEBHOOK_SECRET must be set together (or neither, to leave Stripe off in ${environment})`,
      );
    }
    const apiUrl = present[`${prefix}_API_URL`] ?? STRIPE_DEFAULT_API_URL;
    // Production's store takes real orders: a test-mode key there would "sell" without taking money.
    if (environment === 'production' && apiUrl === STRIPE_DEFAULT_API_URL && /^(sk|rk)_test_/.test(secretKey)) {
      throw new ConfigError(
        `Invalid configuration: ${prefix}_SECRET_KEY is a test-mode key; production takes live payments (sk_live_… or rk_live_…)`,
      );
    }
    return { secretKey, webhookSecret, apiUrl, billingWebhookSecret: present[`${prefix}_BILLING_WEBHOOK_SECRET`] };
  };
  return { development: one('development'), beta: one('beta'), production: one('production') };
}

const APP_STORE_REQUIRED = ['ROOT_CERTIFICATES', 'ISSUER_ID', 'KEY_ID', 'PRIVATE_KEY'] as const;

/**
 * The App Store per environment: its bundle id turns it on, with the root certificates and the
 * in-app purchase key it needs. The files are read now, so a wrong path or key stops the start.
 * Production's App Store by default in the production environment, its Sandbox elsewhere.
 */
function appStoreConfig(
  present: Record<string, string | undefined>,
  cwd: string,
): Record<Environment, AppStoreConfig | undefined> {
  const one = (environment: Environment): AppStoreConfig | undefined => {
    const prefix = `APP_STORE_${environment.toUpperCase()}`;
    const bundleId = present[`${prefix}_BUNDLE_ID`];
    const missing = APP_STORE_REQUIRED.filter((name) => present[`${prefix}_${name}`] === undefined);
    if (bundleId === undefined) {
      if (missing.length === APP_STORE_REQUIRED.length) return undefined;
      throw new ConfigError(
        `Invalid configuration: ${prefix}_BUNDLE_ID must be set with the other ${prefix}_ settings (or none of them, to leave the App Store off in ${environment})`,
      );
    }
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration: ${missing.map((name) => `${prefix}_${name}`).join(', ')} must be set when ${prefix}_BUNDLE_ID is`,
      );
    }
    const storeEnvironment =
      (present[`${prefix}_ENVIRONMENT`] as AppStoreConfig['environment'] | undefined) ??
      (environment === 'production' ? 'Production' : 'Sandbox');
    const appAppleId = present[`${prefix}_APP_APPLE_ID`];
    if (storeEnvironment === 'Production' && appAppleId === undefined) {
      throw new ConfigError(`Invalid configuration: ${prefix}_APP_APPLE_ID must be set for the App Store's Production`);
    }
    const onlineChecks = present[`${prefix}_ONLINE_CHECKS`];
    return {
      bundleId,
      appAppleId: appAppleId === undefined ? undefined : Number(appAppleId),
      environment: storeEnvironment,
      rootCertificates: String(present[`${prefix}_ROOT_CERTIFICATES`])
        .split(',')
        .map((file) => readRootCertificate(`${prefix}_ROOT_CERTIFICATES`, path.resolve(cwd, file.trim()))),
      issuerId: String(present[`${prefix}_ISSUER_ID`]),
      keyId: String(present[`${prefix}_KEY_ID`]),
      privateKey: readInAppPurchaseKey(
        `${prefix}_PRIVATE_KEY`,
        path.resolve(cwd, String(present[`${prefix}_PRIVATE_KEY`])),
      ),
      apiUrl: present[`${prefix}_API_URL`] ?? APP_STORE_DEFAULT_API_URL[storeEnvironment],
      onlineChecks: onlineChecks === undefined || onlineChecks === 'true' || onlineChecks === '1',
    };
  };
  return { development: one('development'), beta: one('beta'), production: one('production') };
}

/** A root certificate file, PEM or DER (Apple publishes AppleRootCA-G3.cer in DER), as DER. */
function readRootCertificate(variable: string, file: string): Buffer {
  try {
    return new X509Certificate(readFileSync(file)).raw;
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration: ${variable}: ${file} is not a readable certificate (${(error as Error).message})`,
    );
  }
}

/** The in-app purchase key's .p8 file: an ES256 (P-256) private key in PKCS#8 PEM. */
function readInAppPurchaseKey(variable: string, file: string): string {
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey(readFileSync(file));
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration: ${variable}: ${file} is not a readable private key (${(error as Error).message})`,
    );
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new ConfigError(
      `Invalid configuration: ${variable}: ${file} is not an in-app purchase key (an EC P-256 .p8 file)`,
    );
  }
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

const GOOGLE_PLAY_REQUIRED = ['PACKAGE_NAME', 'SERVICE_ACCOUNT_KEY', 'PUSH_AUDIENCE'] as const;

/**
 * Google Play per environment: the package name, the service account's key file and the push
 * subscription's audience together turn it on (one without the others is a mistake). The key file
 * is read now, so a wrong path or key stops the start; its token_uri is where access tokens come
 * from (Google's in Google's files).
 */
function googlePlayConfig(
  present: Record<string, string | undefined>,
  cwd: string,
): Record<Environment, GooglePlayConfig | undefined> {
  const one = (environment: Environment): GooglePlayConfig | undefined => {
    const prefix = `GOOGLE_PLAY_${environment.toUpperCase()}`;
    const missing = GOOGLE_PLAY_REQUIRED.filter((name) => present[`${prefix}_${name}`] === undefined);
    if (missing.length === GOOGLE_PLAY_REQUIRED.length) return undefined;
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration: ${GOOGLE_PLAY_REQUIRED.map((name) => `${prefix}_${name}`).join(', ')} must be set together (${missing.map((name) => `${prefix}_${name}`).join(', ')} missing; or none, to leave Google Play off in ${environment})`,
      );
    }
    let serviceAccount: ServiceAccount;
    try {
      serviceAccount = readServiceAccount(path.resolve(cwd, String(present[`${prefix}_SERVICE_ACCOUNT_KEY`])));
    } catch (error) {
      throw new ConfigError(`Invalid configuration: ${prefix}_SERVICE_ACCOUNT_KEY: ${(error as Error).message}`);
    }
    return {
      packageName: String(present[`${prefix}_PACKAGE_NAME`]),
      serviceAccount,
      apiUrl: present[`${prefix}_API_URL`] ?? GOOGLE_PLAY_DEFAULT_API_URL,
      pushAudience: String(present[`${prefix}_PUSH_AUDIENCE`]),
      pushJwksUrl: present[`${prefix}_PUSH_JWKS_URL`] ?? GOOGLE_DEFAULT_JWKS_URL,
      pushServiceAccountEmail: present[`${prefix}_PUSH_SERVICE_ACCOUNT_EMAIL`],
    };
  };
  return { development: one('development'), beta: one('beta'), production: one('production') };
}

/** The S3 settings are required only when FILE_STORE asks for S3; the local folder needs none. */
function fileStoreConfig(value: z.infer<typeof envSchema>): FileStoreConfig {
  if (value.FILE_STORE === 'local') return { kind: 'local' };
  const bucket = requiredForS3('S3_BUCKET', value.S3_BUCKET);
  const region = requiredForS3('S3_REGION', value.S3_REGION);
  const publicUrl = requiredForS3('S3_PUBLIC_URL', value.S3_PUBLIC_URL);
  if ((value.S3_ACCESS_KEY_ID === undefined) !== (value.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the default credentials)',
    );
  }
  return {
    kind: 's3',
    bucket,
    region,
    endpoint: value.S3_ENDPOINT,
    accessKeyId: value.S3_ACCESS_KEY_ID,
    secretAccessKey: value.S3_SECRET_ACCESS_KEY,
    forcePathStyle: value.S3_FORCE_PATH_STYLE,
    publicUrl,
  };
}

function requiredForS3(variable: string, setting: string | undefined): string {
  if (setting === undefined)
    throw new ConfigError(`Invalid configuration: ${variable} must be set when FILE_STORE is s3`);
  return setting;
}

/** The web workspace's build folder, found through its package so source and bundle agree. */
function defaultWebDist(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('@outpost/web/package.json')), 'dist');
}
