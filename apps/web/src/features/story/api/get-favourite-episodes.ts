import { favouriteEpisodesSchema } from '@outpost/contracts/theater';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { theaterQueryKey } from './query-keys';

/** Keyed by the account, so another player signing in on this page never sees the last one's favourites. */
export const favouritesQueryKey = (userId: string) => [...theaterQueryKey, 'favourites', userId] as const;

/** GET /api/account/favourite-episodes: the signed-in player's favourite episodeIDs, most recent first. */
export function favouritesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: favouritesQueryKey(userId),
    queryFn: () => requestJson('/api/account/favourite-episodes', favouriteEpisodesSchema),
  });
}

/** The player's favourites; idle (no request) for a visitor, whose `userId` is null. */
export function useFavouriteEpisodes(userId: string | null) {
  return useQuery({ ...favouritesQueryOptions(userId ?? ''), enabled: userId !== null });
}
