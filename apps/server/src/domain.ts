import type {
  AttentionCount,
  BackOfficeSearchHit,
  DashboardComparedFigure,
  DashboardFigure,
  GameStatusFigure,
  RevenueDay,
} from '@outpost/contracts/backoffice';
import type { CalendarEntry, CalendarKind } from '@outpost/contracts/calendar/schemas';
import type { Environment } from '@outpost/contracts/environments';
import type { ExperimentMetric } from '@outpost/contracts/experiments/schemas';
import type { GameEvent, GameEventOf, GameEventType, LiveSeriesName } from '@outpost/contracts/game-data';
import type { ProfileAdditions } from '@outpost/contracts/identity';
import type { MerchPaymentResult } from '@outpost/contracts/merch';
import type { Capability } from '@outpost/contracts/permissions';
import type { PlayerRecordSection } from '@outpost/contracts/player-record';
import type { RemoteConfigTemplate } from '@outpost/contracts/remote-config/schemas';
import type { SegmentAttribute } from '@outpost/contracts/segments/schemas';
import type { PackPurchaseResult, SpinResult } from '@outpost/contracts/shop';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely, Migration, Selectable } from 'kysely';
import type { AppConfig, RateLimits } from './app-config';
import type { AppStores, GameDatabase, IdentityDatabase } from './database';
import type { ChangeFeed } from './platform/changes/feed';
import type { ChangeSource } from './platform/changes/triggers';
import type { StoreKey } from './platform/db/stores';
import type { TimeUnit } from './platform/db/time-buckets';
import type { CallableObservers } from './platform/http/callable-observers';
import type { CspSources } from './platform/http/security-headers';
import type { SpaDocument } from './platform/http/spa';
import type { JobDefinition } from './platform/jobs/runner';
import type { LiveTopic } from './platform/live/routes';
import type { Mailer } from './platform/mail/mailer';
import type { Metrics } from './platform/metrics/metrics';
import type { PersonalDataPart } from './platform/personal-data';
import type { PushSenders } from './platform/push-transport/senders';
import type { FileStore } from './platform/storage/file-store';

/*
 * The contract between the app and its domains (docs/decisions/0053-domains-as-modules.md): each domain
 * folder exports one Domain from its module.ts, and domains.ts lists them. The app, the stores,
 * the seeder, the live streams, the job runner, the account's data and the dashboard iterate that
 * list, so a domain (or a topic, a job, a count) joins in its own folder and one line there.
 * Domains import this file's types, and so do the domains that gather what the others bring; it
 * imports the platform, the stores' types and the contracts only, never a domain, and nothing here
 * runs.
 */

/** What a live stream's topics read from: the environment's store, the identity store, where files are served. */
export interface LiveScope {
  environment: Environment;
  game: Kysely<GameDatabase>;
  identity: Kysely<IdentityDatabase>;
  files: FileStore;
  log: FastifyBaseLogger;
}

/**
 * The services a domain builds for the app and the domains that use them (identity's auth library
 * and viewer resolver, payments' PayPal and Stripe clients): the app builds each once, through the
 * index of the domain that owns it, and hands it to every domain in the AppContext. The owning
 * domain declares its services here from where it defines them (`declare module '../domain'`,
 * as platform/http/access.ts adds the viewer to Fastify's request), so this contract names none.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the domains that own the services, by declaration merging
export interface DomainServices {}

/** What the app hands each domain when it registers: the stores and the services every domain shares. */
export interface AppContext extends DomainServices {
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
  /** Watches every callable request the app answered (the push domain reads the device's messaging token). */
  callables: CallableObservers;
  /** The shop's URL, where mails and payment providers send players back. */
  shopUrl: string;
  /** Every store's change feed, by the store's name ('identity', or an environment). */
  feeds: ReadonlyMap<StoreKey, ChangeFeed>;
  /** What every page may load from outside (the file store's images, the domains' own sources). */
  cspSources: CspSources;
  log: FastifyBaseLogger;
  /** The app's Prometheus metrics, where a domain declares its own series (no-ops when metrics are off). */
  metrics: Metrics;
  /** Every domain, for those that gather what the others bring (counts, item uses, personal data, order settlements). */
  domains: readonly Domain[];
}

/** Where a seeder stores its demo images: the app's file store, in the seeded environment's folders. */
export interface SeedFiles {
  files: FileStore;
  environment: Environment;
}

