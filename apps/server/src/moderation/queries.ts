import type { AdminListPage } from '@outpost/contracts/admin-list';
import {
  type Report,
  type ReportCategory,
  type ReportListQuery,
  type ReportSource,
  TRENDING_LIST_LIMIT,
  TRENDING_MIN_REPORTS,
  TRENDING_WINDOW_HOURS,
  type TrendingIssue,
} from '@outpost/contracts/moderation';
import { parseShortNumber } from '@outpost/contracts/short-numbers';
import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from 'kysely';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { fetchListPage } from '../platform/db/list-page';
import { containsText } from '../platform/db/text-search';
import { newRandomID } from '../platform/random-id';
import type { ReportRow } from './tables';

/*
 * Every read and write of reports. Filing is the players' and the game's; resolving is the
 * moderators', one transaction that first appends its admin-log entry (docs/product.md §7.9: "each report
 * resolution appends an admin-log entry first").
 */

export const MODERATION_ADMIN_ACTIONS = { resolveReport: 'report.resolve' } as const;

export class ReportNotFoundError extends Error {
  constructor(readonly reportID: string) {
    super(`There is no report "${reportID}".`);
  }
}

/** A resolve of a report someone resolved first; nothing was changed or logged. */
export class ReportAlreadyResolvedError extends Error {
  constructor(readonly report: Report) {
    super(`The report "${report.reportID}" is already resolved.`);
  }
}

export function toReport(row: ReportRow): Report {
  return {
    reportID: row.report_id,
    reportNumber: row.report_number,
    category: row.category as ReportCategory,
    target: row.target,
    text: row.text,
    createdAt: row.created_at,
    resolved: row.resolved === 1,
    source: row.source as ReportSource,
    reporter: row.reporter,
    resolvedBy: row.resolved_by,
    resolvedAt: row.resolved_at,
    resolution: row.resolution,
  };
}

export interface NewReport {
  category: ReportCategory;
  target: string;
  text: string;
  reporter: string | null;
  source: ReportSource;
  now?: Date;
}

/** Files a report under a new random id (docs/product.md §5.7), unresolved. */
export async function fileReport(db: Kysely<GameDatabase>, report: NewReport): Promise<Report> {
  const reportID = newRandomID();
  await db
    .insertInto('reports')
    .values({
      report_id: reportID,
      category: report.category,
      target: report.target,
      text: report.text,
      reporter: report.reporter,
      source: report.source,
      created_at: (report.now ?? new Date()).toISOString(),
      resolved: 0,
      resolved_by: null,
      resolved_at: null,
      resolution: null,
    })
    .execute();
  // Read back: SQLite gives the report its number after the insert (platform/db/row-numbers.ts).
  const row = await db.selectFrom('reports').selectAll().where('report_id', '=', reportID).executeTakeFirstOrThrow();
  return toReport(row);
}

export async function findReport(db: Kysely<GameDatabase>, reportID: string): Promise<Report | undefined> {
  const row = await db.selectFrom('reports').selectAll().where('report_id', '=', reportID).executeTakeFirst();
  return row && toReport(row);
}

const SORT_COLUMNS = {
  createdAt: 'created_at',
  category: 'category',
  target: 'target',
  resolvedAt: 'resolved_at',
} as const satisfies Record<ReportListQuery['sort'], keyof ReportRow>;

/** Reports whose target or text holds `q`, and the report whose number it is ("12", "#12"). */
function matching(q: string) {
  const text = containsText(['target', 'text'], q);
  const reportNumber = parseShortNumber(q);
  return (eb: ExpressionBuilder<GameDatabase, 'reports'>) =>
    reportNumber === undefined ? text : eb.or([text, eb('report_number', '=', reportNumber)]);
}

/**
 * One page of reports (the admin list protocol); docs/product.md §4.5 loads only unresolved ones unless
 * `show` says otherwise.
 */
export async function listReports(db: Kysely<GameDatabase>, query: ReportListQuery): Promise<AdminListPage<Report>> {
  let filtered = db.selectFrom('reports');
  if (query.show !== 'all') filtered = filtered.where('resolved', '=', query.show === 'resolved' ? 1 : 0);
  if (query.category) filtered = filtered.where('category', '=', query.category);
  if (query.target) filtered = filtered.where('target', '=', query.target);
  if (query.q) filtered = filtered.where(matching(query.q));
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered
      .selectAll()
      .orderBy(SORT_COLUMNS[query.sort], query.order)
      // Reports of one millisecond keep one order across pages.
      .orderBy('report_id', query.order),
    query,
  );
  return { ...page, rows: rows.map(toReport) };
}

/**
 * Resolves a report: the admin-log entry first, then `resolved = 1` only where it is still 0, so
 * of two moderators resolving at once exactly one does; the other's entry rolls back with its
 * transaction and it learns who was first.
 */
export function resolveReport(
  db: Kysely<GameDatabase>,
  reportID: string,
  resolution: string | undefined,
  context: AdminChange,
): Promise<Report> {
  // One clock reading for the entry and the report, so the log's time is the resolution's.
  const now = context.now ?? new Date();
  const at = now.toISOString();
  const note = resolution ? resolution : null;
  return db.transaction().execute(async (trx) => {
    // The entry names the report as people know it: its number and what it was about.
    const about = await trx
      .selectFrom('reports')
      .select(['report_number', 'category', 'target'])
      .where('report_id', '=', reportID)
      .executeTakeFirst();
    await appendAdminLog(
      trx,
      adminLogRecord({ ...context, now }, MODERATION_ADMIN_ACTIONS.resolveReport, {
        reportID,
        reportNumber: about?.report_number,
        category: about?.category,
        target: about?.target,
        resolution: note,
      }),
    );
    const resolved = await trx
      .updateTable('reports')
      .set({ resolved: 1, resolved_by: context.admin, resolved_at: at, resolution: note })
      .where('report_id', '=', reportID)
      .where('resolved', '=', 0)
      .returningAll()
      .executeTakeFirst();
    if (resolved) return toReport(resolved);
    const existing = await findReport(trx, reportID);
    throw existing ? new ReportAlreadyResolvedError(existing) : new ReportNotFoundError(reportID);
  });
}

