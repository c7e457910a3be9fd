import { CALENDAR_QUERY_KEYS } from './calendar/contract';
import { broughtLines } from './domain-contract';
import type { Environment } from './environments';
import type { Capability } from './permissions';

/*
 * The live topics (the live listeners of docs/product.md §7.10), declared once for both sides: which topics
 * exist, who may follow each, and which cached queries of the web app each one refreshes. `GET
 * /api/live?topics=…` streams them (server-sent events); `useLive(topics)` keeps the screens that show them
 * current. Kept free of zod, so a screen can follow topics without it.
 */

/**
 * The query keys of the web app that hold live data, spelled here once: the screens read their
 * data under these keys, and a topic names the ones it refreshes.
 */
export const QUERY_KEYS = {
  /** Who is signed in and their profile (GET /api/auth/me). */
  me: ['identity', 'me'],
  /** The shop's catalogue and everything under it (GET /api/shop, the merch catalogue). */
  shop: ['shop'],
  /** The signed-in player's own data (credits, orders, the order profile, …). */
  account: ['account'],
  orderProfile: ['account', 'order-profile'],
  /** The story theater's library and its entries. */
  theater: ['theater'],
  /** beta-config/v1 and the active testing objectives (GET /api/beta). */
  betaProgramme: ['beta', 'programme'],
  /** A part of the shop's back office in one environment. */
  shopAdmin: (environment: Environment, part: 'packs' | 'machines' | 'drops' | 'opening' | 'paypal-transactions') =>
    ['admin', environment, 'shop', part] as const,
  theaterAdmin: (environment: Environment, part: 'episodes' | 'videos' | 'collections') =>
    ['admin', environment, 'theater', part] as const,
  betaAdmin: (environment: Environment, part: 'requests' | 'invites' | 'objectives' | 'config') =>
    ['admin', environment, 'beta', part] as const,
  /** The live stats of one environment (/admin/live). */
  liveStats: (environment: Environment) => ['admin', environment, 'live-stats'] as const,
  /** The signed-in player's beta request, the invites they share, the one they came in with (GET /api/account/beta). */
  accountBeta: ['account', 'beta'],
  /** Every cached player page of one environment: the player, their record, holdings and money. */
  adminUsers: (environment: Environment) => ['admin', environment, 'users'] as const,
  /** Every cached page of one environment's admin log. */
  adminLog: (environment: Environment) => ['admin', environment, 'admin-log'] as const,
  /** The background jobs' history (the deployment's, asked under an environment's path). */
  jobRuns: (environment: Environment) => ['admin', environment, 'jobs'] as const,
  /** The game servers' keys of one environment (/admin/ingest-keys). */
  ingestKeys: (environment: Environment) => ['admin', environment, 'ingest-keys'] as const,
  /** The moderation screens of one environment, by part. */
  moderation: (environment: Environment, part: 'reports' | 'feedback') =>
    ['admin', environment, 'moderation', part] as const,
  /** The merch back office of one environment, by part. */
  merchAdmin: (
    environment: Environment,
    part: 'orders' | 'drops' | 'contacts' | 'ecom-products' | 'config' | 'product-choices',
  ) => ['admin', environment, 'merch', part] as const,
  /** The push screen of one environment (its messages, audiences and outbox). */
  push: (environment: Environment) => ['admin', environment, 'push'] as const,
  /** One part of the push screen: its history, or the outbox (the stand-in phone without FCM). */
  pushPart: (environment: Environment, part: 'messages' | 'outbox') => ['admin', environment, 'push', part] as const,
  /** The rewards to everyone of one environment (the list of distributions and their progress). */
  everyoneRewards: (environment: Environment) => ['admin', environment, 'rewards', 'everyone'] as const,
} as const;

export type QueryKey = readonly unknown[];

/**
 * Who may follow a topic. `public`: anyone, a visitor included (players see what the shop, the
 * theater and the beta page show; the back office, streaming an environment it names, sees what
 * its lists show). `owner`: a signed-in player, who receives changes of their own record only. A
 * capability: the back office only (a stream naming an environment), for those who hold it.
 */
export type LiveTopicAccess = 'public' | 'owner' | Capability;

