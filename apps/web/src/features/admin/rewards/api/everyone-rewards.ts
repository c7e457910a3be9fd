import type { Environment } from '@outpost/contracts/environments';
import { QUERY_KEYS } from '@outpost/contracts/live-topics';
import {
  everyonePlayersSchema,
  everyoneRewardPageSchema,
  everyoneRewardRunSchema,
  type ScheduleEveryoneRewardInput,
} from '@outpost/contracts/rewards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';
import { adminLogQueryKey } from '../../api/get-admin-log';

/** The list of the environment's rewards to everyone, which the everyone-rewards topic refreshes as the job moves one. */
export const everyoneRewardsQueryKey = QUERY_KEYS.everyoneRewards;

/** GET /api/admin/:env/rewards/everyone: one page of the rewards to everyone, newest first. */
export function getEveryoneRewards(environment: Environment, query: AdminListQuery) {
  return requestJson(
    `/api/admin/${environment}/rewards/everyone?${adminListSearchParams(query)}`,
    everyoneRewardPageSchema,
  );
}

/** How many players a reward to everyone would reach if sent now (the server counts again at the send). */
export function useEveryonePlayers(environment: Environment) {
  return useQuery({
    // Beside the list's key, not under it: a batch of the job reached does not change how many players there are.
    queryKey: ['admin', environment, 'rewards', 'everyone-players'],
    queryFn: () => requestJson(`/api/admin/${environment}/rewards/everyone/players`, everyonePlayersSchema),
  });
}

/** After a change to one: the list and the admin log (its live topic refreshes them too, a moment later). */
function useRefreshAfter(environment: Environment) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: everyoneRewardsQueryKey(environment) }),
      client.invalidateQueries({ queryKey: adminLogQueryKey(environment) }),
    ]);
}

const everyonePath = (environment: Environment, requestID: string, action: 'reschedule' | 'cancel') =>
  `/api/admin/${environment}/rewards/everyone/${encodeURIComponent(requestID)}/${action}`;

/** POST /api/admin/:env/rewards/everyone/schedule: a reward to everyone given at its time (counted then). */
export function useScheduleEveryoneReward(environment: Environment) {
  return useMutation({
    mutationFn: (input: ScheduleEveryoneRewardInput) =>
      requestJson(`/api/admin/${environment}/rewards/everyone/schedule`, everyoneRewardRunSchema, {
        method: 'POST',
        body: input,
      }),
    // After a failure too: one without an answer may have been scheduled.
    onSettled: useRefreshAfter(environment),
  });
}

/** POST …/rewards/everyone/:requestID/reschedule: a scheduled one not started yet, to a new time. */
export function useRescheduleEveryoneReward(environment: Environment) {
  return useMutation({
    mutationFn: ({ requestID, sendAt }: { requestID: string; sendAt: string }) =>
      requestJson(everyonePath(environment, requestID, 'reschedule'), everyoneRewardRunSchema, {
        method: 'POST',
        body: { sendAt },
      }),
    onSettled: useRefreshAfter(environment),
  });
}

/** POST …/rewards/everyone/:requestID/cancel: a scheduled one not started yet, called off. */
export function useCancelEveryoneReward(environment: Environment) {
  return useMutation({
    mutationFn: (requestID: string) =>
      requestJson(everyonePath(environment, requestID, 'cancel'), everyoneRewardRunSchema, { method: 'POST' }),
    onSettled: useRefreshAfter(environment),
  });
}
