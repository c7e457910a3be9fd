import { type RedeemCodeResult, redeemCodeResultSchema } from '@outpost/contracts/claim-codes';
import { useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { accountQueryKey } from '../../../lib/commerce/query-keys';
import { useSpend } from '../../../lib/use-spend';

/** POST /api/account/redeem-code: the signed-in player redeems a code of the game's environment. */
export function redeemCode(code: string, requestKey: string): Promise<RedeemCodeResult> {
  return requestJson('/api/account/redeem-code', redeemCodeResultSchema, {
    method: 'POST',
    body: { code },
    requestKey,
  });
}

/**
 * A redemption moves the balance and the history (['account', 'credits']) and adds items
 * (['account', 'items']): everything under the account's prefix refetches.
 */
export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useSpend({
    spend: redeemCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
