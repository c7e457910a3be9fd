import { personName } from '@outpost/contracts/people';
import { centsToDollars } from '@outpost/contracts/products';
import {
  type AdminPayPalTransaction,
  PAYPAL_RESULT_LABELS,
  PAYPAL_RESULTS,
  type PayPalResult,
} from '@outpost/contracts/shop';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { useAdminAccessContext } from '../admin-access-context';
import { formatInstant } from '../components/local-time';
import { PersonLink } from '../components/person-link';
import { getPayPalTransactions } from './api/get-paypal-transactions';
import { shopAdminQueryKey } from './api/query-keys';
import { ShopScreen } from './components/shop-screen';

/** A stored result in words; one this version does not know stays as stored rather than vanish. */
const payPalResultText = (result: string) =>
  (PAYPAL_RESULTS as readonly string[]).includes(result) ? PAYPAL_RESULT_LABELS[result as PayPalResult] : result;

const column = adminColumnHelper<AdminPayPalTransaction>();
const columns = column.columns([
  column.accessor('createdAt', {
    header: 'When',
    meta: { nowrap: true },
    cell: (cell) => formatInstant(cell.getValue()),
  }),
  column.accessor((row) => payPalResultText(row.result), { id: 'result', header: 'Result' }),
  column.accessor('orderID', { header: 'PayPal order' }),
  column.accessor((row) => personName(row.player), {
    id: 'player',
    header: 'Player',
    cell: (cell) => <PersonLink person={cell.row.original.player} withEmail={false} />,
  }),
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
    options: PAYPAL_RESULTS.map((result) => ({ value: result, label: PAYPAL_RESULT_LABELS[result] })),
  },
];

/** paypal-transactions (docs/product.md §3.16): every PayPal outcome as it happened, for support and reconciliation. */
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
