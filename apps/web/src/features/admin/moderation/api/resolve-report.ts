import type { Environment } from '@outpost/contracts/environments';
import { type AdminReport, adminReportSchema, type ResolveReportInput } from '@outpost/contracts/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { moderationDashboardQueryOptions } from '../../api/get-dashboard';
import { reportPath, reportQueryOptions } from './get-report';
import { moderationQueryKey } from './query-keys';

/** POST /api/admin/:env/reports/:reportID/resolve: 409 (`already-resolved`) when someone resolved it first. */
export function resolveReport(environment: Environment, reportID: string, input: ResolveReportInput) {
  return requestJson(`${reportPath(environment, reportID)}/resolve`, adminReportSchema, {
    method: 'POST',
    body: input,
  });
}

/**
 * The report the server answers replaces the one on screen; the lists, the trending pairs and
 * the dashboard's figures, which all count unresolved reports, are asked again. A refusal also
 * refreshes them: the report was resolved by someone else, and the screen shows their resolution.
 */
export function useResolveReport(environment: Environment, reportID: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: moderationQueryKey(environment, 'reports') }),
      queryClient.invalidateQueries({ queryKey: moderationDashboardQueryOptions(environment).queryKey }),
    ]);
  return useMutation({
    mutationFn: (input: ResolveReportInput) => resolveReport(environment, reportID, input),
    onSuccess: (report: AdminReport) => {
      queryClient.setQueryData(reportQueryOptions(environment, reportID).queryKey, report);
      return refresh();
    },
    onError: refresh,
  });
}
