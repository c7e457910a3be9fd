import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from './admin-list';
import { type Environment, environmentSchema } from './environments';
import { personSchema } from './people';

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
 * code the entry's data holds) and time range.
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
});
export type ModerationDashboard = z.infer<typeof moderationDashboardSchema>;

/** The Game Status callable, one per environment (docs/product.md §7.6). */
export const gatherDashboardCallableName = (environment: Environment) =>
  `${environment}-admin-gatherRouterDashboardCallable` as const;

/** Its answer (docs/product.md §7.6): figures of the last 24 hours. */
export const gatherDashboardResultSchema = z.object({
  dashboardData: z.object({
    activePlayers: z.int().check(z.nonnegative()),
    creditPurchasesCount: z.int().check(z.nonnegative()),
    subscriptionPurchasesCount: z.int().check(z.nonnegative()),
  }),
});
export type GatherDashboardResult = z.infer<typeof gatherDashboardResultSchema>;
