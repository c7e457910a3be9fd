import { theaterEntrySchema } from '@outpost/contracts/theater';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { CallableError } from '../../../lib/callable';
import { theaterQueryKey } from './query-keys';

export const entryQueryKey = (theaterID: string) => [...theaterQueryKey, 'entry', theaterID] as const;

/** GET /api/theater/:theaterID: the episode or theater video /story/{id} shows, with its neighbours. */
export function entryQueryOptions(theaterID: string) {
  return queryOptions({
    queryKey: entryQueryKey(theaterID),
    queryFn: () => requestJson(`/api/theater/${encodeURIComponent(theaterID)}`, theaterEntrySchema),
    // An unknown id stays unknown: asking again only delays the not-found screen.
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
}

export function useEntry(theaterID: string) {
  return useQuery(entryQueryOptions(theaterID));
}

/** No such entry: unknown, or an id no entry could have (/story/Bad_Id), which the API refuses as invalid. */
export function isNotFound(error: unknown): boolean {
  return error instanceof CallableError && (error.status === 'not-found' || error.status === 'invalid-argument');
}