/** An environment's store and the accounts every environment shares: what a domain's counts read. */
export interface CountedStores {
  game: Kysely<GameDatabase>;
  identity: Kysely<IdentityDatabase>;
}

/** One count of a domain's data in an environment, run each time the figure that shows it is read. */
export type Count = (stores: CountedStores) => Promise<number>;

/** The names counts are asked for by: the dashboard's figures and attention counts, and the Game Status answer's fields. */
export type CountName = DashboardFigure | AttentionCount | GameStatusFigure;

/** A count of the data as it stood at `at`: a figure the dashboard compares with the period before. */
export type CountAt = (stores: CountedStores, at: Date) => Promise<number>;

/** The figures shown with their change: the compared 'Moderation & Reports' tiles and every Game Status one. */
export type ComparedCountName = DashboardComparedFigure | GameStatusFigure;

/** The short numbers (#12) of a domain's records by id, in one environment's store; an id not found is left out. */
export type ShortNumbersOf = (db: Kysely<GameDatabase>, ids: readonly string[]) => Promise<ReadonlyMap<string, number>>;

/** The ids of a domain's records people call by this short number (#1047), in one environment's store. */
export type NumberedRecords = (db: Kysely<GameDatabase>, shortNumber: number) => Promise<readonly string[]>;

/** The buckets a series is asked for: from `since` (the first bucket's start, ISO 8601) to now, by `unit`. */
export interface SeriesWindow {
  since: string;
  unit: TimeUnit;
}

/**
 * A count of a domain's data per time bucket of the window: values by bucket key ('2026-11-26T18'
 * by the hour, '2026-11-26' by the day); a key missing is 0.
 */
export type Series = (stores: CountedStores, window: SeriesWindow) => Promise<ReadonlyMap<string, number>>;

/**
 * The back office's search in a domain's data: what of it has a name, an id or a number holding
 * `query` (trimmed, any case), at most `limit`, best first, each with its page.
 */
export type SearchSource = (
  stores: CountedStores & { environment: Environment },
  query: string,
  limit: number,
) => Promise<readonly BackOfficeSearchHit[]>;

/**
 * A domain's sections of the back office's player page (docs/decisions/0130-the-player-page.md): what it
 * keeps about one player in an environment, read from its own tables, the newest rows first.
 */
export type PlayerRecordPart = (
  stores: CountedStores & { environment: Environment },
  userId: string,
) => Promise<readonly PlayerRecordSection[]>;

/**
 * A domain's share of the signed-in player's profile as GET /api/auth/me answers it (subscriptions'
 * premium), read from APP_ENV's store, so the game reads it with the profile.
 */
export type ProfilePart = (game: Kysely<GameDatabase>, userId: string) => Promise<ProfileAdditions>;

/** Money a domain took in or gave back, per day (UTC), channel and currency; no netCents, the back office adds it. */
export type RevenueEntry = Omit<RevenueDay, 'netCents'>;

/**
 * A domain's money over whole days, `since` included and `until` not (ISO 8601, both at midnight UTC, so
 * a source may keep sums per day): what it sold (on the day it was paid) and refunded (on the day the
 * refund was made).
 */
export type RevenueSource = (
  game: Kysely<GameDatabase>,
  range: { since: string; until: string },
) => Promise<readonly RevenueEntry[]>;

/**
 * One way a domain's data names an item (a machine's prize, a code's reward): a phrase saying where
 * the item is used ("the prize of machine "m1""), or null when it is not. Run in the transaction
 * that deletes the item, which it refuses while any check finds a use.
 */
export type ItemUseCheck = (db: Kysely<GameDatabase>, itemID: string) => Promise<string | null>;

/**
 * One way a domain's data names a segment (a remote-config condition): a phrase saying where ("the
 * remote config draft's condition "Lapsed""), or null when it does not. Run in the transaction that
 * deletes the segment, which it refuses while any check finds a use.
 */
export type SegmentUseCheck = (db: Kysely<GameDatabase>, segmentID: string) => Promise<string | null>;

/**
 * One way a domain's data relies on remote config's parameters (an experiment's variants are values
 * of one): the refusal's words when `template`, about to be published, would break it, or null.
 * Run in the transaction that publishes (or schedules) the template, which it refuses (409).
 */
export type ParameterUseCheck = (db: Kysely<GameDatabase>, template: RemoteConfigTemplate) => Promise<string | null>;

