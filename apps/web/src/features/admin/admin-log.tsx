import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import { AdminList } from '../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../components/admin-list/columns';
import type { AdminListFilter } from '../../components/admin-list/list-view';
import { useAdminAccessContext } from './admin-access-context';
import styles from './admin-screens.module.css';
import { adminLogQueryKey, getAdminLog } from './api/get-admin-log';

const column = adminColumnHelper<AdminLogEntry>();
const columns = column.columns([
  column.accessor('timestamp', {
    header: 'When',
    sortDescFirst: true,
    cell: (cell) => new Date(cell.getValue()).toLocaleString(),
  }),
  column.accessor('action', { header: 'Action' }),
  column.accessor('admin', { header: 'Admin' }),
  column.accessor('data', {
    header: 'Details',
    cell: (cell) => <code>{JSON.stringify(cell.getValue())}</code>,
  }),
]);
const sortable = ['timestamp', 'action', 'admin'] as const;
const filters: readonly AdminListFilter[] = [
  { kind: 'text', param: 'action', label: 'Action' },
  { kind: 'text', param: 'admin', label: 'Admin', hint: 'The admin’s user id.' },
  { kind: 'dateRange', label: 'Date', from: 'from', to: 'to' },
];

/** Admin Log (spec §3's entries): every admin change of the selected environment, newest first. */
export default function AdminLog() {
  const { environment } = useAdminAccessContext();
  return (
    <section className={`page ${styles.screen}`} aria-labelledby="admin-log-title">
      <h1 id="admin-log-title">Admin Log</h1>
      <p className={styles.lead}>Every change an admin made in {environment}, newest first.</p>
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
    </section>
  );
}
