import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from './admin-list';
import { environmentSchema } from './environments';
import { personSchema } from './people';

/**
 * Reports (docs/product.md §3.9 Report {reportID, resolved}, §4.5, §7.9): a player files one from
 * the account area, or the game's servers file one for a player; moderators list the unresolved
 * ones and resolve them. The dashboard's Unresolved Reports and Trending Issues tiles count them.
 */

/** What a report is about; the game and the account area's form offer the same list. */
export const REPORT_CATEGORIES = [
  'harassment',
  'hate-speech',
  'cheating',
  'scam',
  'inappropriate-content',
  'bug',
  'other',
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** How a screen names each category. */
export const REPORT_CATEGORY_LABELS: Record<ReportCategory, string> = {
  harassment: 'Harassment or bullying',
  'hate-speech': 'Hate speech',
  cheating: 'Cheating or exploits',
  scam: 'Scam or fraud',
  'inappropriate-content': 'Inappropriate content',
  bug: 'Bug or broken place',
  other: 'Something else',
};

/** Where a report came from: the player's account area, or the game's servers. */
export const REPORT_SOURCES = ['account', 'game'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

/**
 * How the Filed by field names a report's source: beside the player who filed it, or alone when
 * the game filed it for nobody known. The list and the report's page both say it this way.
 */
export const REPORT_SOURCE_LABELS: Record<ReportSource, { withPlayer: string; alone: string }> = {
  account: { withPlayer: 'from the account area', alone: 'A player, from the account area' },
  game: { withPlayer: 'through the game', alone: 'The game' },
};

export const REPORT_TARGET_MAX_LENGTH = 200;
export const REPORT_TEXT_MAX_LENGTH = 2000;
export const REPORT_RESOLUTION_MAX_LENGTH = 1000;
export const REPORT_REPORTER_MAX_LENGTH = 200;

/**
 * Trending Issues (the dashboard's tile): the number of distinct (category, target) pairs that
 * drew at least TRENDING_MIN_REPORTS unresolved reports filed in the last TRENDING_WINDOW_HOURS
 * hours. Targets are compared exactly as filed (trimmed).
 */
export const TRENDING_WINDOW_HOURS = 24;
export const TRENDING_MIN_REPORTS = 3;
/** The trending list answers at most this many pairs (the figure counts them all). */
export const TRENDING_LIST_LIMIT = 100;

export const REPORT_MESSAGES = {
  category: `Choose what the report is about: ${REPORT_CATEGORIES.join(', ')}.`,
  targetRequired: 'Say who or what you are reporting.',
  targetTooLong: `The reported player or place can be at most ${REPORT_TARGET_MAX_LENGTH} characters.`,
  textRequired: 'Describe what happened.',
  textTooLong: `A report can be at most ${REPORT_TEXT_MAX_LENGTH} characters.`,
  reporterInvalid: `reporterID must be the reporting player's user id (at most ${REPORT_REPORTER_MAX_LENGTH} characters).`,
  resolutionTooLong: `A resolution note can be at most ${REPORT_RESOLUTION_MAX_LENGTH} characters.`,
  reportIDInvalid: 'That is not a report ID.',
  filed: 'Thank you. Your report was sent to our moderators.',
  resolved: 'Report resolved.',
  reportsEmpty: 'No reports found.',
} as const;

export const reportNotFoundMessage = (reportID: string, environment: string) =>
  `There is no report "${reportID}" in ${environment}.`;
const UTC_MOMENT = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', dateStyle: 'long', timeStyle: 'short' });
/** A second resolve's refusal; the server does not know the reader's zone, so the time is said in UTC. */
export const reportAlreadyResolvedMessage = (resolvedBy: string, resolvedAt: string) =>
  `This report was already resolved by ${resolvedBy} on ${UTC_MOMENT.format(new Date(resolvedAt))} UTC.`;
/** `details.code` of a second resolve (409), so a screen can reload the report instead of failing. */
export const ALREADY_RESOLVED_CODE = 'already-resolved';

const requiredText = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, { error: required }), z.maxLength(max, { error: tooLong }));

export const reportCategorySchema = z.enum(REPORT_CATEGORIES, { error: REPORT_MESSAGES.category });

