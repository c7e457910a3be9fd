import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from './admin-list';
import { type Environment, environmentSchema } from './environments';
import { personSchema } from './people';
import { parseShortNumber } from './short-numbers';

/**
 * An admin log entry (docs/product.md §3.10): what an admin changed, where and when, with the action's own
 * data (a claim code id, batch details, a report id, a notification, a reward, a product).
 */
export const adminLogEntrySchema = z.object({
  id: z.int(),
  action: z.string(),
  environment: environmentSchema,
  /** ISO 8601, UTC. */
  timestamp: z.string(),
  /** The admin's user id, as stored ('operator' for a change the operator ran from the command line). */
  admin: z.string(),
  /** Who the admin is; null for the operator, who is nobody's account. */
  adminPerson: z.nullable(personSchema),
  data: z.record(z.string(), z.unknown()),
  /** The people the data names by user id (its userID, the first of its userIDs), by id. */
  people: z.record(z.string(), personSchema),
});
export type AdminLogEntry = z.infer<typeof adminLogEntrySchema>;

const isoDate = z.string().check(z.iso.datetime({ offset: true, error: 'Dates must be ISO 8601 date-times.' }));

/**
 * GET /api/admin/:env/admin-log: newest first by default (sorted by time only), filtered by action
 * (its key), admin (a display name or email, or part of one, or the stored id), record (an id or
 * code the entry's data holds, or an order's or report's number, "#1047", whose id it holds) and time range.
 */
export const adminLogQuerySchema = adminListQuerySchema(['timestamp'] as const, {
  action: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  admin: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  record: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
});
export type AdminLogQuery = z.infer<typeof adminLogQuerySchema>;

export const adminLogPageSchema = adminListPageSchema(adminLogEntrySchema);

/** The 'Moderation & Reports' tiles (docs/product.md §2.9) of one environment. */
export const DASHBOARD_FIGURES = [
  'unresolvedReports',
  'trendingIssues',
  'suspendedPlayers',
  'liveProducts',
  'recentSales',
] as const;
export type DashboardFigure = (typeof DASHBOARD_FIGURES)[number];

/** The period a figure is compared over: the change is against the figure as it stood this many days ago. */
export const DASHBOARD_PERIOD_DAYS = 7;

/**
 * The figures shown with their change against the period before: states (unresolved reports, trending issues,
 * suspended players) against themselves DASHBOARD_PERIOD_DAYS ago, as the reports' and suspensions' times tell;
 * the sales of the last 7 days against the 7 days before. Live Products has none: a product keeps its status
 * now and no history of it, so what was live a week ago is not known.
 */
export const DASHBOARD_COMPARED_FIGURES = [
  'unresolvedReports',
  'trendingIssues',
  'suspendedPlayers',
  'recentSales',
] as const;
export type DashboardComparedFigure = (typeof DASHBOARD_COMPARED_FIGURES)[number];

/** What needs someone's attention beside the unresolved reports, in the dashboard's order: each a count with its list. */
export const ATTENTION_COUNTS = [
  'failedJobs',
  'failedPushes',
  'ordersToPack',
  'ordersToShip',
  'unusedIngestKeys',
] as const;
export type AttentionCount = (typeof ATTENTION_COUNTS)[number];

/** GET /api/admin/:env/dashboard */
export const moderationDashboardSchema = z.object({
  figures: z.object({
    unresolvedReports: z.int(),
    trendingIssues: z.int(),
    /** Accounts suspended right now: accounts are shared, so the same in every environment. */
    suspendedPlayers: z.int(),
    liveProducts: z.int(),
    recentSales: z.int(),
  }),
  /**
   * The compared figures as they stood DASHBOARD_PERIOD_DAYS ago: the unresolved reports, trending issues and
   * suspended players then, the sales of the 7 days before.
   */
  previous: z.object({
    unresolvedReports: z.int(),
    trendingIssues: z.int(),
    suspendedPlayers: z.int(),
    recentSales: z.int(),
  }),
  /**
   * The "Needs attention" counts: background job runs that failed (the runner keeps a week of them), pushes that
   * failed, merch orders paid and not packed, packed and not shipped, and game server keys made and never used.
   */
  attention: z.object({
    failedJobs: z.int(),
    failedPushes: z.int(),
    ordersToPack: z.int(),
    ordersToShip: z.int(),
    unusedIngestKeys: z.int(),
  }),
});
export type ModerationDashboard = z.infer<typeof moderationDashboardSchema>;

/** The Game Status callable, one per environment (docs/product.md §7.6). */
export const gatherDashboardCallableName = (environment: Environment) =>
  `${environment}-admin-gatherRouterDashboardCallable` as const;

/** The Game Status figures (docs/product.md §7.6), in the dashboard's order. */
export const GAME_STATUS_FIGURES = ['activePlayers', 'creditPurchasesCount', 'subscriptionPurchasesCount'] as const;
export type GameStatusFigure = (typeof GAME_STATUS_FIGURES)[number];

/**
 * The Game Status figures' period: each is compared with itself this many hours before (the purchases of the
 * 24 hours before, the players active now against active this time yesterday).
 */
export const GAME_STATUS_PERIOD_HOURS = 24;