export interface LiveTopicDeclaration {
  access: LiveTopicAccess;
  /** The web app's queries showing this topic's data on the players' screens (a stream without `env`). */
  playerKeys: readonly QueryKey[];
  /** …and in one environment's back office (a stream naming it). */
  backOfficeKeys(environment: Environment): readonly QueryKey[];
}

const none = () => [] as const;

const OWN_TOPICS = {
  machines: {
    access: 'public',
    playerKeys: [QUERY_KEYS.shop],
    backOfficeKeys: (environment) => [QUERY_KEYS.shopAdmin(environment, 'machines')],
  },
  'credit-packs': {
    access: 'public',
    playerKeys: [QUERY_KEYS.shop],
    backOfficeKeys: (environment) => [QUERY_KEYS.shopAdmin(environment, 'packs')],
  },
  drops: {
    access: 'public',
    playerKeys: [QUERY_KEYS.shop],
    // A machine's screen lists its drops; the calendar shows them.
    backOfficeKeys: (environment) => [
      QUERY_KEYS.shopAdmin(environment, 'drops'),
      QUERY_KEYS.shopAdmin(environment, 'machines'),
      CALENDAR_QUERY_KEYS.admin(environment),
    ],
  },
  /** mtota: episodes with their in-game stats. */
  episodes: {
    access: 'public',
    playerKeys: [QUERY_KEYS.theater],
    backOfficeKeys: (environment) => [QUERY_KEYS.theaterAdmin(environment, 'episodes')],
  },
  'beta-config': {
    access: 'public',
    playerKeys: [QUERY_KEYS.betaProgramme],
    backOfficeKeys: (environment) => [QUERY_KEYS.betaAdmin(environment, 'config')],
  },
  'testing-objectives': {
    access: 'public',
    playerKeys: [QUERY_KEYS.betaProgramme],
    backOfficeKeys: (environment) => [QUERY_KEYS.betaAdmin(environment, 'objectives')],
  },
  /** user-order-settings (docs/product.md §3.15). */
  'order-profile': { access: 'owner', playerKeys: [QUERY_KEYS.orderProfile], backOfficeKeys: none },
  /** The user's profile: display name and keys. */
  profile: { access: 'owner', playerKeys: [QUERY_KEYS.me], backOfficeKeys: none },
  /**
   * The live stats' figures (docs/product.md §9.2): totals and counts the game's events move, the top of
   * levels, merch orders.
   */
  'live-stats': {
    access: 'viewLiveStats',
    playerKeys: [],
    backOfficeKeys: (environment) => [QUERY_KEYS.liveStats(environment)],
  },
  /**
   * user-presence (docs/product.md §7.10): the players the game sees (how many are active now, the latest
   * sighting), one record.
   */
  'user-presence': {
    access: 'viewLiveStats',
    playerKeys: [],
    backOfficeKeys: (environment) => [QUERY_KEYS.liveStats(environment)],
  },
  /** map-presence (docs/product.md §7.10): players on each map now, with the map's data. */
  'map-presence': {
    access: 'viewLiveStats',
    playerKeys: [],
    backOfficeKeys: (environment) => [QUERY_KEYS.liveStats(environment)],
  },
  /** The admin log's entries (a back-office list: its event carries no record, the list refetches its page). */
  'admin-log': {
    access: 'adminArea',
    playerKeys: [],
    // Every admin change is an entry: the calendar hears its merch drops and the shop's opening, which have no topic,
    // here, and an open player page another admin's change to the player (credits, items, a suspension, keys).
    backOfficeKeys: (environment) => [
      QUERY_KEYS.adminLog(environment),
      CALENDAR_QUERY_KEYS.admin(environment),
      QUERY_KEYS.adminUsers(environment),
    ],
  },
  /** Reports, filed by players and the game, resolved by moderators (a back-office list). */
  reports: {
    access: 'moderate',
    playerKeys: [],
    backOfficeKeys: (environment) => [QUERY_KEYS.moderation(environment, 'reports')],
  },
  /** Beta requests (a back-office list). */
  'beta-requests': {
    access: 'manageBeta',
    playerKeys: [],
    backOfficeKeys: (environment) => [QUERY_KEYS.betaAdmin(environment, 'requests')],
  },
  /** Beta invites and their claims (a back-office list). */
  'beta-invites': {
    access: 'manageBeta',
    playerKeys: [],
    backOfficeKeys: (environment) => [QUERY_KEYS.betaAdmin(environment, 'invites')],
  },
  /** The signed-in player's own beta request and the invites they share (accepted by staff, claimed by friends). */
  'account-beta': { access: 'owner', playerKeys: [QUERY_KEYS.accountBeta], backOfficeKeys: none },
  /** Merch orders (a back-office list and each order's screen). */
  'merch-orders': {
    access: 'manageShop',
    playerKeys: [],
    backOfficeKeys: (environment) => [QUERY_KEYS.merchAdmin(environment, 'orders')],
  },
  /** The background jobs' runs (a back-office list; the identity store's, shared by every environment). */
  'job-runs': {
    access: 'viewJobs',
    playerKeys: [],
    backOfficeKeys: (environment) => [QUERY_KEYS.jobRuns(environment)],
  },
  /**
   * Push messages sent and scheduled, with their progress (a back-office list). The history only: the
   * composer's audience counts are not asked again as a message moves.
   */
  'push-messages': {
    access: 'sendPush',
    playerKeys: [],
    // The calendar shows the scheduled and sent ones.
    backOfficeKeys: (environment) => [
      QUERY_KEYS.pushPart(environment, 'messages'),
      CALENDAR_QUERY_KEYS.admin(environment),
    ],
  },
  /**
   * What the push outbox received (the stand-in phone of a machine without FCM credentials, shared by every
   * environment in the identity store): a send's chunks and test notifications, one change per write.
   */
  'push-outbox': {
    access: 'sendPush',
    playerKeys: [],
    backOfficeKeys: (environment) => [QUERY_KEYS.pushPart(environment, 'outbox')],
  },
  /** The rewards to everyone: queued, each batch of players reached, done or failed (a back-office list). */
  'everyone-rewards': {
    access: 'distributeRewards',
    playerKeys: [],
    // The calendar shows each run, from its send to its end.
    backOfficeKeys: (environment) => [QUERY_KEYS.everyoneRewards(environment), CALENDAR_QUERY_KEYS.admin(environment)],
  },
  /** The game servers' keys: made, used, revoked (a back-office list). */
  'ingest-keys': {
    access: 'manageIngestKeys',
    playerKeys: [],
    backOfficeKeys: (environment) => [QUERY_KEYS.ingestKeys(environment)],
  },
  /** Accounts made and deleted: the live stats' users count and recent users. */
  accounts: {
    access: 'viewLiveStats',
    playerKeys: [],
    backOfficeKeys: (environment) => [QUERY_KEYS.liveStats(environment)],
  },
} as const satisfies Record<string, LiveTopicDeclaration>;

