import { adminEnvironmentParamsSchema } from '@outpost/contracts/environments';
import { type JobRun, jobRunListQuerySchema, jobRunPageSchema } from '@outpost/contracts/jobs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { fetchListPage } from '../db/list-page';
import type { JobRow, JobTables } from './tables';

const SORT_COLUMNS = { runAt: 'run_at', name: 'name' } as const;

function toRun(row: JobRow): JobRun {
  return {
    id: Number(row.id),
    name: row.name,
    status: row.status,
    runAt: row.run_at,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    instance: row.locked_by,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    lastError: row.last_error,
  };
}

/** GET /api/admin/:env/jobs: the job runner's history, as an admin list (the route table names who reads it). */
export function registerJobRoutes<Database extends JobTables>(app: FastifyInstance, db: Kysely<Database>): void {
  const jobs = db as unknown as Kysely<JobTables>;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/:env/jobs',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: jobRunListQuerySchema,
        response: { 200: jobRunPageSchema },
      },
    },
    async (request) => {
      const query = request.query;
      let filtered = jobs.selectFrom('jobs');
      if (query.name) filtered = filtered.where('name', '=', query.name);
      if (query.status) filtered = filtered.where('status', '=', query.status);
      const { rows, ...page } = await fetchListPage(
        filtered,
        filtered.selectAll().orderBy(SORT_COLUMNS[query.sort], query.order).orderBy('id', query.order),
        query,
      );
      return { ...page, rows: rows.map(toRun) };
    },
  );
}
