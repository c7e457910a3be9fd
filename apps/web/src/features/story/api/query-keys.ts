import { type LiveTopicName, QUERY_KEYS } from '@outpost/contracts/live-topics';

/**
 * The theater's query keys, under one root: a favourite changes the library's counts, the
 * viewer's entry and the player's favourites at once, and invalidating the root refreshes them all.
 */
export const theaterQueryKey = QUERY_KEYS.theater;

/** The theater's screens follow its episodes live: a new or changed episode, and their in-game stats. */
export const THEATER_TOPICS: readonly LiveTopicName[] = ['episodes'];
