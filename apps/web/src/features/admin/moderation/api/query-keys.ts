import type { Environment } from '@outpost/contracts/environments';

/** Everything the moderation screens cache for one environment, by part; a change invalidates its part. */
export const moderationQueryKey = (environment: Environment, part: 'reports' | 'feedback') =>
  ['admin', environment, 'moderation', part] as const;
