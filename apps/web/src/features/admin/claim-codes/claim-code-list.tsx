import { ADMIN_ROUTES, adminClaimCodeBatchPath } from '@outpost/contracts/admin-routes';
import { CLAIM_CODE_MESSAGES, CLAIM_CODE_SORTABLE, type ClaimCodeBatchSummary } from '@outpost/contracts/claim-codes';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { Link } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { useArrivalNotice } from '../components/arrival-notice';
import { formatInstant } from '../components/local-time';
import { claimCodesQueryKey, getClaimCodes } from './api/get-claim-codes';
import { grantText } from './batch-export';
import styles from './claim-codes.module.css';
import { Grants } from './grants';
import { NotAllowedNotice } from './not-allowed-notice';

const column = adminColumnHelper<ClaimCodeBatchSummary>();
const columns = column.columns([
  column.accessor('batchName', {
    header: 'Batch',
    cell: (cell) => <Link to={adminClaimCodeBatchPath(cell.row.original.claimCodeID)}>{cell.getValue()}</Link>,
  }),
  column.accessor('claimCodeID', { header: 'Claim code ID', meta: { priority: 2, nowrap: true } }),
  column.accessor('type', { header: 'Type', meta: { priority: 3 } }),
  column.accessor((batch) => grantText(batch), {
    id: 'grants',
    header: 'Each code grants',
    cell: (cell) => <Grants batch={cell.row.original} />,
  }),
  column.accessor('uses', { header: 'Uses per code', meta: { priority: 3 } }),
  column.accessor('availableCount', { header: 'Available codes' }),
  column.accessor('usedCount', { header: 'Used-up codes', meta: { priority: 3 } }),
  column.accessor((batch) => (batch.isAvailable ? 'Available' : 'Used up'), {
    id: 'status',
    header: 'Status',
    meta: { priority: 2, nowrap: true },
  }),
  column.accessor('createdAt', {
    header: 'Created',
    sortDescFirst: true,
    meta: { priority: 3, nowrap: true },
    cell: (cell) => formatInstant(cell.getValue()),
  }),
]);

const filters: readonly AdminListFilter[] = [
  { kind: 'text', param: 'search', label: 'Search', hint: 'Part of a batch name or claim code ID.' },
  {
    kind: 'select',
    param: 'show',
    label: 'Show',
    // The list loads only available codes; the used-up batches are one choice away (docs/product.md §4.5).
    allLabel: 'Available batches only',
    options: [{ value: 'all', label: 'All batches, used-up ones too' }],
  },
];

/** The batches of redemption codes of the selected environment, newest first. */
export default function ClaimCodeList() {
  const { environment, capabilities } = useAdminAccessContext();
  // "The batch … was deleted." from the batch screen: shown once, not again on a reload.
  const arrivalNotice = useArrivalNotice();
  return (
    <section className={`page ${adminStyles.screen} ${styles.screen}`} aria-labelledby="claim-code-list-title">
      <h1 id="claim-code-list-title">Redemption Codes</h1>
      <p className={adminStyles.lead}>
        Batches of codes players redeem in the shop of {environment} for credits and items. Only batches with codes left
        are listed unless you show all.
      </p>
      <p role="status" className={adminStyles.note}>
        {arrivalNotice}
      </p>
      {capabilities.manageShop ? (
        <>
          <div className={adminStyles.toolbar}>
            <Link to={ADMIN_ROUTES.adminClaimCodeNew} className={`button ${adminStyles.toolbarButton}`}>
              + New batch
            </Link>
          </div>
          <AdminList
            label="Code batches"
            hideCaption
            columns={columns}
            sortable={CLAIM_CODE_SORTABLE}
            filters={filters}
            queryKey={claimCodesQueryKey(environment)}
            fetchPage={(query) => getClaimCodes(environment, query)}
            getRowId={(batch) => batch.claimCodeID}
            csvFileName={`code-batches-${environment}`}
            emptyText={CLAIM_CODE_MESSAGES.empty}
          />
        </>
      ) : (
        <NotAllowedNotice />
      )}
    </section>
  );
}