/** An order being settled: APP_ENV's store, the signed-in player, and the order's payment record. */
export interface SettlingOrder {
  db: Kysely<GameDatabase>;
  userId: string;
  order: Selectable<GameDatabase['payment_orders']>;
}

/**
 * How the orders of one kind (the payment record's `kind`) are settled by the product functions
 * that settle any order of Outpost's: the domain that sells the kind brings its settlement, and the
 * payment functions find the order and hand it over; the settlement grants what was bought, once.
 */
export interface OrderSettlement {
  kind: string;
  /** GET /api/fn/process-paypal-order: the order paid with PayPal; absent where no order of the kind is. */
  settlePayPal?(order: SettlingOrder): Promise<PackPurchaseResult | MerchPaymentResult>;
  /** GET /api/fn/process-direct-transaction: the order paid with credits; absent where no order of the kind is. */
  settleDirect?(order: SettlingOrder): Promise<SpinResult | MerchPaymentResult>;
  /** The kind's refusals as the protocol's errors (they fall back to the payment functions' own). */
  functionError(error: unknown): unknown;
}

/** An event of a batch of the game's that passed its checks, with its place in the batch. */
export interface BatchEvent<Event extends GameEvent = GameEvent> {
  index: number;
  event: Event;
}

/** A player an event names, and the field that names them. */
export interface PlayerReference {
  field: string;
  userID: string;
}

/** How one kind of the game's events is checked and stored (POST /api/ingest/:env/events), written for its type. */
export interface GameEventKind<Type extends GameEventType> {
  type: Type;
  /** The players an event names besides its userID (a report's reporter): each needs an account, as userID does. */
  players?(event: GameEventOf<Type>): readonly PlayerReference[];
  /** Reasons to refuse some of the batch's events of this kind, by index (an unknown episode), read before any is stored. */
  refuse?(
    db: Kysely<GameDatabase>,
    events: readonly BatchEvent<GameEventOf<Type>>[],
  ): Promise<ReadonlyMap<number, string>>;
  /** Stores the batch's new events of this kind in the batch's transaction, with their aggregates. */
  store(trx: Kysely<GameDatabase>, events: readonly BatchEvent<GameEventOf<Type>>[], now: Date): Promise<void>;
}

/**
 * A kind of event as the list of every kind holds it. A batch hands each kind only the events of
 * its own type (it groups them by type), so a GameEventKind of one type is listed as one of these.
 */
export interface AnyGameEventKind {
  type: GameEventType;
  players?(event: GameEvent): readonly PlayerReference[];
  refuse?(db: Kysely<GameDatabase>, events: readonly BatchEvent[]): Promise<ReadonlyMap<number, string>>;
  store(trx: Kysely<GameDatabase>, events: readonly BatchEvent[], now: Date): Promise<void>;
}

/**
 * One of a player's attributes as segments read it (docs/decisions/0138-segments.md), from a domain's
 * own tables in an environment at `now`: the value of each player of `players` (a range of user ids,
 * in the store's order) where the domain holds one; players it does not name take the attribute's
 * default. Numbers are counts, credits and whole minutes; a moment (last seen) is its milliseconds
 * since 1970; a flag is 1; a platform is its bit (segments' `platformBit`). Domains bringing one
 * attribute add up (a moment: the latest; bits: either). The reading asks range after range, so no
 * one read holds the server long.
 */
export interface SegmentAttributeSource {
  attribute: Exclude<SegmentAttribute, 'accountAgeDays'>;
  values(stores: CountedStores, players: PlayerRange, now: Date): Promise<Iterable<SegmentAttributeValue>>;
}

/** User ids from `from` (included; null: the first) to `to` (left out; null: past the last), as the store orders text. */
export interface PlayerRange {
  from: string | null;
  to: string | null;
}

/** A player's value of one attribute. */
export interface SegmentAttributeValue {
  userId: string;
  value: number;
}

/** A player's exposure to an experiment: from when their metric counts. */
export interface ExperimentExposure {
  userId: string;
  exposedAt: Date;
}

/**
 * One goal metric of experiments (docs/decisions/0140-experiments.md), from a domain's own tables in
 * an environment: the value of each exposed player who counts, from their exposure to `until` (the
 * experiment's end, or now while it runs; what a player does after it ended is not its effect). A
 * player left out does not count (a return whose day is not over by `until`); a mean counts a
 * player with nothing as 0.
 */
