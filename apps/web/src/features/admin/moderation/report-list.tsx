import { adminReportPath } from '@outpost/contracts/admin-routes';
import {
  type AdminReport,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_LABELS,
  REPORT_MESSAGES,
  REPORT_SORTABLE,
} from '@outpost/contracts/moderation';
import { shortNumber } from '@outpost/contracts/short-numbers';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { Link } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import { formatInstant } from '../components/local-time';
import { getReports } from './api/get-reports';
import { moderationQueryKey } from './api/query-keys';
import { ModerationScreen } from './components/moderation-screen';
import { ReportFiler } from './components/report-filer';
import { TrendingIssues } from './components/trending-issues';
import styles from './moderation.module.css';
import { categoryLabel, excerpt, reportFilerText } from './moderation-text';

const column = adminColumnHelper<AdminReport>();
const columns = column.columns([
  column.accessor((report) => shortNumber(report.reportNumber), {
    id: 'report',
    header: 'Report',
    cell: (cell) => <Link to={adminReportPath(cell.row.original.reportID)}>{cell.getValue()}</Link>,
  }),
  column.accessor((report) => categoryLabel(report.category), {
    id: 'category',
    header: 'Category',
    meta: { priority: 2 },
  }),
  column.accessor('target', { header: 'Reported' }),
  column.accessor('text', { header: 'What happened', cell: (cell) => excerpt(cell.getValue()) }),
  column.accessor(reportFilerText, {
    id: 'reporter',
    header: 'Filed by',
    meta: { priority: 2 },
    cell: (cell) => <ReportFiler report={cell.row.original} />,
  }),
  column.accessor('createdAt', {
    header: 'Filed',
    sortDescFirst: true,
    cell: (cell) => <span className={styles.nowrap}>{formatInstant(cell.getValue())}</span>,
  }),
  column.accessor((report) => (report.resolved ? 'Resolved' : 'Unresolved'), {
    id: 'status',
    header: 'Status',
    meta: { nowrap: true },
  }),
]);

const filters: readonly AdminListFilter[] = [
  {
    kind: 'select',
    param: 'show',
    label: 'Show',
    // The list loads only unresolved reports; the others are one choice away (docs/product.md §4.5).
    allLabel: 'Unresolved reports only',
    options: [
      { value: 'resolved', label: 'Resolved reports only' },
      { value: 'all', label: 'All reports' },
    ],
  },
  {
    kind: 'select',
    param: 'category',
    label: 'Category',
    allLabel: 'Every category',
    options: REPORT_CATEGORIES.map((category) => ({ value: category, label: REPORT_CATEGORY_LABELS[category] })),
  },
  { kind: 'text', param: 'target', label: 'Reported', hint: 'Exactly as filed, e.g. @crate_raider.' },
  {
    kind: 'text',
    param: 'q',
    label: 'Search',
    hint: 'Words in the reported name or the report’s text, or a report’s number (#12).',
  },
];

/** The reports of the environment, unresolved ones newest first by default, and what is trending. */
export default function ReportList() {
  const { environment } = useAdminAccessContext();
  return (
    <ModerationScreen
      id="report-list-title"
      title="Reports"
      lead={`What players and the game reported in ${environment}. Open a report to read it whole and resolve it.`}
    >
      <LiveUpdates topics={['reports']} environment={environment} />
      <TrendingIssues environment={environment} />
      <AdminList
        label="Reports"
        hideCaption
        columns={columns}
        sortable={REPORT_SORTABLE}
        filters={filters}
        queryKey={moderationQueryKey(environment, 'reports')}
        fetchPage={(query) => getReports(environment, query)}
        getRowId={(report) => report.reportID}
        csvFileName={`reports-${environment}`}
        emptyText={REPORT_MESSAGES.reportsEmpty}
      />
    </ModerationScreen>
  );
}
