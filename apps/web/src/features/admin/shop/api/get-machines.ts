import type { Environment } from '@outpost/contracts/environments';
import { machineListPageSchema } from '@outpost/contracts/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';
import { shopAdminQueryKey } from './query-keys';

/** GET /api/admin/:env/machines: one page of every machine with its prize count and stock left. */
export function getMachines(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/machines?${adminListSearchParams(query)}`, machineListPageSchema);
}

/** The largest page the protocol gives: the drop form's machine choices. */
const CHOICES_QUERY: AdminListQuery = { page: 1, pageSize: 500, sort: 'name', order: 'asc', filters: {} };

/** Every machine by name, for a select (the first 500: far more than a shop runs). */
export function useMachineChoices(environment: Environment) {
  return useQuery(
    queryOptions({
      queryKey: [...shopAdminQueryKey(environment, 'machines'), 'list', 'choices'],
      queryFn: () => getMachines(environment, CHOICES_QUERY),
    }),
  );
}
