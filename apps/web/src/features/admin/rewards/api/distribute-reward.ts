import type { Environment } from '@outpost/contracts/environments';
import {
  type DistributeRewardInput,
  distributeRewardAnswerSchema,
  distributeRewardCallableName,
} from '@outpost/contracts/rewards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '../../../../lib/callable';
import { adminLogQueryKey } from '../../api/get-admin-log';
import { userSearchQueryKey } from '../../api/search-users';
import { everyoneRewardsQueryKey } from './everyone-rewards';

/**
 * '{env}-admin-distributereward', a callable (docs/product.md §7.6): credits and items to the players named, or
 * to everyone (queued for a background job). Sent again with the same requestID it gives only to
 * players not reached yet, so a retry is safe.
 */
export function useDistributeReward(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DistributeRewardInput) =>
      callFunction(distributeRewardCallableName(environment), input, distributeRewardAnswerSchema),
    // After a failure too: one without an answer may have given the credits and logged it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userSearchQueryKey(environment) }),
        queryClient.invalidateQueries({ queryKey: adminLogQueryKey(environment) }),
        queryClient.invalidateQueries({ queryKey: everyoneRewardsQueryKey(environment) }),
      ]),
  });
}
