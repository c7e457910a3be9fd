import { theaterLibrarySchema } from '@outpost/contracts/theater';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { theaterQueryKey } from './query-keys';

export const libraryQueryKey = [...theaterQueryKey, 'library'] as const;

/** GET /api/theater: every episode (season, then episode, newest first) and the collections with their videos. */
export const libraryQueryOptions = queryOptions({
  queryKey: libraryQueryKey,
  queryFn: () => requestJson('/api/theater', theaterLibrarySchema),
});

export function useLibrary() {
  return useQuery(libraryQueryOptions);
}
