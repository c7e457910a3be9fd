import type { Environment } from '@outpost/contracts/environments';
import {
  type CreateReferralRewardInput,
  referralRewardListPageSchema,
  referralRewardSchema,
} from '@outpost/contracts/partners';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';
import { partnersAdminQueryKey } from './query-keys';

const path = (environment: Environment) => `/api/admin/${environment}/referral-rewards`;

/** GET /api/admin/:env/referral-rewards: one page (the admin list protocol). */
export function getReferralRewards(environment: Environment, query: AdminListQuery) {
  return requestJson(`${path(environment)}?${adminListSearchParams(query)}`, referralRewardListPageSchema);
}

/** Every reward (at most a page of 500), for the choices of the invite and settings forms. */
export function useRewardChoices(environment: Environment) {
  return useQuery({
    queryKey: [...partnersAdminQueryKey(environment, 'rewards'), 'choices'],
    queryFn: () =>
      getReferralRewards(environment, { page: 1, pageSize: 500, sort: 'rewardID', order: 'asc', filters: {} }),
  });
}

/** POST (new) or PUT (existing) a reward document, replaced whole. */
export function useSaveReferralReward(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reward, isNew }: { reward: CreateReferralRewardInput; isNew: boolean }) => {
      const { rewardID, ...fields } = reward;
      return isNew
        ? requestJson(path(environment), referralRewardSchema, { method: 'POST', body: reward })
        : requestJson(`${path(environment)}/${encodeURIComponent(rewardID)}`, referralRewardSchema, {
            method: 'PUT',
            body: fields,
          });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnersAdminQueryKey(environment, 'rewards') }),
  });
}
