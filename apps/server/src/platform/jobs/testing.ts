import type { Kysely } from 'kysely';
import type { JobDefinition, JobLogger } from './runner';
import type { JobTables } from './tables';

/** A runner's log that says nothing: a test reads what its runs did from the store. */
export const QUIET_JOB_LOG: JobLogger = { info() {}, error() {} };

/**
 * Makes the waiting run of `definition` with `key` fail for good on its next try, as a run whose
 * work is given up on: it may be tried once, and the definition answered runs it by throwing
 * `reason`. For tests of what a failed run leaves behind.
 */
export async function givenUpOn<Database extends JobTables>(
  db: Kysely<Database>,
  definition: JobDefinition,
  key: string,
  reason: string,
): Promise<JobDefinition> {
  const jobs = db as unknown as Kysely<JobTables>;
  await jobs
    .updateTable('jobs')
    .set({ max_attempts: 1 })
    .where('name', '=', definition.name)
    .where('key', '=', key)
    .execute();
  return {
    ...definition,
    run: async () => {
      throw new Error(reason);
    },
  };
}
