import { betaProgrammeSchema } from '@outpost/contracts/beta';
import { QUERY_KEYS } from '@outpost/contracts/live-topics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';

/** GET /api/beta: beta-config/v1 and the active testing objectives, what the feedback form offers. */
export const betaProgrammeQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.betaProgramme,
  queryFn: () => requestJson('/api/beta', betaProgrammeSchema),
});

export function useBetaProgramme() {
  return useQuery(betaProgrammeQueryOptions);
}
