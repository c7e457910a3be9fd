import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import { ROUTES } from '@outpost/contracts/routes';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { registerAvatarRoutes } from './avatars/routes';
import { registerBackofficeRoutes } from './backoffice/routes';
import { registerBetaAdminRoutes } from './beta/admin-routes';
import { registerBetaRoutes } from './beta/routes';
import { claimCodeRewardItemUse } from './economy/claim-codes/queries';
import { registerClaimCodeRoutes } from './economy/claim-codes/routes';
import { registerItemRoutes } from './economy/items/routes';
import { countRecentMerchSales } from './economy/merch/admin-queries';
import { registerMerchAdminRoutes } from './economy/merch/admin-routes';
import { merchJobs } from './economy/merch/jobs';
import { providerRefunds } from './economy/merch/provider-refunds';
import { registerMerchRoutes } from './economy/merch/routes';
import { registerStripeWebhook } from './economy/merch/stripe-webhook';
import { PAYPAL_CSP_SOURCES } from './economy/paypal/csp';
import { PayPalClient } from './economy/paypal/paypal-client';
import { registerRewardRoutes } from './economy/rewards/routes';
import { registerEconomyRoutes } from './economy/routes';
import { machinePrizeItemUse } from './economy/shop/admin-queries';
import { registerShopAdminRoutes } from './economy/shop/admin-routes';
import { countCreditPurchases } from './economy/shop/orders';
import { registerShopRoutes } from './economy/shop/routes';
import { StripeClient } from './economy/stripe/stripe-client';
import { type AuthRateLimits, createAuth, DEFAULT_AUTH_RATE_LIMITS } from './identity/auth';
import { registerAuthRoutes } from './identity/auth-routes';
import { deletionJobs } from './identity/lifecycle/deletion';
import { registerAccountLifecycleRoutes } from './identity/lifecycle/routes';
import { countSuspendedPlayers } from './identity/lifecycle/suspensions';
import { ENDED_SESSIONS_TOPIC } from './identity/live';
import { registerIdentityRoutes } from './identity/routes';
import { registerUserSearchRoutes } from './identity/search/routes';
import { createViewerResolver } from './identity/viewer';
import { registerLightingRoutes } from './lighting/routes';
import { type LiveScope, SERVED_TOPICS } from './live';
import { registerModerationAdminRoutes } from './moderation/admin-routes';
import { countTrendingIssues, countUnresolvedReports } from './moderation/queries';
import { registerReportFilingRoutes } from './moderation/routes';
import { registerPartnerAdminRoutes } from './partners/admin-routes';
import { referralRewardItemUse } from './partners/rewards';
import { registerPartnerRoutes } from './partners/routes';
import { PERSONAL_DATA_PARTS } from './personal-data';
import { createAttestation } from './platform/attestation/attestation';
import type { CaptchaDifficulty } from './platform/attestation/captcha';
import { defaultAttestationMode } from './platform/attestation/enforcement';
import { ChangeFeed, changeFeedPruning } from './platform/changes/feed';
import type { Config, PayPalConfig } from './platform/config';
import type { StoreKey } from './platform/db/stores';
import { registerAccessControl } from './platform/http/access';
import { frameworkErrorHandler, registerErrorHandler } from './platform/http/errors';
import { registerHealth } from './platform/http/health';
import { registerOriginCheck } from './platform/http/origin-check';
import { type RateLimit, registerRateLimiting } from './platform/http/rate-limit';
import { registerRequestInputChecks } from './platform/http/request-input';
import { lazyRequestLogger } from './platform/http/request-logger';
import { registerApiDocs, registerRouteSchemas } from './platform/http/route-schemas';
import {
  documentContentSecurityPolicy,
  mergeCspSources,
  registerSecurityHeaders,
  securityHeaders,
} from './platform/http/security-headers';
import { serviceKeyCheck } from './platform/http/service-key';
import { registerSpa } from './platform/http/spa';
import { registerJobRunner } from './platform/jobs/register';
import { registerLiveUpdates } from './platform/live/register';
import { createMailer } from './platform/mail/mailer';
import { createFileStore, fileStoreCspSources } from './platform/storage/create-file-store';
import type { FileStore } from './platform/storage/file-store';
import { LocalFileStore, registerLocalFileRoutes } from './platform/storage/local-file-store';
import { countLiveProducts } from './products/queries';
import { registerProductRoutes } from './products/routes';
import { registerSiteRoutes } from './site/routes';
import type { AppStores } from './stores';
import { registerTheaterAdminRoutes } from './theater/admin-routes';
import { THEATER_CSP_SOURCES, theaterDocuments } from './theater/documents';
import { registerIngestRoutes } from './theater/ingest-routes';
import { registerTheaterRoutes } from './theater/routes';

