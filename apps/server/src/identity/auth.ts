import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@outpost/contracts/identity';
import { ROUTES } from '@outpost/contracts/routes';
import { betterAuth } from 'better-auth';
import { bearer } from 'better-auth/plugins/bearer';
import type { Kysely } from 'kysely';
import type { AuthRateLimits } from '../app-config';
import type { IdentityDatabase } from '../database';
import type { Dialect } from '../platform/db/stores';
import type { Mailer } from '../platform/mail/mailer';
import { AUTH_SCHEMA } from './auth-schema';

/** The header our HTTP adapter sets from Fastify's `request.ip`, so the library's rate limits key on the real client. */
export const CLIENT_IP_HEADER = 'x-outpost-client-ip';

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  signIn: { windowSeconds: 60, max: 10 },
  signUp: { windowSeconds: 3600, max: 10 },
  passwordReset: { windowSeconds: 3600, max: 5 },
};

type LogMethod = (details: object, message: string) => void;
export interface AuthLogger {
  debug: LogMethod;
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
}

export interface AuthOptions {
  identity: Kysely<IdentityDatabase>;
  dialect: Dialect;
  secret: string;
  publicUrl: string;
  production: boolean;
  mailer: Mailer;
  logger: AuthLogger;
  rateLimits: AuthRateLimits;
  /** The operator CLI creates accounts without signing them in. */
  autoSignIn?: boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * PUBLIC_URL's origin; and when PUBLIC_URL is on loopback, the loopback origin a request was
 * made to as well (`http://127.0.0.1:<any port>`), which no page elsewhere can be served from.
 */
export function trustedOrigins(publicUrl: string, requestUrl: string | undefined): string[] {
  const own = new URL(publicUrl);
  if (!requestUrl || !LOOPBACK_HOSTS.has(own.hostname)) return [own.origin];
  const reached = new URL(requestUrl);
  return LOOPBACK_HOSTS.has(reached.hostname) && reached.origin !== own.origin
    ? [own.origin, reached.origin]
    : [own.origin];
}

const rule = ({ windowSeconds, max }: { windowSeconds: number; max: number }) => ({ window: windowSeconds, max });

/**
 * Accounts, sessions and password reset, by better-auth on the identity store: scrypt hashes,
 * httpOnly cookie sessions for the web app and bearer tokens for the game and the functions.
 */
export function createAuth(options: AuthOptions) {
  const { logger } = options;
  return betterAuth({
    appName: 'Outpost',
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    // biome-ignore lint/suspicious/noExplicitAny: the library types its handle as Kysely<any>
    database: { db: options.identity as Kysely<any>, type: options.dialect, transaction: true },
    user: AUTH_SCHEMA.user,
    session: {
      ...AUTH_SCHEMA.session,
      // A used session's updated_at moves at most once per updateAge (default a day). The admin
      // dashboard's Active Users counts sessions used in the last 24 hours by it, so an hour keeps
      // that figure within an hour of the truth, at one session write per active player an hour.
      updateAge: 3600,
    },
    account: AUTH_SCHEMA.account,
    verification: AUTH_SCHEMA.verification,
    emailAndPassword: {
      enabled: true,
      autoSignIn: options.autoSignIn ?? true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, token }) => {
        const link = `${options.publicUrl}${ROUTES.login}?mode=reset&token=${encodeURIComponent(token)}`;
        await options.mailer.send({
          to: user.email,
          userId: user.id,
          subject: 'Reset your Outpost password',
          text: `Someone (hopefully you) asked to reset the password of your Outpost account.\n\nChoose a new password here within the hour:\n${link}\n\nIf you did not ask for this, ignore this message; your password stays as it is.`,
        });
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      ...AUTH_SCHEMA.rateLimit,
      customRules: {
        '/sign-in/*': rule(options.rateLimits.signIn),
        '/sign-up/*': rule(options.rateLimits.signUp),
        '/request-password-reset': rule(options.rateLimits.passwordReset),
        '/reset-password': rule(options.rateLimits.passwordReset),
        // It checks the current password, so it is limited like a sign-in against guessing.
        '/change-password': rule(options.rateLimits.signIn),
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: options.production,
      cookiePrefix: 'outpost',
      // Explicit: the library would skip these checks under a test runner, and we test them.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    // Where sign-in may be posted from and redirects may lead: PUBLIC_URL, never the request's
    // Host header, which a client writes as it likes (a redirect to any host it names). Only a
    // site on this machine's loopback (development, tests on a random port) also trusts the
    // loopback address it is reached at.
    trustedOrigins: (request) => trustedOrigins(options.publicUrl, request?.url),
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => logger[level === 'debug' ? 'debug' : level]({ args }, `auth: ${message}`),
    },
    plugins: [bearer()],
  });
}

/** An instant as the server words it for anyone, anywhere: "3 December 2026 at 14:00 UTC". */
export function formatUtc(iso: string): string {
  return `${new Date(iso).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
}

/** Whether `password` is the account's: the library's own hash check against its credential row. */
export async function verifyAccountPassword(
  auth: Auth,
  identity: Kysely<IdentityDatabase>,
  userId: string,
  password: string,
): Promise<boolean> {
  const account = await identity
    .selectFrom('auth_accounts')
    .select('password')
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .executeTakeFirst();
  const context = await auth.$context;
  if (!account?.password) {
    // As long as a real check, so the answer's time tells nothing.
    await context.password.hash(password);
    return false;
  }
  return context.password.verify({ hash: account.password, password });
}

export type Auth = ReturnType<typeof createAuth>;

declare module '../domain' {
  interface DomainServices {
    /** The auth library the app builds once (sessions, sign-in, sign-up), which identity's routes serve. */
    auth: Auth;
  }
}
