import type { Environment } from '@outpost/contracts/environments';

/** Everything the merch back office caches for one environment, by part; a change invalidates its part. */
export const merchAdminQueryKey = (
  environment: Environment,
  part: 'orders' | 'drops' | 'contacts' | 'ecom-products' | 'config' | 'product-choices',
) => ['admin', environment, 'merch', part] as const;
