import type { Environment } from '@outpost/contracts/environments';
import { machineSchema } from '@outpost/contracts/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { CallableError } from '../../../../lib/callable';
import { shopAdminQueryKey } from './query-keys';

/** GET /api/admin/:env/machines/:machineID: the machine, its prizes in order and its version. */
export function getMachine(environment: Environment, machineID: string) {
  return requestJson(`/api/admin/${environment}/machines/${encodeURIComponent(machineID)}`, machineSchema);
}

export const machineQueryOptions = (environment: Environment, machineID: string) =>
  queryOptions({
    queryKey: [...shopAdminQueryKey(environment, 'machines'), 'machine', machineID],
    queryFn: () => getMachine(environment, machineID),
    retry: (failures, error) => !(error instanceof CallableError && error.status === 'not-found') && failures < 1,
  });

export function useMachine(environment: Environment, machineID: string) {
  return useQuery(machineQueryOptions(environment, machineID));
}
