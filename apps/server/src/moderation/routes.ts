import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import { unknownPlayerReason } from '@outpost/contracts/game-data';
import {
  type FiledReport,
  filedReportSchema,
  fileReportInputSchema,
  gameReportInputSchema,
  type Report,
} from '@outpost/contracts/moderation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppStores } from '../database';
import { missingAccounts } from '../identity/index';
import { signedInViewer } from '../platform/http/access';
import { FunctionError } from '../platform/http/errors';
import { limitTo, perViewer, type RateLimit } from '../platform/http/rate-limit';
import { fileReport } from './queries';

export interface ReportFilingOptions {
  /** Every environment's store: players file into APP_ENV's, the game into the one its path names. */
  game: AppStores['game'];
  /** The accounts a reporter the game names is checked against. */
  identity: AppStores['identity'];
  /** APP_ENV: the environment the players' account area belongs to. */
  appEnv: Environment;
  /** Reports one player may file from the account area: each one lands on a moderator's list. */
  fileRateLimit: RateLimit;
}

/** What the reporter sees of their report: never the moderator's name or note. */
function asFiled(report: Report): FiledReport {
  const { reportID, reportNumber, category, target, text, createdAt, resolved } = report;
  return { reportID, reportNumber, category, target, text, createdAt, resolved };
}

/**
 * Filing reports: a signed-in player from the account area, and the game's servers with the environment's
 * service key (the route table's `service` access), for the player who reported in game when they name one.
 */
export function registerReportFilingRoutes(app: FastifyInstance, options: ReportFilingOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/account/reports',
    {
      schema: { body: fileReportInputSchema, response: { 200: filedReportSchema } },
      config: { rateLimit: { ...limitTo(options.fileRateLimit), keyGenerator: perViewer } },
    },
    async (request) => {
      const viewer = await signedInViewer(request);
      const report = await fileReport(options.game[options.appEnv], {
        ...request.body,
        reporter: viewer.userId,
        source: 'account',
      });
      return asFiled(report);
    },
  );

  api.post(
    '/api/ingest/:env/reports',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: gameReportInputSchema,
        response: { 200: filedReportSchema },
      },
    },
    async (request) => {
      const { reporterID, ...report } = request.body;
      if (reporterID !== undefined && (await missingAccounts(options.identity, [reporterID])).length > 0) {
        throw new FunctionError('invalid-argument', unknownPlayerReason(reporterID, 'reporterID'));
      }
      const filed = await fileReport(options.game[request.params.env], {
        ...report,
        reporter: reporterID ?? null,
        source: 'game',
      });
      return asFiled(filed);
    },
  );
}
