import type { Environment } from '@outpost/contracts/environments';
import { adminReportSchema } from '@outpost/contracts/moderation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { moderationQueryKey } from './query-keys';

export const reportPath = (environment: Environment, reportID: string) =>
  `/api/admin/${environment}/reports/${encodeURIComponent(reportID)}`;

/** GET /api/admin/:env/reports/:reportID: the whole report; 404 when there is none. */
export function getReport(environment: Environment, reportID: string) {
  return requestJson(reportPath(environment, reportID), adminReportSchema);
}

export const reportQueryOptions = (environment: Environment, reportID: string) =>
  queryOptions({
    queryKey: [...moderationQueryKey(environment, 'reports'), 'report', reportID],
    queryFn: () => getReport(environment, reportID),
    // Another moderator may resolve it meanwhile: each visit asks again.
    staleTime: 0,
  });

export function useReport(environment: Environment, reportID: string) {
  return useQuery(reportQueryOptions(environment, reportID));
}
