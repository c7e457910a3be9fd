import type { Environment } from '@outpost/contracts/environments';
import { jobRunPageSchema } from '@outpost/contracts/jobs';
import { QUERY_KEYS } from '@outpost/contracts/live-topics';
import { type AdminListQuery, adminListSearchParams } from '../../../components/admin-list/list-view';
import { requestJson } from '../../../lib/api';

/**
 * Every cached page of the background jobs' history. The runs are the whole deployment's, the same
 * under every environment's path, but the server answers (and authorizes) per path, so the key names it.
 */
export const jobRunsQueryKey = QUERY_KEYS.jobRuns;

/** GET /api/admin/:env/jobs: one page of the job runner's history, newest first by default. */
export function getJobRuns(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/jobs?${adminListSearchParams(query)}`, jobRunPageSchema);
}
