import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import {
  ALREADY_RESOLVED_CODE,
  adminReportSchema,
  type Report,
  reportAlreadyResolvedMessage,
  reportListPageSchema,
  reportListQuerySchema,
  reportNotFoundMessage,
  reportParamsSchema,
  resolveReportInputSchema,
  TRENDING_MIN_REPORTS,
  TRENDING_WINDOW_HOURS,
  trendingIssuesSchema,
} from '@outpost/contracts/moderation';
import { personName } from '@outpost/contracts/people';
import { PLAYER_RECORD_SECTIONS, playerRecordParamsSchema, playerRecordSchema } from '@outpost/contracts/player-record';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores, IdentityDatabase } from '../database';
import type { PlayerRecordPart } from '../domain';
import { requireAccount } from '../identity/index';
import { FunctionError } from '../platform/http/errors';
import { withPeople, withPerson } from './people';
import {
  findReport,
  listReports,
  listTrendingIssues,
  ReportAlreadyResolvedError,
  ReportNotFoundError,
  resolveReport,
} from './queries';

export interface ModerationAdminOptions {
  game: AppStores['game'];
  /** Where the people behind reporters' and moderators' ids are named. */
  identity: Kysely<IdentityDatabase>;
  /** Every domain's part of the player page. */
  playerRecord: readonly PlayerRecordPart[];
}

/** A resolve's refusals in an environment's words: 404, or 409 naming who resolved it first. */
const resolveRefusal = async (identity: Kysely<IdentityDatabase>, environment: Environment, error: unknown) => {
  if (error instanceof ReportNotFoundError) {
    return new FunctionError('not-found', reportNotFoundMessage(error.reportID, environment));
  }
  if (error instanceof ReportAlreadyResolvedError) {
    const report = await withPerson(identity, error.report);
    const by = report.resolvedByPerson ? personName(report.resolvedByPerson) : 'another moderator';
    return new FunctionError('aborted', reportAlreadyResolvedMessage(by, String(report.resolvedAt)), {
      code: ALREADY_RESOLVED_CODE,
      report,
    });
  }
  return error;
};

/**
 * The player page's record (docs/decisions/0130-the-player-page.md): every domain's sections about one player,
 * in the page's order. And the moderators' reports (docs/product.md §4.5, §7.9): list (unresolved by default), read,
 * resolve, and the pairs behind Trending Issues. The route table gives them to `moderate`
 * (moderators, staff, admins).
 */
export function registerModerationAdminRoutes(app: FastifyInstance, options: ModerationAdminOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storeOf = (environment: Environment) => options.game[environment];

  api.get(
    '/api/admin/:env/users/:userID/record',
    { schema: { params: playerRecordParamsSchema, response: { 200: playerRecordSchema } } },
    async (request) => {
      const { env, userID } = request.params;
      await requireAccount(options.identity, userID);
      const stores = { game: storeOf(env), identity: options.identity, environment: env };
      const parts = await Promise.all(options.playerRecord.map((part) => part(stores, userID)));
      const order = (key: (typeof PLAYER_RECORD_SECTIONS)[number]) => PLAYER_RECORD_SECTIONS.indexOf(key);
      return { environment: env, sections: parts.flat().sort((a, b) => order(a.key) - order(b.key)) };
    },
  );

  api.get(
    '/api/admin/:env/reports',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: reportListQuerySchema,
        response: { 200: reportListPageSchema },
      },
    },
    async (request) => {
      const page = await listReports(storeOf(request.params.env), request.query);
      return { ...page, rows: await withPeople(options.identity, page.rows) };
    },
  );

  api.get(
    '/api/admin/:env/reports/trending',
    { schema: { params: adminEnvironmentParamsSchema, response: { 200: trendingIssuesSchema } } },
    async (request) => ({
      windowHours: TRENDING_WINDOW_HOURS,
      minReports: TRENDING_MIN_REPORTS,
      issues: await listTrendingIssues(storeOf(request.params.env)),
    }),
  );

  api.get(
    '/api/admin/:env/reports/:reportID',
    { schema: { params: reportParamsSchema, response: { 200: adminReportSchema } } },
    async (request) => {
      const { env, reportID } = request.params;
      const report = await findReport(storeOf(env), reportID);
      if (!report) throw new FunctionError('not-found', reportNotFoundMessage(reportID, env));
      return withPerson(options.identity, report);
    },
  );

  api.post(
    '/api/admin/:env/reports/:reportID/resolve',
    {
      schema: { params: reportParamsSchema, body: resolveReportInputSchema, response: { 200: adminReportSchema } },
    },
    async (request) => {
      const { env, reportID } = request.params;
      const change = await adminChangeOf(request, env);
      let resolved: Report;
      try {
        resolved = await resolveReport(storeOf(env), reportID, request.body.resolution, change);
      } catch (error) {
        throw await resolveRefusal(options.identity, env, error);
      }
      return withPerson(options.identity, resolved);
    },
  );
}
