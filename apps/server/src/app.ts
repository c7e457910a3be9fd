import { randomUUID } from 'node:crypto';
import { ENVIRONMENTS } from '@outpost/contracts/environments';
import { ROUTES } from '@outpost/contracts/routes';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppConfig, RateLimits } from './app-config';
import type { AppStores } from './database';
import type { AppContext } from './domain';
import { DOMAINS, SERVED_TOPICS } from './domains';
import { createExperiments } from './experiments/index';
import { hasActiveIngestKey, useIngestKey } from './game-data/index';
import { createAuth, createViewerResolver, DEFAULT_AUTH_RATE_LIMITS } from './identity/index';
import { createPaymentClients } from './payments/index';
import { createAttestation } from './platform/attestation/attestation';
import type { CaptchaDifficulty } from './platform/attestation/captcha';
import { defaultAttestationMode } from './platform/attestation/enforcement';
import { ChangeFeed, changeFeedPruning } from './platform/changes/feed';
import { sqliteStatistics } from './platform/db/statistics';
import type { StoreKey } from './platform/db/stores';
import { registerAccessControl } from './platform/http/access';
import { registerAccessLog } from './platform/http/access-log';
import { registerCallableObservers } from './platform/http/callable-observers';
import { frameworkErrorHandler, registerErrorHandler } from './platform/http/errors';
import { registerHealth } from './platform/http/health';
import { serializeRequest } from './platform/http/log-redaction';
import { registerOriginCheck } from './platform/http/origin-check';
import { type RateLimitBackend, rateLimitJobs, registerRateLimiting, sharedDatabase } from './platform/http/rate-limit';
import { registerRequestInputChecks } from './platform/http/request-input';
import { lazyRequestLogger } from './platform/http/request-logger';
import { registerRequestMetrics } from './platform/http/request-metrics';
import { registerApiDocs, registerRouteSchemas } from './platform/http/route-schemas';
import { mergeCspSources, registerSecurityHeaders, securityHeaders } from './platform/http/security-headers';
import { serviceKeyCheck } from './platform/http/service-key';
import { registerSpa } from './platform/http/spa';
import { registerIdempotency } from './platform/idempotency/register';
import { registerJobRunner } from './platform/jobs/register';
import { registerLiveUpdates } from './platform/live/register';
import { createMailer } from './platform/mail/mailer';
import { createMetrics, NO_METRICS } from './platform/metrics/metrics';
import { registerMetricsRoute } from './platform/metrics/routes';
import { asOneString } from './platform/one-string';
import { createPushSenders } from './platform/push-transport/senders';
import { createFileStore, fileStoreCspSources } from './platform/storage/create-file-store';
import type { FileStore } from './platform/storage/file-store';
import { LocalFileStore, registerLocalFileRoutes } from './platform/storage/local-file-store';
import { createSegments } from './segments/index';

/** The API's version in the OpenAPI document. */
const API_VERSION = '0.1.0';

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
  pushDevices: { max: 30, windowMs: 600_000 },
  auth: DEFAULT_AUTH_RATE_LIMITS,
};

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
  /** How often the app's job runner looks for due runs; tests that run the jobs themselves make it rare. */
  jobPollMs?: number;
}

/** Redis when configured; the shared database when instances may be several (PostgreSQL); else memory. */
function chooseRateLimitBackend(config: AppConfig, stores: AppStores): RateLimitBackend {
  if (config.redisUrl) return { kind: 'redis', url: config.redisUrl };
  if (stores.dialect === 'postgres') return sharedDatabase(stores.identity, config.authSecret);
  return { kind: 'instance' };
}

