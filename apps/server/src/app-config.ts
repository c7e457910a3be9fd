import type { Config } from './platform/config';
import type { RateLimit } from './platform/http/rate-limit';

/*
 * What the app is configured with, as its domains read it: the configuration (its secrets
 * resolved) and the rate limits. Types only, beside domain.ts, so the contract between the app and
 * its domains names neither app.ts nor a domain; the defaults are app.ts's and identity's.
 */

/** The configuration the app reads; the auth secret is already resolved (server.ts). */
export type AppConfig = Pick<
  Config,
  | 'appEnv'
  | 'logLevel'
  | 'trustProxy'
  | 'webDist'
  | 'publicUrl'
  | 'smtpUrl'
  | 'mailFrom'
  | 'attestationMode'
  | 'attestationDebugTokens'
  | 'attestationAllowDebugInProduction'
  | 'dataDir'
  | 'fileStore'
  | 'imageMaxBytes'
  | 'paypal'
  | 'stripe'
  | 'appStore'
  | 'googlePlay'
  | 'ingestKeys'
  | 'fcm'
  | 'metricsToken'
  | 'redisUrl'
> & { authSecret: string };

/** The auth library's own limits: sign-in (and password change), sign-up and password reset requests per client address. */
export interface AuthRateLimits {
  signIn: { windowSeconds: number; max: number };
  signUp: { windowSeconds: number; max: number };
  passwordReset: { windowSeconds: number; max: number };
}

export interface RateLimits {
  emailSignup: RateLimit;
  checkEmail: RateLimit;
  attestation: RateLimit;
  /** Redeem attempts per player (POST /api/account/redeem-code). */
  redeemCode: RateLimit;
  /** Merch contact messages per client (POST /api/shop/merch/contact). */
  merchContact: RateLimit;
  /** Merch orders placed per player (POST /api/shop/merch/orders): each one holds stock. */
  merchOrder: RateLimit;
  /** Drop subscriptions per player (subscribe-to-drop): each one mails an address. */
  dropSubscription: RateLimit;
  /** Reports filed per player (POST /api/account/reports): each one lands on a moderator's list. */
  report: RateLimit;
  /** Invite lookups and claims per player, each (codes are random: guessing them is slowed down). */
  invites: RateLimit;
  /** Beta feedback sent per player. */
  feedback: RateLimit;
  /** Lighting preset creates, saves and deletes, each, per player or (visitors, owner 'guest') per address. */
  lightingPresetWrites: RateLimit;
  /** Account deletions per player: each checks the password, so it is limited against guessing it. */
  accountDeletion: RateLimit;
  /** Data downloads per player: each reads everything the player has in every environment. */
  accountExport: RateLimit;
  /** Push device registrations and removals per player (POST and DELETE /api/push/devices). */
  pushDevices: RateLimit;
  auth: AuthRateLimits;
}
