import { QUERY_KEYS } from '@outpost/contracts/live-topics';

/** Everything the moderation screens cache for one environment, by part; a change invalidates its part. */
export const moderationQueryKey = QUERY_KEYS.moderation;
