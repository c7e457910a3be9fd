import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import {
  ALREADY_RESOLVED_CODE,
  reportAlreadyResolvedMessage,
  reportListPageSchema,
  reportListQuerySchema,
  reportNotFoundMessage,
  reportParamsSchema,
  reportSchema,
  resolveReportInputSchema,
  TRENDING_MIN_REPORTS,
  TRENDING_WINDOW_HOURS,
  trendingIssuesSchema,
} from '@outpost/contracts/moderation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminChangeOf } from '../backoffice/index';
import { answering, FunctionError } from '../platform/http/errors';
import type { AppStores } from '../stores';
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
}

/** A resolve's refusals in an environment's words: 404, or 409 naming who resolved it first. */
const resolveAnswer = (environment: Environment) =>
  answering((error) => {
    if (error instanceof ReportNotFoundError) {
      return new FunctionError('not-found', reportNotFoundMessage(error.reportID, environment));
    }
    if (error instanceof ReportAlreadyResolvedError) {
      const { resolvedBy, resolvedAt } = error.report;
      return new FunctionError('aborted', reportAlreadyResolvedMessage(String(resolvedBy), String(resolvedAt)), {
        code: ALREADY_RESOLVED_CODE,
        report: error.report,
      });
    }
    return error;
  });

/**
 * The moderators' reports (spec §4, §7; issue 12 point 10): list (unresolved by default), read,
 * resolve, and the pairs behind Trending Issues. The route table gives them to `moderate`
 * (moderators, staff, admins).
 */
export function registerModerationAdminRoutes(app: FastifyInstance, options: ModerationAdminOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storeOf = (environment: Environment) => options.game[environment];

  api.get(
    '/api/admin/:env/reports',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: reportListQuerySchema,
        response: { 200: reportListPageSchema },
      },
    },
    (request) => listReports(storeOf(request.params.env), request.query),
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
    { schema: { params: reportParamsSchema, response: { 200: reportSchema } } },
    async (request) => {
      const { env, reportID } = request.params;
      const report = await findReport(storeOf(env), reportID);
      if (!report) throw new FunctionError('not-found', reportNotFoundMessage(reportID, env));
      return report;
    },
  );

  api.post(
    '/api/admin/:env/reports/:reportID/resolve',
    {
      schema: { params: reportParamsSchema, body: resolveReportInputSchema, response: { 200: reportSchema } },
    },
    async (request) => {
      const { env, reportID } = request.params;
      const change = await adminChangeOf(request, env);
      return resolveAnswer(env)(() => resolveReport(storeOf(env), reportID, request.body.resolution, change));
    },
  );
}
