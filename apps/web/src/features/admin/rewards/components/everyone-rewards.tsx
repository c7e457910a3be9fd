import type { Environment } from '@outpost/contracts/environments';
import { personName } from '@outpost/contracts/people';
import { EVERYONE_REWARD_STATE_LABELS, type EveryoneReward } from '@outpost/contracts/rewards';
import { AdminList } from '../../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../../components/admin-list/columns';
import { LiveUpdates } from '../../../../components/live-status/live-status';
import { formatInstant } from '../../components/local-time';
import { PersonLink } from '../../components/person-link';
import { everyoneRewardsQueryKey, getEveryoneRewards } from '../api/everyone-rewards';
import { progressText, rewardText } from '../reward-form';
import styles from '../rewards.module.css';

const column = adminColumnHelper<EveryoneReward>();
const columns = column.columns([
  column.accessor('distributedAt', {
    header: 'Sent',
    meta: { nowrap: true },
    cell: (cell) => formatInstant(cell.getValue()),
  }),
  column.accessor((reward) => rewardText(reward), { id: 'reward', header: 'Each player gets' }),
  column.accessor('reason', { header: 'Reason' }),
  column.accessor((reward) => personName(reward.distributor), {
    id: 'distributor',
    header: 'Sent by',
    meta: { priority: 2 },
    cell: (cell) => <PersonLink person={cell.row.original.distributor} withEmail={false} />,
  }),
  column.accessor((reward) => EVERYONE_REWARD_STATE_LABELS[reward.state], {
    id: 'state',
    header: 'State',
    cell: (cell) => {
      const reward = cell.row.original;
      return (
        <>
          <span className={styles.state}>{cell.getValue()}</span>
          {reward.lastError && <span className={styles.stateError}>{reward.lastError}</span>}
        </>
      );
    },
  }),
  column.accessor(progressText, { id: 'reached', header: 'Players reached', meta: { priority: 2 } }),
  column.accessor('finishedAt', {
    header: 'Finished',
    meta: { priority: 2, nowrap: true },
    cell: (cell) => {
      const finished = cell.getValue();
      return finished ? formatInstant(finished) : '—';
    },
  }),
]);

const SORTABLE = ['distributedAt'] as const;

/**
 * The environment's rewards to everyone, newest first, with each one's state and the players it
 * has reached, live: the job's every batch, and its end, move the row (everyone-rewards).
 */
export function EveryoneRewards({ environment }: { environment: Environment }) {
  return (
    <section aria-labelledby="everyone-rewards-title" className={styles.everyone}>
      <h2 id="everyone-rewards-title">Rewards to everyone</h2>
      <LiveUpdates topics={['everyone-rewards']} environment={environment} />
      <AdminList
        label="Rewards to everyone"
        hideCaption
        columns={columns}
        sortable={SORTABLE}
        queryKey={everyoneRewardsQueryKey(environment)}
        fetchPage={(query) => getEveryoneRewards(environment, query)}
        getRowId={(reward) => reward.requestID}
        csvFileName="rewards-to-everyone"
        emptyText={`No reward has been sent to everyone in ${environment} yet.`}
      />
    </section>
  );
}
