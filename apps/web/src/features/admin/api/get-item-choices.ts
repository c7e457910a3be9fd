import type { Environment } from '@outpost/contracts/environments';
import { itemListPageSchema } from '@outpost/contracts/items';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';

/**
 * items-master's items by name (GET /api/admin/:env/items, the first 500), for item suggestions
 * (machine prizes, rewards) and item names in summaries. The server checks every item whatever
 * this list says.
 */
export function useItemChoices(environment: Environment) {
  return useQuery({
    queryKey: ['admin', environment, 'items', 'choices'],
    queryFn: () =>
      requestJson(`/api/admin/${environment}/items?page=1&pageSize=500&sort=name&order=asc`, itemListPageSchema),
    // Suggestions only: a failure leaves the field a plain input rather than an error on screen.
    retry: false,
  });
}
