import type { FavouriteEpisodes, TheaterEntry } from '@outpost/contracts/theater';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { callHttpFunction } from '../../../lib/callable';
import { entryQueryOptions } from './get-entry';
import { favouritesQueryOptions } from './get-favourite-episodes';
import { theaterQueryKey } from './query-keys';

export interface FavouriteChange {
  episodeID: string;
  /** True takes the episode out of the player's favourites. */
  remove: boolean;
}

/**
 * GET /api/fn/favourite-episode?videoID=…[&remove=true] (docs/product.md §7.1, bearer): answers text,
 * the same for a repeat.
 */
export function favouriteEpisode({ episodeID, remove }: FavouriteChange): Promise<string> {
  const query: Record<string, string> = remove ? { videoID: episodeID, remove: 'true' } : { videoID: episodeID };
  return callHttpFunction({ method: 'GET', name: 'favourite-episode', query, answer: 'text' }, z.string());
}

const withFavourite = (favourites: FavouriteEpisodes, { episodeID, remove }: FavouriteChange): FavouriteEpisodes => {
  const others = favourites.episodeIDs.filter((id) => id !== episodeID);
  return { episodeIDs: remove ? others : [episodeID, ...others] };
};

const withCount = (entry: TheaterEntry, { remove }: FavouriteChange): TheaterEntry =>
  entry.kind === 'episode'
    ? {
        ...entry,
        episode: { ...entry.episode, favouriteCount: Math.max(0, entry.episode.favouriteCount + (remove ? -1 : 1)) },
      }
    : entry;

/**
 * Favourites or unfavourites an episode for the signed-in player. The toggle and the count
 * change at once and go back if the server refuses; afterwards the library, the entry and the
 * favourites are read again, so every count shown is the server's.
 */
export function useFavouriteEpisode(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: favouriteEpisode,
    onMutate: async (change: FavouriteChange) => {
      const favourites = favouritesQueryOptions(userId).queryKey;
      const entry = entryQueryOptions(change.episodeID).queryKey;
      await queryClient.cancelQueries({ queryKey: theaterQueryKey });
      const before = { favourites: queryClient.getQueryData(favourites), entry: queryClient.getQueryData(entry) };
      if (before.favourites) queryClient.setQueryData(favourites, withFavourite(before.favourites, change));
      if (before.entry) queryClient.setQueryData(entry, withCount(before.entry, change));
      return before;
    },
    onError: (_error, change, before) => {
      if (!before) return;
      queryClient.setQueryData(favouritesQueryOptions(userId).queryKey, before.favourites);
      queryClient.setQueryData(entryQueryOptions(change.episodeID).queryKey, before.entry);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: theaterQueryKey }),
  });
}