/** The API's version in the OpenAPI document. */
const API_VERSION = '0.1.0';

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
  auth: AuthRateLimits;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  emailSignup: { max: 10, windowMs: 60_000 },
  checkEmail: { max: 30, windowMs: 60_000 },
  attestation: { max: 20, windowMs: 60_000 },
  redeemCode: { max: 10, windowMs: 60_000 },
  merchContact: { max: 5, windowMs: 600_000 },
  merchOrder: { max: 20, windowMs: 600_000 },
  dropSubscription: { max: 10, windowMs: 600_000 },
  report: { max: 10, windowMs: 600_000 },
  invites: { max: 30, windowMs: 600_000 },
  feedback: { max: 10, windowMs: 600_000 },
  lightingPresetWrites: { max: 60, windowMs: 600_000 },
  accountDeletion: { max: 5, windowMs: 600_000 },
  accountExport: { max: 5, windowMs: 600_000 },
  auth: DEFAULT_AUTH_RATE_LIMITS,
};

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
  | 'ingestKeys'
> & { authSecret: string };

export interface AppOptions {
  config: AppConfig;
  stores: AppStores;
  rateLimits?: Partial<RateLimits>;
  /** Tests lower the captcha's work to keep solving fast. */
  captchaDifficulty?: CaptchaDifficulty;
  /** Where log lines go (default stdout); the bench sends them to a file to measure logging's cost. */
  logStream?: DestinationStream;
  /** Uploaded files; by default the store `config.fileStore` names, closed with the app. */
  files?: FileStore;
}

/** APP_ENV's PayPal, when configured: the server's client and the id the JS buttons load with. */
function payPalFor(paypal: PayPalConfig | undefined, api: PayPalClient | undefined) {
  return paypal && api && { api, clientId: paypal.clientId };
}

/** A provider's client for each environment where it is configured. */
function clientsOf<Settings, Client>(
  settings: Record<Environment, Settings | undefined>,
  create: (settings: Settings) => Client,
): Record<Environment, Client | undefined> {
  const one = (environment: Environment) => {
    const configured = settings[environment];
    return configured === undefined ? undefined : create(configured);
  };
  return { development: one('development'), beta: one('beta'), production: one('production') };
}