/**
 * Builds the whole HTTP app without listening, so tests drive it with `inject` and main.ts
 * only binds a port. Plugins load in a fixed order: infrastructure, then the domains (DOMAINS), then
 * the live streams and the job runner over what they brought, then the SPA.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, stores } = options;
  const rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const production = config.appEnv === 'production';
  // What pages load from outside: the bucket's images, and what domains bring (PayPal's buttons).
  const cspSources = mergeCspSources(
    fileStoreCspSources(config),
    ...DOMAINS.map((domain) => domain.cspSources?.(config) ?? {}),
  );
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // A request is logged as its method, masked address and client (serializeRequest), never its
      // headers: every `req` a line carries goes through it, so no redaction paths are needed (they
      // cost a fifth of an access line, docs/decisions/0025-request-loggers.md).
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // A hop count trusts that many proxies in front of us (hop 0 is the peer of the socket).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    childLoggerFactory: lazyRequestLogger,
    // One access line per request instead (registerAccessLog).
    logController: new LogController({ disableRequestLogging: true }),
    // The id an error answer shows and its log lines carry (`reqId`): unique across instances and
    // restarts, where Fastify's own counter starts again at req-1 in every process. Held as one
    // string: a live stream's request lives as long as the page is open.
    genReqId: () => asOneString(randomUUID()),
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    // A HEAD twin of every GET API route would be a second door past its rate limit; static
    // files and pages answer HEAD on their own, and the health probes ask for it.
    exposeHeadRoutes: false,
    frameworkErrors: frameworkErrorHandler(securityHeaders(production, cspSources).document),
  });

  // A registry of this app's own (tests build many apps in one process), kept only when scraped.
  const metrics = config.metricsToken === undefined ? NO_METRICS : createMetrics();
  registerRequestMetrics(app, metrics);
  registerErrorHandler(app);
  registerAccessLog(app);
  registerSecurityHeaders(app, production, cspSources);
  registerRequestInputChecks(app);
  await registerRouteSchemas(app, { title: 'Outpost', version: API_VERSION });
  const rateLimitBackend = chooseRateLimitBackend(config, stores);
  await registerRateLimiting(app, rateLimitBackend);

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
    checkServiceKey: serviceKeyCheck(config.ingestKeys, {
      any: (environment) => hasActiveIngestKey(stores.game[environment]),
      use: (environment, digest) => useIngestKey(stores.game[environment], digest),
    }),
  });
  // Before the domains' routes: the spending and claiming ones get their request keys' hooks.
  const idempotencyJobs = registerIdempotency(app, { db: identity });
  // Before any callable is registered, so each gets the hook that tells the observers domains add.
  const callables = registerCallableObservers(app);
  registerHealth(app, stores);
  registerMetricsRoute(app, metrics, config.metricsToken);
  registerApiDocs(app);

  const files = options.files ?? createFileStore(config);
  if (!options.files) app.addHook('onClose', () => files.close());
  if (files instanceof LocalFileStore) await registerLocalFileRoutes(app, files);

  // The change feeds of every store: the live streams' source, and the bus of ended sessions.
  const feeds = new Map<StoreKey, ChangeFeed>([
    ['identity', new ChangeFeed('identity', identity)],
    ...ENVIRONMENTS.map((environment) => [environment, new ChangeFeed(environment, stores.game[environment])] as const),
  ]);
  // The running experiments remote config's fetch answers; its queued exposures are written on close.
  const experiments = createExperiments({ stores, feeds, log: app.log });
  app.addHook('onClose', () => experiments.close());
  const push = createPushSenders({ identity, fcm: config.fcm, logger: app.log, metrics });
  app.addHook('onClose', () => push.close());
  const context: AppContext = {
    config,
    stores,
    game: stores.game[config.appEnv],
    identity,
    rateLimits,
    files,
    mailer,
    push,
    auth,
    viewers,
    callables,
    payments: createPaymentClients(config),
    segments: createSegments({ stores, sources: DOMAINS.flatMap((domain) => domain.segmentAttributes ?? []) }),
    experiments,
    shopUrl: new URL(ROUTES.shop, config.publicUrl).toString(),
    feeds,
    cspSources,
    log: app.log,
    metrics,
    domains: DOMAINS,
  };
  attestation.registerRoutes(app);
  for (const domain of DOMAINS) await domain.register?.(app, context);
  registerLiveUpdates(app, {
    feeds,
    postgres: stores.postgres,
    topics: SERVED_TOPICS,
    appEnv: config.appEnv,
    scopeOf: (environment) => ({ environment, game: stores.game[environment], identity, files, log: app.log }),
    sessions: viewers.liveSessions,
    metrics,
  });
  registerJobRunner(app, {
    db: identity,
    definitions: [
      ...DOMAINS.flatMap((domain) => domain.jobs?.(context) ?? []),
      changeFeedPruning([...feeds.values()]),
      ...sqliteStatistics(stores),
      ...rateLimitJobs(rateLimitBackend),
      ...idempotencyJobs,
    ],
    metrics,
    ...(options.jobPollMs === undefined ? {} : { pollMs: options.jobPollMs }),
  });
  await registerSpa(app, config.webDist, {
    documents: DOMAINS.flatMap((domain) => domain.documents?.(context) ?? []),
  });
  return app;
}
