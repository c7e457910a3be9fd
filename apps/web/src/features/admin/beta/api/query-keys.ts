import type { Environment } from '@outpost/contracts/environments';

/** Everything the beta back office caches for one environment, by part; a change invalidates its part. */
export const betaAdminQueryKey = (environment: Environment, part: 'requests' | 'invites' | 'objectives' | 'config') =>
  ['admin', environment, 'beta', part] as const;
