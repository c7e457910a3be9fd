import type { ReferralReward } from '@outpost/contracts/partners';
import { useState } from 'react';
import { AdminList } from '../../../components/admin-list/admin-list';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useAdminAccessContext } from '../admin-access-context';
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
  column.accessor('updatedAt', { header: 'Updated', cell: (cell) => formatInstant(cell.getValue()) }),
]);
const sortable = ['rewardID', 'updatedAt'] as const;

/** referral-rewards: the tiers partners claim as players join through their links. */
export default function ReferralRewardList() {
  const { environment } = useAdminAccessContext();
  const [editing, setEditing] = useState<ReferralReward | null>(null);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const saved = (message: string) => {
    setEditing(null);
    setNotice({ tone: 'ok', text: message });
  };
  return (
    <PartnersScreen
      id="referral-reward-list-title"
      title="Referral rewards"
      lead={`What partners earn in ${environment}: each tier opens at a number of referrals and is claimed once.`}
    >
      <RewardForm key={editing?.rewardID ?? 'new'} environment={environment} editing={editing} onDone={saved} />
      {editing && (
        <button type="button" className={listStyles.plainButton} onClick={() => setEditing(null)}>
          Cancel editing
        </button>
      )}
      <FormAlert notice={notice} />
      <AdminList
        label="Referral rewards"
        columns={columns}
        sortable={sortable}
        defaultOrder="asc"
        queryKey={partnersAdminQueryKey(environment, 'rewards')}
        fetchPage={(query) => getReferralRewards(environment, query)}
        getRowId={(reward) => reward.rewardID}
        csvFileName={`referral-rewards-${environment}`}
        emptyText="No referral rewards yet."
        rowAction={{
          header: 'Actions',
          cell: (reward) => (
            <button
              type="button"
              className={listStyles.plainButton}
              onClick={() => setEditing(reward)}
              aria-label={`Edit referral reward ${reward.rewardID}`}
            >
              Edit
            </button>
          ),
        }}
      />
    </PartnersScreen>
  );
}
