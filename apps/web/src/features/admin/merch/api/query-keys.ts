import { QUERY_KEYS } from '@outpost/contracts/live-topics';

/** Everything the merch back office caches for one environment, by part; a change invalidates its part. */
export const merchAdminQueryKey = QUERY_KEYS.merchAdmin;
