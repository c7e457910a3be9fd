import { ADMIN_LOG_ACTION_CHOICES } from '@outpost/contracts/admin-log-actions';
import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import type { Environment } from '@outpost/contracts/environments';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { TabPanel, Tabs } from '../../../components/tabs/tabs';
import { Link } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import { adminLogQueryKey, getAdminLog } from '../api/get-admin-log';
import frameStyles from '../components/admin-screen.module.css';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { JobRuns } from '../jobs/job-runs';
import { LOG_TABS, type LogTab, logTabPath, useLogTab } from '../log-tab';
import { entryDetailsText, entrySentence } from './entry-text';
import { LogEntry, LoggedAt } from './log-entry';

const column = adminColumnHelper<AdminLogEntry>();
const columns = column.columns([
  column.accessor('timestamp', {
    header: 'When',
    sortDescFirst: true,
    cell: (cell) => <LoggedAt timestamp={cell.getValue()} />,
  }),
  // The CSV gets the sentence and the details in words, people by name; the screen the same,
  // linked, the details (action, admin, changes) behind a disclosure so a phone shows the sentence.
  column.accessor((entry) => [entrySentence(entry), entryDetailsText(entry)].filter(Boolean).join(' '), {
    id: 'entry',
    header: 'What happened',
    cell: (cell) => <LogEntry entry={cell.row.original} />,
  }),
]);
const sortable = ['timestamp'] as const;
const filters: readonly AdminListFilter[] = [
  { kind: 'text', param: 'admin', label: 'Admin', hint: 'A display name or email, or part of one.' },
  { kind: 'select', param: 'action', label: 'Action', options: ADMIN_LOG_ACTION_CHOICES, allLabel: 'Every action' },
  {
    kind: 'text',
    param: 'record',
    label: 'Record',
    hint: 'An order or report number (#1047), an id or a code, such as a claim code.',
  },
  { kind: 'dateRange', label: 'Date', from: 'from', to: 'to' },
];

/** Admin Log (docs/product.md §3.10's entries): every admin change of the selected environment, newest first. */
function AdminLogList({ environment }: { environment: Environment }) {
  return (
    <>
      <p className={frameStyles.lead}>
        Every change an admin made in {environment}, newest first. Open an entry’s details to see what it changed.
      </p>
      <LiveUpdates topics={['admin-log']} environment={environment} />
      <AdminList
        label="Admin log"
        hideCaption
        columns={columns}
        sortable={sortable}
        filters={filters}
        queryKey={adminLogQueryKey(environment)}
        fetchPage={(query) => getAdminLog(environment, query)}
        getRowId={(entry) => String(entry.id)}
        csvFileName={`admin-log-${environment}`}
        emptyText="No admin action matches these filters."
      />
    </>
  );
}

const TABS_ID = 'logs';
const TITLES: Record<LogTab, string> = { 'admin-log': 'Admin Log', jobs: 'Background jobs' };

/**
 * The back office's histories: the admin log of the selected environment and, for staff and admins
 * (viewJobs), the background jobs' runs as a second tab (`?tab=jobs`). Without viewJobs there is no
 * tab list, and the jobs' address says the role may not read them (the server refuses it anyway).
 */
export default function AdminLog() {
  const { environment, capabilities } = useAdminAccessContext();
  const [tab, selectTab] = useLogTab();
  let content = <AdminLogList environment={environment} />;
  if (tab === 'jobs') {
    content = capabilities.viewJobs ? (
      <JobRuns environment={environment} />
    ) : (
      <ReadOnlyNotice>
        The background jobs are read by staff and admins; your role cannot see them. The{' '}
        <Link to={logTabPath('admin-log')}>admin log</Link> is yours to read.
      </ReadOnlyNotice>
    );
  }
  return (
    <section className={`page ${frameStyles.screen}`} aria-labelledby="admin-log-title">
      <h1 id="admin-log-title">{TITLES[tab]}</h1>
      {capabilities.viewJobs ? (
        <>
          <Tabs
            label="Histories"
            idPrefix={TABS_ID}
            tabs={LOG_TABS}
            selected={tab}
            // A click adds a history entry; a move by key replaces it, so scanning the tabs does not fill the history.
            onSelect={(next, via) => selectTab(next, { replace: via === 'key' })}
            layout="scroll"
          />
          <TabPanel idPrefix={TABS_ID} selected={tab}>
            {content}
          </TabPanel>
        </>
      ) : (
        content
      )}
    </section>
  );
}
