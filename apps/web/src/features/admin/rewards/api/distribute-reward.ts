import type { Environment } from '@outpost/contracts/environments';
import {
  type DistributeRewardInput,
  distributeRewardCallableName,
  distributeRewardResultSchema,
} from '@outpost/contracts/rewards';
import { useMutation } from '@tanstack/react-query';
import { callFunction } from '../../../../lib/callable';

/**
 * Spec §7's '{env}-admin-distributereward' (a callable): credits and items to the players named.
 * Sent again with the same requestID it gives only to players not reached yet, so a retry is safe.
 */
export function useDistributeReward(environment: Environment) {
  return useMutation({
    mutationFn: (input: DistributeRewardInput) =>
      callFunction(distributeRewardCallableName(environment), input, distributeRewardResultSchema),
  });
}
