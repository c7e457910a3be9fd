import type { JobStatus } from '@outpost/contracts/jobs';
import type { Kysely } from 'kysely';
import type { JobTables } from './tables';

/** How many runs the job history holds in `status` (the history at /admin/log?tab=jobs&status=… lists the same). */
export async function countJobRuns<Database extends JobTables>(
  db: Kysely<Database>,
  status: JobStatus,
): Promise<number> {
  // Kysely's builder does not narrow a generic database to its job tables (as routes.ts reads them too).
  const jobs = db as unknown as Kysely<JobTables>;
  const row = await jobs
    .selectFrom('jobs')
    .where('status', '=', status)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
