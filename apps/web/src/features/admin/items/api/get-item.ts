import type { Environment } from '@outpost/contracts/environments';
import { itemSchema } from '@outpost/contracts/items';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { CallableError } from '../../../../lib/callable';
import { itemsQueryKey } from './get-items';

/** GET /api/admin/:env/items/:itemID: 404 when the environment's items-master has none of that ID. */
export function getItem(environment: Environment, itemID: string) {
  return requestJson(`/api/admin/${environment}/items/${encodeURIComponent(itemID)}`, itemSchema);
}

/** A missing row stays missing: asking again would only delay the message. */
export const retryUnlessMissing = (failures: number, error: Error) =>
  !(error instanceof CallableError && error.status === 'not-found') && failures < 1;

export const itemQueryOptions = (environment: Environment, itemID: string) =>
  queryOptions({
    queryKey: [...itemsQueryKey(environment), 'item', itemID],
    queryFn: () => getItem(environment, itemID),
    retry: retryUnlessMissing,
  });

export function useItem(environment: Environment, itemID: string) {
  return useQuery(itemQueryOptions(environment, itemID));
}
