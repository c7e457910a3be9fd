import type { Environment } from '@outpost/contracts/environments';

/** Everything the shop's admin screens cache for one environment, by part; a change invalidates its part. */
export const shopAdminQueryKey = (
  environment: Environment,
  part: 'packs' | 'machines' | 'drops' | 'opening' | 'paypal-transactions',
) => ['admin', environment, 'shop', part] as const;