/** POST /api/account/reports: what a signed-in player files from the account area. */
export const fileReportInputSchema = z.object({
  category: reportCategorySchema,
  /** Who or what is reported: a player's @name, a place, an item. */
  target: requiredText(REPORT_MESSAGES.targetRequired, REPORT_TARGET_MAX_LENGTH, REPORT_MESSAGES.targetTooLong),
  text: requiredText(REPORT_MESSAGES.textRequired, REPORT_TEXT_MAX_LENGTH, REPORT_MESSAGES.textTooLong),
});
export type FileReportInput = z.input<typeof fileReportInputSchema>;

/** POST /api/ingest/:env/reports: a report the game's servers file, for the player who made it if known. */
export const gameReportInputSchema = z.extend(fileReportInputSchema, {
  reporterID: z.optional(
    requiredText(REPORT_MESSAGES.reporterInvalid, REPORT_REPORTER_MAX_LENGTH, REPORT_MESSAGES.reporterInvalid),
  ),
});
export type GameReportInput = z.input<typeof gameReportInputSchema>;

/** What filing answers: the report as its reporter may see it (no moderator's name). */
export const filedReportSchema = z.object({
  reportID: z.string(),
  /** The report's short number, what the player and moderators call it by (Report #12; short-numbers.ts). */
  reportNumber: z.int(),
  category: reportCategorySchema,
  target: z.string(),
  text: z.string(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  resolved: z.boolean(),
});
export type FiledReport = z.infer<typeof filedReportSchema>;

/** A report as moderators see it. */
export const reportSchema = z.extend(filedReportSchema, {
  source: z.enum(REPORT_SOURCES),
  /** The reporting player's user id; null when the game filed it without one. */
  reporter: z.nullable(z.string()),
  /** The moderator's user id, when and how it was resolved. */
  resolvedBy: z.nullable(z.string()),
  resolvedAt: z.nullable(z.string()),
  resolution: z.nullable(z.string()),
});
export type Report = z.infer<typeof reportSchema>;

/** A report as the moderators' screens show it: the people behind its user ids named. */
export const adminReportSchema = z.extend(reportSchema, {
  /** Who `reporter` is; null with it. */
  reporterPerson: z.nullable(personSchema),
  /** Who `resolvedBy` is; null with it. */
  resolvedByPerson: z.nullable(personSchema),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const REPORT_SORTABLE = ['createdAt', 'category', 'target', 'resolvedAt'] as const;

/**
 * GET /api/admin/:env/reports: newest first. docs/product.md §4.5 loads only unresolved reports: that is the
 * default, `show=resolved` or `show=all` widen it. `category` and `target` match exactly (a
 * trending issue's pair); `q` finds text in the target or the report, or a report by its number.
 */
export const reportListQuerySchema = adminListQuerySchema(REPORT_SORTABLE, {
  show: z._default(
    z.enum(['unresolved', 'resolved', 'all'], { error: 'show must be unresolved, resolved or all.' }),
    'unresolved',
  ),
  category: z.optional(reportCategorySchema),
  target: z.optional(z.string().check(z.trim(), z.maxLength(REPORT_TARGET_MAX_LENGTH))),
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;
export const reportListPageSchema = adminListPageSchema(adminReportSchema);

export const reportParamsSchema = z.object({
  env: environmentSchema,
  reportID: z.string().check(z.trim(), z.regex(/^[a-z0-9]{1,64}$/, { error: REPORT_MESSAGES.reportIDInvalid })),
});

/** POST /api/admin/:env/reports/:reportID/resolve: an optional note on what was done (the body may be left out). */
export const resolveReportInputSchema = z._default(
  z.object({
    resolution: z.optional(
      z
        .string()
        .check(z.trim(), z.maxLength(REPORT_RESOLUTION_MAX_LENGTH, { error: REPORT_MESSAGES.resolutionTooLong })),
    ),
  }),
  {},
);
export type ResolveReportInput = z.input<typeof resolveReportInputSchema>;

/** One trending issue: a (category, target) pair and its unresolved reports in the window. */
export const trendingIssueSchema = z.object({
  category: reportCategorySchema,
  target: z.string(),
  reports: z.int(),
  /** The newest of them, ISO 8601. */
  latestAt: z.string(),
});
export type TrendingIssue = z.infer<typeof trendingIssueSchema>;

/** GET /api/admin/:env/reports/trending: the pairs the Trending Issues figure counts, most reported first. */
export const trendingIssuesSchema = z.object({
  windowHours: z.int(),
  minReports: z.int(),
  issues: z.array(trendingIssueSchema),
});
export type TrendingIssues = z.infer<typeof trendingIssuesSchema>;
