import { adminProductPath } from '@outpost/contracts/admin-routes';
import type { EcomProduct } from '@outpost/contracts/merch';
import { PRODUCT_STATUS_LABELS, type ProductStatus } from '@outpost/contracts/products';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { dollarsText } from '../../../lib/commerce/order-text';
import { Link } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import { getEcomProducts } from './api/get-ecom-products';
import { merchAdminQueryKey } from './api/query-keys';
import { MerchScreen } from './components/merch-screen';
import styles from './merch.module.css';

const statusLabel = (status: number) => PRODUCT_STATUS_LABELS[status as ProductStatus] ?? String(status);

const column = adminColumnHelper<EcomProduct>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Product',
    cell: (cell) => <Link to={adminProductPath(cell.row.original.productID)}>{cell.getValue()}</Link>,
  }),
  column.accessor('productID', {
    header: 'Product ID',
    meta: { priority: 3, nowrap: true },
    cell: (cell) => <span className={styles.mono}>{cell.getValue()}</span>,
  }),
  column.accessor((row) => statusLabel(row.status), { id: 'status', header: 'Status', meta: { nowrap: true } }),
  column.accessor((row) => `${row.varietyName} (${row.varietyID})`, { id: 'variety', header: 'Variety' }),
  column.accessor('stripeID', {
    header: 'Stripe ID',
    meta: { priority: 3, nowrap: true },
    cell: (cell) => <span className={styles.mono}>{cell.getValue() || '—'}</span>,
  }),
  column.accessor('price', {
    header: 'Price',
    cell: (cell) => dollarsText(cell.getValue()),
    meta: { csvHeader: 'Price (US cents)', nowrap: true },
  }),
  column.accessor('stock', { header: 'Stock', sortDescFirst: true }),
  column.accessor('reserved', { header: 'Reserved', meta: { priority: 2 } }),
  column.accessor('sold', { header: 'Sold', sortDescFirst: true }),
  column.accessor((row) => row.dropID ?? '', {
    id: 'drop',
    header: 'Drop',
    meta: { priority: 3, nowrap: true },
    cell: (cell) => <span className={styles.mono}>{cell.getValue() || '—'}</span>,
  }),
]);
const sortable = ['name', 'sold', 'stock'] as const;
const filters: readonly AdminListFilter[] = [
  { kind: 'text', param: 'search', label: 'Search', hint: 'Part of a product name or ID, or a Stripe ID.' },
];

/**
 * ecom-products (docs/product.md §3.16): every variety of every product, with its Stripe id, price, stock left,
 * units held by reservations awaiting payment and units sold. Stock and prices are edited on the
 * product's own screen.
 */
export default function EcomProductList() {
  const { environment } = useAdminAccessContext();
  return (
    <MerchScreen
      id="ecom-product-list-title"
      title="Ecom products"
      lead={`Each variety of the products of ${environment}: stock left, reserved by orders awaiting payment, and sold. Change stock and prices on the product’s own screen.`}
    >
      <AdminList
        label="Ecom products"
        hideCaption
        columns={columns}
        sortable={sortable}
        defaultOrder="asc"
        filters={filters}
        queryKey={merchAdminQueryKey(environment, 'ecom-products')}
        fetchPage={(query) => getEcomProducts(environment, query)}
        getRowId={(row) => `${row.productID}/${row.varietyID}`}
        csvFileName={`ecom-products-${environment}`}
        emptyText="No variety matches these filters."
      />
    </MerchScreen>
  );
}
