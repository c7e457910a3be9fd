import type { Environment } from '@outpost/contracts/environments';
import { JOB_STATUS_LABELS, JOB_STATUSES, type JobRun } from '@outpost/contracts/jobs';
import { Fragment } from 'react';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import { breakableValue } from '../../../components/admin-list/data-table';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { getJobRuns, jobRunsQueryKey } from '../api/get-job-runs';
import frameStyles from '../components/admin-screen.module.css';
import { localTimeZone } from '../components/local-time';
import jobStyles from './jobs.module.css';

const dateText = (date: Date) => date.toLocaleDateString(undefined, { dateStyle: 'medium' });
const timeText = (date: Date) => date.toLocaleTimeString(undefined, { timeStyle: 'medium' });

/**
 * An instant of a run in the viewer's locale and zone, to the second (a retry can follow within
 * seconds), the time under the date where the column is narrow; a dash for one that has not happened.
 */
function RunTime({ iso }: { iso: string | null }) {
  const date = iso ? new Date(iso) : undefined;
  if (!iso || !date || Number.isNaN(date.getTime())) return iso ?? '—';
  return (
    <time dateTime={iso}>
      <span className={jobStyles.nowrap}>{dateText(date)}</span>{' '}
      <span className={jobStyles.nowrap}>{timeText(date)}</span>
    </time>
  );
}

/** A job's name, which may break after its dots as well as at its hyphens, never inside a word. */
function JobName({ name }: { name: string }) {
  const parts = name.split('.');
  return (
    <span className={jobStyles.mono}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed name, in order.
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && (
            <>
              .<wbr />
            </>
          )}
        </Fragment>
      ))}
    </span>
  );
}

/** "2 of 5": attempts begun, the one under way included, out of the attempts the job allows. */
export const attemptsText = (run: Pick<JobRun, 'attempts' | 'maxAttempts'>) => `${run.attempts} of ${run.maxAttempts}`;

const column = adminColumnHelper<JobRun>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Job',
    cell: (cell) => <JobName name={cell.getValue()} />,
  }),
  column.accessor((run) => JOB_STATUS_LABELS[run.status], {
    id: 'status',
    header: 'Status',
    cell: (cell) => {
      const run = cell.row.original;
      return (
        <>
          <span className={`${jobStyles.status}${run.status === 'failed' ? ` ${jobStyles.failed}` : ''}`}>
            {cell.getValue()}
          </span>
          {/* Back in the queue after a failed attempt: the error column says why. */}
          {run.status === 'pending' && run.attempts > 0 && <span className={jobStyles.note}>to retry</span>}
        </>
      );
    },
  }),
  column.accessor(attemptsText, {
    id: 'attempts',
    header: 'Attempts',
    cell: (cell) => <span className={jobStyles.nowrap}>{cell.getValue()}</span>,
  }),
  column.accessor('runAt', {
    header: 'Due',
    sortDescFirst: true,
    meta: { nowrap: true },
    cell: (cell) => <RunTime iso={cell.getValue()} />,
  }),
  // When it started and ended and which instance ran it give way first: the error says what went wrong.
  column.accessor('startedAt', {
    header: 'Started',
    meta: { nowrap: true, priority: 3 },
    cell: (cell) => <RunTime iso={cell.getValue()} />,
  }),
  column.accessor('finishedAt', {
    header: 'Finished',
    meta: { nowrap: true, priority: 3 },
    cell: (cell) => <RunTime iso={cell.getValue()} />,
  }),
  column.accessor('lastError', {
    header: 'Last error',
    cell: (cell) => {
      const error = cell.getValue();
      return error ? <p className={`${jobStyles.error} ${breakableValue}`}>{error}</p> : '—';
    },
  }),
  column.accessor('instance', {
    header: 'Instance',
    meta: { priority: 3 },
    cell: (cell) => <span className={jobStyles.mono}>{cell.getValue() ?? '—'}</span>,
  }),
]);

/** The server's sort keys (the contract's), the due time first: newest first by default. */
export const JOB_RUN_SORTABLE = ['runAt', 'name'] as const;

export const JOB_RUN_FILTERS: readonly AdminListFilter[] = [
  { kind: 'text', param: 'name', label: 'Job', hint: 'The job’s whole name, e.g. changes.prune.' },
  {
    kind: 'select',
    param: 'status',
    label: 'Status',
    allLabel: 'Every status',
    options: JOB_STATUSES.map((status) => ({ value: status, label: JOB_STATUS_LABELS[status] })),
  },
];

/**
 * The background jobs' history: every run the job runner kept (a week of them), what waits, and why a run
 * failed or was retried. Staff and admins (viewJobs).
 */
export function JobRuns({ environment }: { environment: Environment }) {
  return (
    <>
      <p className={frameStyles.lead}>
        Every run of the background jobs in the last week, newest first: when it was due, when it started and finished,
        and why an attempt failed. The jobs serve the whole deployment, every environment alike. Times are in your time
        zone ({localTimeZone()}).
      </p>
      <LiveUpdates topics={['job-runs']} environment={environment} />
      <AdminList
        label="Job runs"
        hideCaption
        columns={columns}
        sortable={JOB_RUN_SORTABLE}
        filters={JOB_RUN_FILTERS}
        queryKey={jobRunsQueryKey(environment)}
        fetchPage={(query) => getJobRuns(environment, query)}
        getRowId={(run) => String(run.id)}
        csvFileName="job-runs"
        emptyText="No job run matches these filters."
      />
    </>
  );
}
