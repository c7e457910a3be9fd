import { createRequire } from 'node:module';
import path from 'node:path';
import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  appEnv: Environment;
  databaseUrl: string | undefined;
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
};

const UNECHOED = new Set(['AUTH_SECRET', 'DATABASE_URL', 'SMTP_URL', 'ATTESTATION_DEBUG_TOKENS']);

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
  const publicUrl = value.PUBLIC_URL ?? `http://localhost:${value.PORT}`;
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(cwd, value.DATA_DIR),
    appEnv: value.APP_ENV,
    databaseUrl: value.DATABASE_URL,
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
  };
}

/** The web workspace's build folder, found through its package so source and bundle agree. */
function defaultWebDist(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('@outpost/web/package.json')), 'dist');
}