export interface ExperimentMetricSource {
  metric: ExperimentMetric;
  values(
    stores: CountedStores,
    exposures: readonly ExperimentExposure[],
    until: Date,
  ): Promise<ReadonlyMap<string, number>>;
}

/** The window a calendar read covers: things touching [from, to). */
export interface CalendarWindow {
  from: Date;
  to: Date;
  now: Date;
}

/** Who moves or cancels a thing from the calendar, in which environment (the back office's AdminChange). */
export interface CalendarChange {
  environment: Environment;
  /** The admin's user id. */
  admin: string;
}

/** A calendar entry as its domain reads it; the calendar adds what the viewer may do with it. */
export type CalendarRecord = Omit<CalendarEntry, 'canMove' | 'canCancel'>;

/**
 * One kind of a domain's dated things on the calendar (docs/decisions/0139-the-calendar.md): read
 * from its own tables in an environment, and moved or cancelled through the same functions its own
 * screen's routes call, so the rules, the refusals and the admin-log entries are that screen's.
 * Only a thing not yet started moves or is cancelled (calendar/index.ts's `refuseStarted`). A refusal
 * throws as its screen's routes answer it: a FunctionError with the domain's words (its routes'
 * mapping of its errors), or its contract's ZodError, which the error handler answers 400.
 */
export interface CalendarSource {
  /** Its things are shown to viewers holding the kind's CALENDAR_KIND_READS (its own screen's reads). */
  kind: CalendarKind;
  /** What its own screen's writes take: the calendar asks the same of whoever moves or cancels. */
  capability: Capability;
  /** Its things that touch [from, to) (the calendar keeps no other), with their state at `now`. */
  entries(
    stores: CountedStores & { environment: Environment },
    window: CalendarWindow,
  ): Promise<readonly CalendarRecord[]>;
  /** Moves it to start at `startsAt`, still to come (a window keeps its length); absent where its screen cannot. */
  move?(stores: CountedStores, entryID: string, startsAt: Date, change: CalendarChange): Promise<void>;
  /** Cancels it as its screen does (a drop is deleted, a push cancelled); absent where its screen cannot. */
  cancel?(stores: CountedStores, entryID: string, change: CalendarChange): Promise<void>;
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
  /** Counts of its data, by the name each is shown under (a dashboard figure, a Game Status field); domains counting one name add up. */
  counts?: Partial<Record<CountName, Count>>;
  /** Its compared dashboard figures as they stood at a past moment (the tiles' change against the period before); domains counting one name add up. */
  countsAt?: Partial<Record<ComparedCountName, CountAt>>;
  /** Its reports' short numbers, for other domains' data that points at a report by id (a suspension). */
  reportNumbers?: ShortNumbersOf;
  /** Its records people call by a short number (an order's #1047, a report's #12): the admin log's record filter. */
  numberedRecords?: NumberedRecords;
  /** What the back office's search finds in its data. */
  search?: SearchSource;
  /** Its sections of the back office's player page. */
  playerRecord?: PlayerRecordPart;
  /** What it adds to the signed-in player's profile. */
  profile?: ProfilePart;
  /** The money it took in and gave back, for the back office's revenue view. */
  revenue?: RevenueSource;
  /** Counts of its data over time, by the name of the series (the live stats' charts). */
  series?: Partial<Record<LiveSeriesName, Series>>;
  /** The players' attributes segments read from its data. */
  segmentAttributes?: readonly SegmentAttributeSource[];
  /** The experiments' goal metrics it reads from its data. */
  experimentMetrics?: readonly ExperimentMetricSource[];
  /** Its dated things on the back office's calendar. */
  calendar?: readonly CalendarSource[];
  /** Ways its data names segments, so a segment in use is not deleted. */
  segmentUses?: readonly SegmentUseCheck[];
  /** Ways its data relies on remote config's parameters, so a publish does not break them. */
  parameterUses?: readonly ParameterUseCheck[];
  /** Ways its data uses items, so an item in use is not deleted. */
  itemUses?: readonly ItemUseCheck[];
  /** The settlements of the kinds of order it sells, with the services they pay through. */
  orderSettlements?(context: AppContext): readonly OrderSettlement[];
  /** The kinds of the game's events it stores. */
  gameEventKinds?: readonly AnyGameEventKind[];
  /** What every page may load from outside for it. */
  cspSources?(config: AppConfig): CspSources;
  /** Screens whose document it shapes. */
  documents?(context: AppContext): readonly SpaDocument[];
}
