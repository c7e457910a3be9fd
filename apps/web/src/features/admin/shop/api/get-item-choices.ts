import type { Environment } from '@outpost/contracts/environments';
import { itemListPageSchema } from '@outpost/contracts/items';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';

/**
 * items-master's items by ID (GET /api/admin/:env/items, the first 500), for the prize editor's
 * item suggestions. The server checks every prize's item whatever this list says.
 */
export function useItemChoices(environment: Environment) {
  return useQuery({
    queryKey: ['admin', environment, 'items', 'choices'],
    queryFn: () =>
      requestJson(`/api/admin/${environment}/items?page=1&pageSize=500&sort=itemID&order=asc`, itemListPageSchema),
    // Suggestions only: a failure leaves the field a plain input rather than an error on screen.
    retry: false,
  });
}
