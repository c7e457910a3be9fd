import type { Environment } from '@outpost/contracts/environments';
import { EXPERIMENTS_TOPIC } from '@outpost/contracts/experiments/contract';
import { adminExperimentPath } from '@outpost/contracts/experiments/paths';
import { EXPERIMENT_METRIC_LABELS } from '@outpost/contracts/experiments/schemas';
import { useState } from 'react';
import { CellValue, cellProps, DataTable, MessageRow } from '../../../components/admin-list/data-table';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { Link } from '../../../lib/router/router';
import { useAdminAccessContext } from '../../admin/admin-access-context';
import { AdminScreen } from '../../admin/components/admin-screen';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { FormSheet } from '../../admin/components/form-sheet';
import { formatInstant } from '../../admin/components/local-time';
import { NewRecordButton } from '../../admin/components/new-record-button';
import { ReadOnlyNotice } from '../../admin/components/read-only-notice';
import { useStartParam } from '../../calendar/start-param';
import { useExperiments } from '../api';
import { STATE_LABELS, segmentWords } from '../results-words';
import { ExperimentForm } from './experiment-form';
import styles from './experiments.module.css';

/**
 * /admin/experiments in the selected environment: every experiment, newest first, and a new one's
 * form over the list (opened at once when the calendar sent a start with ?at=).
 */
export default function ExperimentsAdmin() {
  const { environment, capabilities } = useAdminAccessContext();
  const canEdit = capabilities.manageShop;
  const startsAt = useStartParam();
  // A form belongs to its environment: switching closes it.
  const [creating, setCreating] = useState<Environment | null>(startsAt ? environment : null);
  return (
    <AdminScreen
      id="experiments-admin-title"
      title="Experiments"
      lead={`Remote-config values tested on part of the players of ${environment}, each against a control, by a goal metric.`}
      className={styles.screen}
    >
      {canEdit ? (
        <div className={adminStyles.toolbar}>
          <NewRecordButton label="New experiment" onClick={() => setCreating(environment)} />
        </div>
      ) : (
        <ReadOnlyNotice>Your role may view the experiments and their results but not change them.</ReadOnlyNotice>
      )}
      {canEdit && creating === environment && (
        <FormSheet label="New experiment" onClose={() => setCreating(null)}>
          <ExperimentForm environment={environment} experiment={null} startsAt={startsAt} />
        </FormSheet>
      )}
      <ExperimentTable environment={environment} />
      <LiveUpdates topics={[EXPERIMENTS_TOPIC]} environment={environment} />
    </AdminScreen>
  );
}

/** An instant of an experiment's window, or what stands for it when none is set. */
function Moment({ at, otherwise }: { at: string | null; otherwise: string }) {
  return at ? <time dateTime={at}>{formatInstant(at)}</time> : otherwise;
}

const COLUMNS = ['Name', 'Parameter', 'Players', 'Goal metric', 'State', 'Runs'] as const;

function ExperimentTable({ environment }: { environment: Environment }) {
  const list = useExperiments(environment);
  const experiments = list.data?.experiments ?? [];
  return (
    <DataTable label="Experiments" hideCaption busy={list.isFetching && !list.isPending}>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {list.isPending && <MessageRow columns={COLUMNS.length}>Loading the experiments…</MessageRow>}
        {list.isError && (
          <MessageRow columns={COLUMNS.length}>The experiments could not be loaded: {list.error.message}</MessageRow>
        )}
        {list.isSuccess && experiments.length === 0 && (
          <MessageRow columns={COLUMNS.length}>No experiment yet in {environment}.</MessageRow>
        )}
        {experiments.map((experiment) => (
          <tr key={experiment.experimentID} data-experiment={experiment.experimentID}>
            <td {...cellProps({ label: 'Name' })}>
              <CellValue>
                <Link to={adminExperimentPath(experiment.experimentID)}>{experiment.name}</Link>
              </CellValue>
            </td>
            <td {...cellProps({ label: 'Parameter' })}>
              <code>{experiment.parameterKey}</code>
            </td>
            <td {...cellProps({ label: 'Players' })}>
              <CellValue>{segmentWords(experiment.segmentName, experiment.segmentID)}</CellValue>
            </td>
            <td {...cellProps({ label: 'Goal metric' })}>
              <CellValue>{EXPERIMENT_METRIC_LABELS[experiment.metric]}</CellValue>
            </td>
            <td {...cellProps({ label: 'State', nowrap: true })}>
              <span className={styles.state} data-state={experiment.state}>
                {STATE_LABELS[experiment.state]}
              </span>
            </td>
            {/* When it really started and ended, else when it is planned to; a line each. */}
            <td {...cellProps({ label: 'Runs' })}>
              <CellValue>
                <span className={styles.moment}>
                  From <Moment at={experiment.startedAt ?? experiment.startsAt} otherwise="when started" />
                </span>{' '}
                <span className={styles.moment}>
                  until <Moment at={experiment.endedAt ?? experiment.endsAt} otherwise="stopped" />
                </span>
              </CellValue>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
