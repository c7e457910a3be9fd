import { adminMerchOrderPath } from '@outpost/contracts/admin-routes';
import {
  type AdminMerchOrderRow,
  MERCH_ORDER_STATUS_LABELS,
  MERCH_ORDER_STATUSES,
  MERCH_PAYMENT_METHODS,
} from '@outpost/contracts/merch';
import { personName } from '@outpost/contracts/people';
import { shortNumber } from '@outpost/contracts/short-numbers';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { orderTotalText, PAYMENT_METHOD_LABELS } from '../../../lib/commerce/order-text';
import { Link } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import { formatInstant } from '../components/local-time';
import { PersonLink } from '../components/person-link';
import { getMerchOrders } from './api/get-merch-orders';
import { merchAdminQueryKey } from './api/query-keys';
import { MerchScreen } from './components/merch-screen';
import { StaffOnlyNotice } from './components/staff-only-notice';
import styles from './merch.module.css';
import { itemsSummary, shippingName } from './merch-text';

const column = adminColumnHelper<AdminMerchOrderRow>();
const columns = column.columns([
  column.accessor('orderTime', {
    header: 'Ordered',
    sortDescFirst: true,
    cell: (cell) => <span className={styles.nowrap}>{formatInstant(cell.getValue())}</span>,
  }),
  column.accessor((order) => shortNumber(order.orderNumber), {
    id: 'order',
    header: 'Order',
    cell: (cell) => <Link to={adminMerchOrderPath(cell.row.original.orderID)}>{cell.getValue()}</Link>,
  }),
  column.accessor((order) => personName(order.buyer), {
    id: 'player',
    header: 'Player',
    cell: (cell) => <PersonLink person={cell.row.original.buyer} />,
  }),
  column.accessor((order) => shippingName(order.shipping), {
    id: 'shipsTo',
    header: 'Ships to',
    meta: { priority: 2 },
  }),
  column.accessor((order) => itemsSummary(order.lines), { id: 'items', header: 'Items', meta: { priority: 2 } }),
  column.accessor((order) => orderTotalText(order), {
    id: 'total',
    header: 'Total',
    meta: { nowrap: true },
    sortDescFirst: true,
    cell: (cell) => <span className={styles.nowrap}>{cell.getValue()}</span>,
  }),
  column.accessor((order) => PAYMENT_METHOD_LABELS[order.payment], {
    id: 'payment',
    header: 'Payment',
    meta: { priority: 2 },
  }),
  column.accessor((order) => MERCH_ORDER_STATUS_LABELS[order.status], {
    id: 'status',
    header: 'Status',
    meta: { nowrap: true },
    cell: (cell) => <span className={styles.status}>{cell.getValue()}</span>,
  }),
  column.accessor((order) => order.trackingReference ?? '', {
    id: 'tracking',
    header: 'Tracking',
    meta: { priority: 2 },
    cell: (cell) => <span className={styles.mono}>{cell.getValue() || '—'}</span>,
  }),
]);
const sortable = ['orderTime', 'total', 'status'] as const;
const filters: readonly AdminListFilter[] = [
  {
    kind: 'select',
    param: 'status',
    label: 'Status',
    allLabel: 'Every status',
    options: MERCH_ORDER_STATUSES.map((status) => ({ value: status, label: MERCH_ORDER_STATUS_LABELS[status] })),
  },
  {
    kind: 'select',
    param: 'payment',
    label: 'Payment',
    allLabel: 'Every payment method',
    options: MERCH_PAYMENT_METHODS.map((payment) => ({ value: payment, label: PAYMENT_METHOD_LABELS[payment] })),
  },
  {
    kind: 'text',
    param: 'search',
    label: 'Search',
    hint: 'An order number (#1047) or ID, a player ID, or a name or email it ships to.',
  },
];

/** The merch orders of the environment, newest first: what to pack, ship and refund. Staff and admins only. */
export default function MerchOrderList() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <MerchScreen
      id="merch-order-list-title"
      title="Merch orders"
      lead={`The merch orders of ${environment}, newest first. Open one to pack, ship or refund it.`}
    >
      {capabilities.manageShop ? (
        <>
          <LiveUpdates topics={['merch-orders']} environment={environment} />
          <AdminList
            label="Merch orders"
            hideCaption
            columns={columns}
            sortable={sortable}
            filters={filters}
            queryKey={merchAdminQueryKey(environment, 'orders')}
            fetchPage={(query) => getMerchOrders(environment, query)}
            getRowId={(order) => order.orderID}
            csvFileName={`merch-orders-${environment}`}
            emptyText="No merch order matches these filters."
          />
        </>
      ) : (
        <StaffOnlyNotice what="Merch orders" />
      )}
    </MerchScreen>
  );
}
