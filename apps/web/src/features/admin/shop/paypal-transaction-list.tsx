import { centsToDollars } from '@outpost/contracts/products';
import { PAYPAL_RESULTS, type PayPalTransaction } from '@outpost/contracts/shop';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { useAdminAccessContext } from '../admin-access-context';
import { getPayPalTransactions } from './api/get-paypal-transactions';
import { shopAdminQueryKey } from './api/query-keys';
import { ShopScreen } from './components/shop-screen';

const column = adminColumnHelper<PayPalTransaction>();
const columns = column.columns([
  column.accessor('createdAt', {
    header: 'When',
    cell: (cell) => new Date(cell.getValue()).toLocaleString(),
  }),
  column.accessor('result', { header: 'Result' }),
  column.accessor('orderID', { header: 'PayPal order' }),
  column.accessor('userID', { header: 'Player' }),
  column.accessor((row) => `${centsToDollars(row.amounts.expected.value)} ${row.amounts.expected.currency}`, {
    id: 'expected',
    header: 'Expected',
  }),
  column.accessor(
    (row) => (row.amounts.captured ? `${row.amounts.captured.value} ${row.amounts.captured.currency_code}` : '—'),
    { id: 'captured', header: 'Captured' },
  ),
  column.accessor((row) => row.amounts.reason ?? '', { id: 'reason', header: 'Why not' }),
]);
const sortable = ['createdAt'] as const;
const filters: readonly AdminListFilter[] = [
  {
    kind: 'select',
    param: 'result',
    label: 'Result',
    allLabel: 'Every result',
    options: PAYPAL_RESULTS.map((result) => ({ value: result, label: result })),
  },
];

/** paypal-transactions (spec §3): every PayPal outcome as it happened, for support and reconciliation. */
export default function PayPalTransactionList() {
  const { environment } = useAdminAccessContext();
  return (
    <ShopScreen
      id="paypal-transactions-title"
      title="PayPal transactions"
      lead={`Every PayPal payment the shop of ${environment} settled or refused, newest first.`}
    >
      <AdminList
        label="PayPal transactions"
        hideCaption
        columns={columns}
        sortable={sortable}
        filters={filters}
        queryKey={shopAdminQueryKey(environment, 'paypal-transactions')}
        fetchPage={(query) => getPayPalTransactions(environment, query)}
        getRowId={(row) => String(row.id)}
        csvFileName={`paypal-transactions-${environment}`}
        emptyText="No PayPal payments yet."
      />
    </ShopScreen>
  );
}
