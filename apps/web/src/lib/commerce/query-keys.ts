import { QUERY_KEYS } from '@outpost/contracts/live-topics';
import type { QueryClient } from '@tanstack/react-query';

/*
 * The query keys of what a purchase changes. The shop screen and the account page both read the
 * player's economy (credits, items, merch orders, the order profile) and the shop's catalogue,
 * so the keys and the refresh after a purchase live here rather than in either feature.
 */

/** The player's own data: credits, items, merch orders, the order profile. */
export const accountQueryKey = QUERY_KEYS.account;

/** The shop's catalogue: packs and machines (['shop']) and the merch (['shop', 'merch']). */
export const shopQueryKey = QUERY_KEYS.shop;

/** After a payment, spin, redemption or cancelled order: the balance, history, orders and stock shown are stale. */
export function refreshAfterPurchase(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: accountQueryKey }),
    queryClient.invalidateQueries({ queryKey: shopQueryKey }),
  ]);
}
