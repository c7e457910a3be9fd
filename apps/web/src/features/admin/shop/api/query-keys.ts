import { QUERY_KEYS } from '@outpost/contracts/live-topics';

/** Everything the shop's admin screens cache for one environment, by part; a change invalidates its part. */
export const shopAdminQueryKey = QUERY_KEYS.shopAdmin;
