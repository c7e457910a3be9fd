import type { Environment } from '@outpost/contracts/environments';
import { personName } from '@outpost/contracts/people';
import { EVERYONE_REWARD_STATE_LABELS, type EveryoneRewardRun } from '@outpost/contracts/rewards';
import { useState } from 'react';
import { AdminList } from '../../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../../components/admin-list/columns';
import { LiveUpdates } from '../../../../components/live-status/live-status';
import { PRODUCTION_TITLE, useConfirmDialog } from '../../components/confirm-dialog';
import { formatInstant } from '../../components/local-time';
import { PersonLink } from '../../components/person-link';
import { RescheduleControl } from '../../components/reschedule-control';
import {
  everyoneRewardsQueryKey,
  getEveryoneRewards,
  useCancelEveryoneReward,
  useRescheduleEveryoneReward,
} from '../api/everyone-rewards';
import { progressText, rewardText } from '../reward-form';
import styles from '../rewards.module.css';

interface RowActionProps {
  environment: Environment;
  reward: EveryoneRewardRun;
}

/** Cancels a scheduled reward to everyone once the admin confirms (in production's words there). */
function CancelButton({ environment, reward }: RowActionProps) {
  const cancel = useCancelEveryoneReward(environment);
  const { confirm, dialog } = useConfirmDialog();
  const run = async () => {
    const confirmed = await confirm({
      title: environment === 'production' ? PRODUCTION_TITLE : `Cancel “${reward.reason}”?`,
      message: (
        <p>
          The reward to everyone “{reward.reason}”, due {formatInstant(reward.sendAt)} in {environment}, is not given:
          nobody gets it. A cancelled reward is not scheduled again; make a new one.
        </p>
      ),
      confirmLabel: 'Cancel the reward',
      cancelLabel: 'Keep it',
    });
    if (confirmed && !cancel.isPending) cancel.mutate(reward.requestID);
  };
  return (
    <>
      <button type="button" className="button" onClick={() => void run()} aria-disabled={cancel.isPending}>
        Cancel<span className="visually-hidden"> {reward.reason}</span>
      </button>
      {cancel.isError && (
        <span role="alert" className={styles.stateError}>
          It was not cancelled. {cancel.error.message}
        </span>
      )}
      {dialog}
    </>
  );
}

/** A scheduled one's actions: moved to another time (as the calendar moves it) or cancelled. */
function ScheduledActions({ environment, reward }: RowActionProps) {
  const reschedule = useRescheduleEveryoneReward(environment);
  const [done, setDone] = useState('');
  if (reward.state !== 'scheduled') return null;
  return (
    <div className={styles.rowActions}>
      <RescheduleControl
        environment={environment}
        what={`the reward “${reward.reason}”`}
        at={reward.sendAt}
        label="New time"
        save={(sendAt, callbacks) => reschedule.mutate({ requestID: reward.requestID, sendAt }, callbacks)}
        onDone={setDone}
      />
      <CancelButton environment={environment} reward={reward} />
      <span role="status">{done}</span>
    </div>
  );
}

const column = adminColumnHelper<EveryoneRewardRun>();
const columnsFor = (environment: Environment) =>
  column.columns([
    column.accessor('sendAt', {
      header: 'When',
      meta: { nowrap: true },
      cell: (cell) => formatInstant(cell.getValue()),
    }),
    column.accessor((reward) => rewardText(reward), { id: 'reward', header: 'Each player gets' }),
    column.accessor('reason', { header: 'Reason' }),
    column.accessor((reward) => personName(reward.distributor), {
      id: 'distributor',
      header: 'Sent by',
      // With Reschedule and Cancel beside them, the widest columns give way first.
      meta: { priority: 3 },
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
    column.accessor((reward) => (reward.state === 'scheduled' ? 'Counted when it goes' : progressText(reward)), {
      id: 'reached',
      header: 'Players reached',
      meta: { priority: 2 },
    }),
    column.accessor('finishedAt', {
      header: 'Finished',
      meta: { priority: 3, nowrap: true },
      cell: (cell) => {
        const finished = cell.getValue();
        return finished ? formatInstant(finished) : '—';
      },
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: (cell) => <ScheduledActions environment={environment} reward={cell.row.original} />,
    }),
  ]);

const SORTABLE = ['sendAt'] as const;

/**
 * The environment's rewards to everyone, the latest to go first, with each one's state and the players it
 * has reached, live: a scheduling, a move or a cancel, the job's every batch, and its end, move the row
 * (everyone-rewards). A scheduled one is moved or cancelled here, as the calendar does it.
 */
export function EveryoneRewards({ environment }: { environment: Environment }) {
  const [columns] = useState(() => columnsFor(environment));
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
