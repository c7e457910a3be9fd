/**
 * The theater's query keys, under one root: a favourite changes the library's counts, the
 * viewer's entry and the player's favourites at once, and invalidating the root refreshes them all.
 */
export const theaterQueryKey = ['theater'] as const;
