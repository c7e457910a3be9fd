import { backOfficeSearchSchema, isSearchableQuery } from '@outpost/contracts/backoffice';
import type { Environment } from '@outpost/contracts/environments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';

/** GET /api/admin/:env/search: players, orders, codes, products, machines, items and episodes matching `query`. */
function searchBackOffice(environment: Environment, query: string) {
  return requestJson(`/api/admin/${environment}/search?q=${encodeURIComponent(query)}`, backOfficeSearchSchema);
}

/**
 * The back office's search once `query` is long enough; the last hits stay while the next load,
 * but none are shown for a query made too short (they would pass for its own).
 */
export function useBackOfficeSearch(environment: Environment, query: string) {
  const tooShort = !isSearchableQuery(query);
  const search = useQuery({
    queryKey: ['admin', environment, 'search', query.trim()],
    queryFn: () => searchBackOffice(environment, query.trim()),
    enabled: !tooShort,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  return {
    hits: tooShort ? undefined : search.data?.hits,
    tooShort,
    searching: !tooShort && search.isFetching,
    failure: tooShort ? null : search.error,
  };
}
