import type { Environment } from '@outpost/contracts/environments';

/** Everything the partner back office caches for one environment, by part; a change invalidates its part. */
export const partnersAdminQueryKey = (environment: Environment, part: 'partners' | 'invites' | 'rewards' | 'config') =>
  ['admin', environment, 'partners', part] as const;