type ReportsQuery = ExpressionBuilder<GameDatabase, 'reports'>;

/** Reports unresolved now, or, given `at`, filed by then and not resolved by then (the figure as it stood). */
function unresolved(eb: ReportsQuery, at?: Date) {
  if (at === undefined) return eb('resolved', '=', 0);
  const then = at.toISOString();
  return eb.and([eb('created_at', '<=', then), eb.or([eb('resolved', '=', 0), eb('resolved_at', '>', then)])]);
}

/**
 * The reports that were filed and unresolved at `at`: the dashboard's figure as it stood then. Counted
 * as two parts, those unresolved still and those resolved since, each over an index of its own
 * (reports_resolved_created, reports_resolved_at): with the `or` of unresolved(), every report is read.
 */
export async function countUnresolvedReportsAt(db: Kysely<GameDatabase>, at: Date): Promise<number> {
  const then = at.toISOString();
  const filed = db.selectFrom('reports').where('created_at', '<=', then);
  const [still, since] = await Promise.all([
    countOf(filed.where('resolved', '=', 0)),
    countOf(filed.where('resolved', '=', 1).where('resolved_at', '>', then)),
  ]);
  return still + since;
}

async function countOf(reports: SelectQueryBuilder<GameDatabase, 'reports', object>): Promise<number> {
  const row = await reports.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The dashboard's Unresolved Reports. */
export function countUnresolvedReports(db: Kysely<GameDatabase>): Promise<number> {
  return countOf(db.selectFrom('reports').where((eb) => unresolved(eb)));
}

const TRENDING_WINDOW_MS = TRENDING_WINDOW_HOURS * 60 * 60 * 1000;

/**
 * The (category, target) pairs with at least TRENDING_MIN_REPORTS unresolved reports in the window before `now`;
 * with `past`, as they stood at `now` (the reports filed and unresolved then).
 */
function trendingPairs(db: Kysely<GameDatabase>, now: Date, past = false) {
  return db
    .selectFrom('reports')
    .where((eb) => unresolved(eb, past ? now : undefined))
    .where('created_at', '>=', new Date(now.getTime() - TRENDING_WINDOW_MS).toISOString())
    .groupBy(['category', 'target'])
    .having((eb) => eb.fn.countAll(), '>=', TRENDING_MIN_REPORTS);
}

/** The dashboard's Trending Issues: how many pairs trend now (contracts' TRENDING_* say what that means). */
export async function countTrendingIssues(db: Kysely<GameDatabase>, now = new Date()): Promise<number> {
  return countTrending(db, now, false);
}

/** Trending Issues as they stood at `at`: the pairs the reports filed and unresolved then made trend. */
export async function countTrendingIssuesAt(db: Kysely<GameDatabase>, at: Date): Promise<number> {
  return countTrending(db, at, true);
}

async function countTrending(db: Kysely<GameDatabase>, at: Date, past: boolean): Promise<number> {
  const row = await db
    .selectFrom(trendingPairs(db, at, past).select(['category', 'target']).as('trending'))
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The pairs behind Trending Issues, most reported first (newest first among equals). */
export async function listTrendingIssues(db: Kysely<GameDatabase>, now = new Date()): Promise<TrendingIssue[]> {
  const rows = await trendingPairs(db, now)
    .select((eb) => [
      'category',
      'target',
      eb.fn.countAll<string | number>().as('reports'),
      eb.fn.max('created_at').as('latest_at'),
    ])
    .orderBy('reports', 'desc')
    .orderBy('latest_at', 'desc')
    .orderBy('category')
    .orderBy('target')
    .limit(TRENDING_LIST_LIMIT)
    .execute();
  return rows.map((row) => ({
    category: row.category as ReportCategory,
    target: row.target,
    reports: Number(row.reports),
    latestAt: row.latest_at,
  }));
}

/** Writes reports as given (the demo seed): an existing id is restored to the given row. */
export async function putReports(
  db: Kysely<GameDatabase>,
  rows: readonly Omit<ReportRow, 'report_number'>[],
): Promise<void> {
  for (const row of rows) {
    const { report_id: _id, ...changes } = row;
    await db
      .insertInto('reports')
      .values(row)
      .onConflict((conflict) => conflict.column('report_id').doUpdateSet(changes))
      .execute();
  }
}

/** The short numbers of the reports with these ids (a suspension names its report by id); an id not found is left out. */
export async function reportNumbersOf(
  db: Kysely<GameDatabase>,
  reportIDs: readonly string[],
): Promise<ReadonlyMap<string, number>> {
  if (reportIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('reports')
    .select(['report_id', 'report_number'])
    .where('report_id', 'in', [...new Set(reportIDs)])
    .execute();
  return new Map(rows.map((row) => [row.report_id, Number(row.report_number)]));
}

/** The report whose number (#12) this is: the admin log's record filter finds its entries by its id. */
export async function reportsNumbered(db: Kysely<GameDatabase>, shortNumber: number): Promise<string[]> {
  const rows = await db.selectFrom('reports').select('report_id').where('report_number', '=', shortNumber).execute();
  return rows.map((row) => row.report_id);
}
