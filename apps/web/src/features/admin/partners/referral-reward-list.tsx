import type { ReferralReward } from '@outpost/contracts/partners';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import { useAdminAccessContext } from '../admin-access-context';
import { InlineEditedList } from '../components/inline-editor';
import { formatInstant } from '../components/local-time';
import { partnersAdminQueryKey } from './api/query-keys';
import { getReferralRewards } from './api/referral-rewards';
import { PartnersScreen } from './components/partners-screen';
import { RewardForm } from './components/reward-form';

const column = adminColumnHelper<ReferralReward>();
const columns = column.columns([
  column.accessor('rewardID', { header: 'Reward ID' }),
  column.accessor('name', { header: 'Name' }),
  column.accessor(
    (reward) => reward.tiers.map((tier) => `${tier.tierID}: ${tier.referrals} → ${tier.credits} credits`).join('; '),
    { id: 'tiers', header: 'Tiers' },
  ),
  column.accessor('updatedAt', {
    header: 'Updated',
    meta: { nowrap: true },
    cell: (cell) => formatInstant(cell.getValue()),
  }),
]);
const sortable = ['rewardID', 'updatedAt'] as const;

/** referral-rewards: the tiers partners claim as players join through their links. */
export default function ReferralRewardList() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <PartnersScreen
      id="referral-reward-list-title"
      title="Referral rewards"
      lead={`What partners earn in ${environment}: each tier opens at a number of referrals and is claimed once.`}
    >
      <InlineEditedList
        environment={environment}
        canEdit={capabilities.managePartners}
        readOnlyText="The referral rewards are changed by admins only."
        newLabel="New referral reward"
        form={RewardForm}
        editLabel={(reward) => `Edit referral reward ${reward.rewardID}`}
        label="Referral rewards"
        columns={columns}
        sortable={sortable}
        defaultOrder="asc"
        queryKey={partnersAdminQueryKey(environment, 'rewards')}
        fetchPage={(query) => getReferralRewards(environment, query)}
        getRowId={(reward) => reward.rewardID}
        csvFileName={`referral-rewards-${environment}`}
        emptyText="No referral rewards yet."
      />
    </PartnersScreen>
  );
}
