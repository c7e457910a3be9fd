import type { Environment } from '@outpost/contracts/environments';
import {
  type DistributeRewardInput,
  distributeRewardCallableName,
  distributeRewardResultSchema,
} from '@outpost/contracts/rewards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '../../../../lib/callable';
import { adminLogQueryKey } from '../../api/get-admin-log';
import { userSearchQueryKey } from '../../api/search-users';

/**
 * Spec §7's '{env}-admin-distributereward' (a callable): credits and items to the players named.
 * Sent again with the same requestID it gives only to players not reached yet, so a retry is safe.
 */
export function useDistributeReward(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DistributeRewardInput) =>
      callFunction(distributeRewardCallableName(environment), input, distributeRewardResultSchema),
    // After a failure too: one without an answer may have given the credits and logged it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userSearchQueryKey(environment) }),
        queryClient.invalidateQueries({ queryKey: adminLogQueryKey(environment) }),
      ]),
  });
}