/** Every live topic: those above and those the domains with contracts of their own bring (domain-contract.ts). */
export const LIVE_TOPICS = { ...OWN_TOPICS, ...broughtLines('liveTopics') };

export type LiveTopicName = keyof typeof LIVE_TOPICS;
export const LIVE_TOPIC_NAMES = Object.keys(LIVE_TOPICS) as LiveTopicName[];

export function isLiveTopic(name: string): name is LiveTopicName {
  return Object.hasOwn(LIVE_TOPICS, name);
}

/** The stream's address: `/api/live?topics=a,b` for the players' screens, `&env=` for an environment's back office. */
export function liveStreamPath(topics: readonly LiveTopicName[], environment?: Environment): string {
  const query = new URLSearchParams({ topics: [...topics].sort().join(',') });
  if (environment) query.set('env', environment);
  return `/api/live?${query.toString()}`;
}

/**
 * Events besides the topics': `ready` (the stream follows from here), `reset` (too far behind:
 * refetch all), and `ended`, a stream's last event when the session it was opened with ended or
 * its account's access changed: its data is a SessionEnd (identity.ts) saying why, and the server
 * then closes the stream (a browser reconnects with what it holds now).
 */
export const LIVE_CONTROL_EVENTS = { ready: 'ready', reset: 'reset', ended: 'ended' } as const;

/**
 * What a topic's event carries: the changed record's key, and the record as the viewer's read route answers it,
 * or null when it is gone. A back-office list's topic carries no record (null): its list refetches its page, whose
 * sort, filters and names one record could not place.
 */
export interface LiveEvent {
  key: string;
  record: unknown;
}