/**
 * Builds the whole HTTP app without listening, so tests drive it with `inject` and main.ts
 * only binds a port. Plugins load in a fixed order: infrastructure, then domains, then the SPA.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, stores } = options;
  const rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const production = config.appEnv === 'production';
  const paypal = config.paypal[config.appEnv];
  // What pages load from outside: the bucket's images, and PayPal's buttons where PayPal is set up.
  const cspSources = mergeCspSources(fileStoreCspSources(config), paypal ? PAYPAL_CSP_SOURCES : {});
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // A hop count trusts that many proxies in front of us (hop 0 is the peer of the socket).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    // A HEAD twin of every GET API route would be a second door past its rate limit; static
    // files and pages answer HEAD on their own, and the health probes ask for it.
    exposeHeadRoutes: false,
    frameworkErrors: frameworkErrorHandler(securityHeaders(production, cspSources).document),
  });

  registerErrorHandler(app);
  registerSecurityHeaders(app, production, cspSources);
  registerRequestInputChecks(app);
  await registerRouteSchemas(app, { title: 'Outpost', version: API_VERSION });
  await registerRateLimiting(app);

  const mailer = createMailer({
    identity: stores.identity,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    logger: app.log,
  });
  app.addHook('onClose', () => mailer.close());
  const { identity } = stores;
  const auth = createAuth({
    identity,
    dialect: stores.dialect,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    production,
    mailer,
    logger: app.log,
    rateLimits: rateLimits.auth,
  });
  const attestation = createAttestation({
    identity: stores.identity,
    secret: config.authSecret,
    appEnv: config.appEnv,
    mode: config.attestationMode ?? defaultAttestationMode(config.appEnv),
    debugTokens: config.attestationDebugTokens,
    allowDebugInProduction: config.attestationAllowDebugInProduction,
    tokenTtlSeconds: 3600,
    rateLimit: rateLimits.attestation,
    ...(options.captchaDifficulty ? { captchaDifficulty: options.captchaDifficulty } : {}),
  });

  // Before the access check: a cross-site request is refused before any session is looked up.
  registerOriginCheck(app, config.publicUrl);
  const viewers = createViewerResolver(auth, identity);
  viewers.registerSessionHooks(app);
  registerAccessControl(app, {
    resolveViewer: viewers.resolveViewer,
    checkAttestation: (request) => attestation.check(request),
    checkServiceKey: serviceKeyCheck(config.ingestKeys),
  });
  registerHealth(app, stores);
  registerApiDocs(app);

  const files = options.files ?? createFileStore(config);
  if (!options.files) app.addHook('onClose', () => files.close());
  if (files instanceof LocalFileStore) await registerLocalFileRoutes(app, files);

  registerAuthRoutes(app, auth, identity);
  const accountData = {
    identity,
    game: stores.game,
    parts: PERSONAL_DATA_PARTS,
    logEnvironment: config.appEnv,
  };
  registerAccountLifecycleRoutes(app, {
    identity,
    game: stores.game,
    data: accountData,
    auth,
    forgetSessions: viewers.forgetUser,
    rateLimits: { deletion: rateLimits.accountDeletion, export: rateLimits.accountExport },
  });
  registerIdentityRoutes(app, { identity, checkEmailRateLimit: rateLimits.checkEmail });
  attestation.registerRoutes(app);
  registerSiteRoutes(app, {
    game: stores.game[config.appEnv],
    signupRateLimit: rateLimits.emailSignup,
    segmentRateLimit: rateLimits.emailSignup,
  });

  registerEconomyRoutes(app, { game: stores.game[config.appEnv] });
  const paypalClients = clientsOf(config.paypal, (settings) => new PayPalClient(settings));
  const stripeClients = clientsOf(config.stripe, (settings) => new StripeClient(settings));
  const shopPayPal = payPalFor(paypal, paypalClients[config.appEnv]);
  registerShopRoutes(app, { game: stores.game[config.appEnv], paypal: shopPayPal });
  const shopUrl = new URL(ROUTES.shop, config.publicUrl).toString();
  registerMerchRoutes(app, {
    game: stores.game[config.appEnv],
    files,
    payments: { paypal: shopPayPal?.api, stripe: stripeClients[config.appEnv], shopUrl },
    paypalClientId: shopPayPal?.clientId ?? null,
    rateLimits: {
      contact: rateLimits.merchContact,
      order: rateLimits.merchOrder,
      subscription: rateLimits.dropSubscription,
    },
  });
  await registerStripeWebhook(app, {
    game: stores.game[config.appEnv],
    webhookSecret: config.stripe[config.appEnv]?.webhookSecret,
  });
  // The change feeds of every store: the live streams' source, and how every instance learns at
  // once of sessions ended anywhere (its session cache forgets them).
  const feeds = new Map<StoreKey, ChangeFeed>([
    ['identity', new ChangeFeed('identity', identity)],
    ...ENVIRONMENTS.map((environment) => [environment, new ChangeFeed(environment, stores.game[environment])] as const),
  ]);
  feeds.get('identity')?.subscribe((rows) => {
    for (const row of rows) if (row.topic === ENDED_SESSIONS_TOPIC) viewers.forgetUser(row.key);
  });
  registerLiveUpdates<LiveScope>(app, {
    feeds,
    postgres: stores.postgres,
    topics: SERVED_TOPICS,
    appEnv: config.appEnv,
    scopeOf: (environment) => ({ environment, game: stores.game[environment], identity, files }),
  });
  registerJobRunner(app, {
    db: identity,
    definitions: [
      ...merchJobs({ game: stores.game[config.appEnv], mailer, shopUrl }),
      ...deletionJobs(accountData, app.log),
      changeFeedPruning([...feeds.values()]),
    ],
  });
  registerTheaterRoutes(app, { game: stores.game[config.appEnv], files });
  registerBetaRoutes(app, {
    game: stores.game[config.appEnv],
    rateLimits: { invites: rateLimits.invites, feedback: rateLimits.feedback },
  });
  registerIngestRoutes(app, { game: stores.game });
  registerAvatarRoutes(app, { game: stores.game[config.appEnv] });
  registerLightingRoutes(app, {
    game: stores.game[config.appEnv],
    writeRateLimit: rateLimits.lightingPresetWrites,
  });
  registerClaimCodeRoutes(app, { game: stores.game, appEnv: config.appEnv, redeemRateLimit: rateLimits.redeemCode });
  registerBackofficeRoutes(app, {
    game: stores.game,
    identity,
    figures: {
      liveProducts: ({ game }) => countLiveProducts(game),
      recentSales: ({ game }) => countRecentMerchSales(game),
      unresolvedReports: ({ game }) => countUnresolvedReports(game),
      trendingIssues: ({ game }) => countTrendingIssues(game),
      suspendedPlayers: ({ identity }) => countSuspendedPlayers(identity),
    },
    gameStatus: { creditPurchasesCount: countCreditPurchases },
  });
  registerProductRoutes(app, { game: stores.game, files, imageMaxBytes: config.imageMaxBytes });
  registerTheaterAdminRoutes(app, { game: stores.game, files, imageMaxBytes: config.imageMaxBytes });
  registerShopAdminRoutes(app, { game: stores.game });
  registerUserSearchRoutes(app, { identity, game: stores.game });
  registerBetaAdminRoutes(app, { game: stores.game });
  registerItemRoutes(app, {
    game: stores.game,
    itemUses: [machinePrizeItemUse, claimCodeRewardItemUse, referralRewardItemUse],
  });
  registerReportFilingRoutes(app, {
    game: stores.game,
    appEnv: config.appEnv,
    fileRateLimit: rateLimits.report,
  });
  registerModerationAdminRoutes(app, { game: stores.game });
  registerRewardRoutes(app, { game: stores.game, identity });
  registerPartnerRoutes(app, {
    identity,
    game: stores.game[config.appEnv],
    inviteClaimRateLimit: rateLimits.invites,
  });
  registerPartnerAdminRoutes(app, { identity, game: stores.game });
  registerMerchAdminRoutes(app, {
    game: stores.game,
    refundAtProvider: providerRefunds({ game: stores.game, stripe: stripeClients, paypal: paypalClients }),
  });

  await registerSpa(app, config.webDist, {
    documents: theaterDocuments({
      game: stores.game[config.appEnv],
      files,
      publicUrl: config.publicUrl,
      csp: documentContentSecurityPolicy(production, mergeCspSources(cspSources, THEATER_CSP_SOURCES)),
    }),
  });
  return app;
}
