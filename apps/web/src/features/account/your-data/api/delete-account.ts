import { type AccountDeletionInput, accountDeletionResultSchema } from '@outpost/contracts/account-lifecycle';
import { type QueryClient, useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { accountQueryKey, shopQueryKey } from '../../../../lib/commerce/query-keys';
import { meQueryKey } from '../../../../lib/session';
import { lightingPresetsQueryKey } from '../../lighting/api/get-lighting-presets';

/**
 * POST /api/account/deletion {password}: deletes the signed-in player's account. The server ends
 * every session and clears the cookie with its answer. 400 for a wrong password, 409
 * (`deletion-blocked`) while something must be settled first (an order waiting for payment).
 */
export function deleteAccount(input: AccountDeletionInput) {
  return requestJson('/api/account/deletion', accountDeletionResultSchema, { method: 'POST', body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

/**
 * Forgets the deleted player: the session (the bar then shows Login / Signup once the server says
 * nobody is signed in) and everything cached of theirs: the account's queries, their presets and
 * the shop as they saw it. Call once the account page no longer shows them, so the inactive
 * queries are reset without being asked again.
 */
export function forgetDeletedAccount(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.resetQueries({ queryKey: meQueryKey }),
    queryClient.resetQueries({ queryKey: accountQueryKey }),
    queryClient.resetQueries({ queryKey: lightingPresetsQueryKey }),
    queryClient.resetQueries({ queryKey: shopQueryKey }),
  ]);
}
