import { STORE_PURCHASES_QUERY_KEY } from '@outpost/contracts/store-purchases/contract';
import { storePurchaseListSchema } from '@outpost/contracts/store-purchases/schemas';
import { PREMIUM_QUERY_KEY } from '@outpost/contracts/subscriptions/contract';
import {
  type PremiumCheckoutInput,
  premiumCheckoutSchema,
  premiumPlansSchema,
  premiumSchema,
} from '@outpost/contracts/subscriptions/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';

/** GET /api/account/premium: what the player's subscriptions give them now; its topic keeps it live. */
export function usePremium() {
  return useQuery({ queryKey: PREMIUM_QUERY_KEY, queryFn: () => requestJson('/api/account/premium', premiumSchema) });
}

/** GET /api/premium/plans: monthly and annual, as sold here. */
export function usePremiumPlans() {
  return useQuery({
    queryKey: ['premium', 'plans'],
    queryFn: async () => (await requestJson('/api/premium/plans', premiumPlansSchema)).plans,
  });
}

/** POST /api/account/premium/checkout, then on to the provider's page to approve and pay. */
export function useStartPremium() {
  return useMutation({
    mutationFn: (input: PremiumCheckoutInput) =>
      requestJson('/api/account/premium/checkout', premiumCheckoutSchema, { method: 'POST', body: input }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** POST /api/account/premium/renewal: off (cancel for the upcoming period) or back on (resume). */
export function useChangeRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (renew: boolean) =>
      requestJson('/api/account/premium/renewal', premiumSchema, { method: 'POST', body: { renew } }),
    onSuccess: (premium) => queryClient.setQueryData(PREMIUM_QUERY_KEY, premium),
  });
}

/** GET /api/account/store-purchases: what the player bought in the game's stores, newest first. */
export function useStorePurchases() {
  return useQuery({
    queryKey: STORE_PURCHASES_QUERY_KEY,
    queryFn: async () => (await requestJson('/api/account/store-purchases', storePurchaseListSchema)).purchases,
  });
}
