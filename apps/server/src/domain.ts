import type { Environment } from '@outpost/contracts/environments';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely, Migration } from 'kysely';
import type { AppConfig, RateLimits } from './app';
import type { DashboardFigureQueries, GameStatusQueries } from './backoffice/index';
import type { AnyIngestKind, LiveSeriesQueries } from './game-data/index';
import type { Auth, ViewerResolver } from './identity/index';
import type { ItemUseCheck } from './items/index';
import type { PaymentClients, PaymentKind } from './payments/index';
import type { ChangeFeed } from './platform/changes/feed';
import type { ChangeSource } from './platform/changes/triggers';
import type { StoreKey } from './platform/db/stores';
import type { CallableObservers } from './platform/http/callable-observers';
import type { CspSources } from './platform/http/security-headers';
import type { SpaDocument } from './platform/http/spa';
import type { JobDefinition } from './platform/jobs/runner';
import type { LiveTopic } from './platform/live/routes';
import type { Mailer } from './platform/mail/mailer';
import type { Metrics } from './platform/metrics/metrics';
import type { PersonalDataPart } from './platform/personal-data';
import type { PushSenders } from './platform/push/senders';
import type { FileStore } from './platform/storage/file-store';
import type { AppStores, GameDatabase, IdentityDatabase } from './stores';

/*
 * The contract between the app and its domains (DESIGN.md §8, "Domains as modules"): each domain
 * folder exports one Domain from its module.ts, and domains.ts lists them. The app, the stores,
 * the seeder, the live streams, the job runner, the account's data and the dashboard iterate that
 * list, so a domain (or a topic, a job, a figure) joins in its own folder and one line there.
 * Domains type-import this file (as they type-import stores.ts); nothing here runs.
 */

/** What a live stream's topics read from: the environment's store, the identity store, where files are served. */
export interface LiveScope {
  environment: Environment;
  game: Kysely<GameDatabase>;
  identity: Kysely<IdentityDatabase>;
  files: FileStore;
  log: FastifyBaseLogger;
}

/** What the app hands each domain when it registers: the stores and the services every domain shares. */
export interface AppContext {
  config: AppConfig;
  stores: AppStores;
  /** The store the game's players use (APP_ENV's); the back office names an environment per request. */
  game: Kysely<GameDatabase>;
  identity: Kysely<IdentityDatabase>;
  rateLimits: RateLimits;
  files: FileStore;
  mailer: Mailer;
  /** Each environment's push sender: FCM where configured, the outbox otherwise. */
  push: PushSenders;
  auth: Auth;
  viewers: ViewerResolver;
  /** Watches every callable request the app answered (the push domain reads the device's messaging token). */
  callables: CallableObservers;
  /** Every environment's PayPal and Stripe clients, where configured. */
  payments: PaymentClients;
  /** The shop's URL, where mails and payment providers send players back. */
  shopUrl: string;
  /** Every store's change feed, by the store's name ('identity', or an environment). */
  feeds: ReadonlyMap<StoreKey, ChangeFeed>;
  /** What every page may load from outside (the file store's images, the domains' own sources). */
  cspSources: CspSources;
  log: FastifyBaseLogger;
  /** The app's Prometheus metrics, where a domain declares its own series (no-ops when metrics are off). */
  metrics: Metrics;
  /** Every domain, for those that gather what the others bring (item uses, figures, personal data, kinds of order). */
  domains: readonly Domain[];
}

/** Where a seeder stores its demo images: the app's file store, in the seeded environment's folders. */
export interface SeedFiles {
  files: FileStore;
  environment: Environment;
}

export interface Domain {
  /** The domain's folder. */
  name: string;
  /** Its tables' migrations, per kind of store; the migrator orders every domain's by name. */
  migrations?: { identity?: Readonly<Record<string, Migration>>; game?: Readonly<Record<string, Migration>> };
  /**
   * Writes its demo rows into an environment's store, in the seeding transaction, in the list's
   * order, and its demo images into the file store when the caller gives one.
   */
  seed?(db: Kysely<GameDatabase>, now: Date, files?: SeedFiles): Promise<void>;
  /** Its routes and hooks. */
  register?(app: FastifyInstance, context: AppContext): void | Promise<void>;
  /** Its background jobs, run once across instances by the job runner. */
  jobs?(context: AppContext): readonly JobDefinition[];
  /** The live topics it serves on GET /api/live (their tables' triggers record the changes). */
  liveTopics?: readonly LiveTopic<LiveScope>[];
  /** Changes it records that no stream follows (ended sessions), per kind of store. */
  changeSources?: { identity?: readonly ChangeSource[]; game?: readonly ChangeSource[] };
  /** Its share of a player's data in each environment's store: in their download, erased with their account. */
  personalData?: PersonalDataPart<GameDatabase>;
  /** The admin dashboard's figures whose data it holds. */
  figures?: Partial<DashboardFigureQueries>;
  gameStatus?: GameStatusQueries;
  /** Ways it uses items, so an item in use is not deleted. */
  itemUses?: readonly ItemUseCheck[];
  /** The kinds of order it sells, which the payment functions settle. */
  paymentKinds?: readonly PaymentKind[];
  /** The live stats' series over time whose data it holds (/admin/live's charts). */
  liveSeries?: LiveSeriesQueries;
  /** The kinds of the game's events it stores (POST /api/ingest/:env/events). */
  ingestKinds?: readonly AnyIngestKind[];
  /** What every page may load from outside for it. */
  cspSources?(config: AppConfig): CspSources;
  /** Screens whose document it shapes. */
  documents?(context: AppContext): readonly SpaDocument[];
}
