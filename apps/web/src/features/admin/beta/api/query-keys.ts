import { QUERY_KEYS } from '@outpost/contracts/live-topics';

/** Everything the beta back office caches for one environment, by part; a change invalidates its part. */
export const betaAdminQueryKey = QUERY_KEYS.betaAdmin;
