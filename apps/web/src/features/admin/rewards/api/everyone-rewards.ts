import type { Environment } from '@outpost/contracts/environments';
import { QUERY_KEYS } from '@outpost/contracts/live-topics';
import { everyonePlayersSchema, everyoneRewardPageSchema } from '@outpost/contracts/rewards';
import { useQuery } from '@tanstack/react-query';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

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
