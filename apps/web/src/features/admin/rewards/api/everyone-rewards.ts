import type { Environment } from '@outpost/contracts/environments';
import { everyonePlayersSchema, everyoneRewardPageSchema } from '@outpost/contracts/rewards';
import { useQuery } from '@tanstack/react-query';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

/** Every cached read of the environment's rewards to everyone: the list's pages and the count of players. */
export const everyoneRewardsQueryKey = (environment: Environment) =>
  ['admin', environment, 'rewards', 'everyone'] as const;

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
    queryKey: [...everyoneRewardsQueryKey(environment), 'players'],
    queryFn: () => requestJson(`/api/admin/${environment}/rewards/everyone/players`, everyonePlayersSchema),
  });
}