const gameStatusFiguresSchema = z.object({
  /** Players on the game's maps now: the live stats' Active now (ACTIVE_NOW_MINUTES), the same reports. */
  activePlayers: z.int().check(z.nonnegative()),
  creditPurchasesCount: z.int().check(z.nonnegative()),
  subscriptionPurchasesCount: z.int().check(z.nonnegative()),
});

/**
 * Its answer (docs/product.md §7.6): figures of the last 24 hours, and beside them (an addition the spec's
 * readers ignore) the same figures GAME_STATUS_PERIOD_HOURS before, for the tiles' change.
 */
export const gatherDashboardResultSchema = z.object({
  dashboardData: gameStatusFiguresSchema,
  previous: gameStatusFiguresSchema,
});
export type GatherDashboardResult = z.infer<typeof gatherDashboardResultSchema>;

/* ------------------------------------------------------------------ revenue */

/** Where money came in: the web's card payments (Stripe) and PayPal, and the game's stores. */
export const REVENUE_CHANNELS = ['stripe', 'paypal', 'app-store', 'google-play'] as const;
export type RevenueChannel = (typeof REVENUE_CHANNELS)[number];

export const REVENUE_CHANNEL_LABELS: Record<RevenueChannel, string> = {
  stripe: 'Card (Stripe)',
  paypal: 'PayPal',
  'app-store': 'App Store',
  'google-play': 'Google Play',
};

/** The longest range the revenue view adds up at once. */
export const REVENUE_MAX_DAYS = 366;

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Give days as YYYY-MM-DD.'));

/** GET /api/admin/:env/revenue?from=&to=: the days, both included (UTC). */
export const revenueQuerySchema = z.object({ from: isoDay, to: isoDay }).check(
  z.refine((range) => range.from <= range.to, {
    message: 'The range must start on or before its last day.',
    path: ['to'],
  }),
  z.refine((range) => Date.parse(range.to) - Date.parse(range.from) < REVENUE_MAX_DAYS * 24 * 60 * 60 * 1000, {
    message: `Choose at most ${REVENUE_MAX_DAYS} days at once.`,
    path: ['from'],
  }),
);
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

/** One day's money of one channel in one currency, in its minor unit. */
export const revenueDaySchema = z.object({
  day: z.string(),
  channel: z.enum(REVENUE_CHANNELS),
  currency: z.string(),
  grossCents: z.int(),
  refundCents: z.int(),
  netCents: z.int(),
});
export type RevenueDay = z.infer<typeof revenueDaySchema>;

export const revenueSchema = z.object({
  /** Days with money, oldest first, channels in REVENUE_CHANNELS' order. */
  days: z.array(revenueDaySchema),
  /** The range's sum per channel and currency. */
  totals: z.array(z.omit(revenueDaySchema, { day: true })),
});
export type Revenue = z.infer<typeof revenueSchema>;

/* ------------------------------------------------------------------ search */

/** What the back office's search finds, in the order its hits are listed. */
export const BACK_OFFICE_SEARCH_KINDS = ['player', 'order', 'code', 'product', 'machine', 'item', 'episode'] as const;
export type BackOfficeSearchKind = (typeof BACK_OFFICE_SEARCH_KINDS)[number];

/** The heading each kind's hits are listed under. */
export const BACK_OFFICE_SEARCH_LABELS: Record<BackOfficeSearchKind, string> = {
  player: 'Players',
  order: 'Merch orders',
  code: 'Redemption codes',
  product: 'Products',
  machine: 'Machines',
  item: 'Items',
  episode: 'Episodes',
};

export const BACK_OFFICE_SEARCH_LIMITS = { queryMinLength: 3, queryMaxLength: 100, hitsPerKind: 5 } as const;

/** Whether a query is long enough to search: an order's number ("#7", "7") is, however short. */
export const isSearchableQuery = (query: string): boolean =>
  query.trim().length >= BACK_OFFICE_SEARCH_LIMITS.queryMinLength || parseShortNumber(query) !== undefined;

/** GET /api/admin/:env/search?q=: a name, an email address, an id, an order's number or a code. */
export const backOfficeSearchQuerySchema = z.object({
  q: z.string({ error: 'Type what to search for.' }).check(
    z.trim(),
    z.refine(isSearchableQuery, {
      error: `Type at least ${BACK_OFFICE_SEARCH_LIMITS.queryMinLength} characters to search.`,
    }),
    z.maxLength(BACK_OFFICE_SEARCH_LIMITS.queryMaxLength, {
      error: `Search for at most ${BACK_OFFICE_SEARCH_LIMITS.queryMaxLength} characters.`,
    }),
  ),
});

/** One thing found: what it is, its name, a line that tells it apart, and its page in the back office. */
export const backOfficeSearchHitSchema = z.object({
  kind: z.enum(BACK_OFFICE_SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  detail: z.nullable(z.string()),
  path: z.string(),
});
export type BackOfficeSearchHit = z.infer<typeof backOfficeSearchHitSchema>;

export const backOfficeSearchSchema = z.object({
  /** At most hitsPerKind of each kind, kinds in BACK_OFFICE_SEARCH_KINDS' order. */
  hits: z.array(backOfficeSearchHitSchema),
});
export type BackOfficeSearch = z.infer<typeof backOfficeSearchSchema>;
