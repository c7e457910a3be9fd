import { type MerchContactInput, merchContactSchema } from '@outpost/contracts/merch';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';

/** POST /api/shop/merch/contact (public, rate limited): a message to the merch team, answered by email. */
export function contactMerchTeam(input: MerchContactInput) {
  return requestJson('/api/shop/merch/contact', merchContactSchema, { method: 'POST', body: input });
}

export function useContactMerchTeam() {
  return useMutation({ mutationFn: contactMerchTeam });
}
