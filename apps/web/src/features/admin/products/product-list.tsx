import { ADMIN_ROUTES, adminProductPath } from '@outpost/contracts/admin-routes';
import { centsToDollars, PRODUCT_MESSAGES, type ProductSummary } from '@outpost/contracts/products';
import { AdminList } from '../../../components/admin-list/admin-list';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import { Link, useSearchParams } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { formatInstant } from '../components/local-time';
import { getProducts, productsQueryKey } from './api/get-products';
import { ProductCards } from './components/product-cards';
import {
  PRODUCT_FILTERS,
  PRODUCT_PAGE_SIZES,
  PRODUCT_SORTABLE,
  productListView,
  statusLabel,
  VIEW_PARAM,
  yesNo,
} from './product-list-config';

const column = adminColumnHelper<ProductSummary>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    cell: (cell) => <Link to={adminProductPath(cell.row.original.productID)}>{cell.getValue()}</Link>,
  }),
  column.accessor('productID', { header: 'ID', meta: { priority: 2, nowrap: true } }),
  column.accessor((product) => yesNo(product.isDigitalDouble), {
    id: 'isDigitalDouble',
    header: 'Is Digital Double?',
    meta: { priority: 2 },
  }),
  column.accessor('varietyCount', { header: 'Varieties', meta: { priority: 2 } }),
  column.accessor((product) => centsToDollars(product.price), {
    id: 'price',
    header: 'Price (USD)',
    cell: (cell) => `$${cell.getValue()}`,
  }),
  column.accessor((product) => statusLabel(product), { id: 'status', header: 'Status', meta: { nowrap: true } }),
  column.accessor('updatedAt', {
    header: 'Last changed',
    meta: { priority: 2, nowrap: true },
    sortDescFirst: true,
    cell: (cell) => formatInstant(cell.getValue()),
  }),
]);

/**
 * The product list (docs/product.md §2.10): a grid of cards, or the same list as a table (the original's
 * "external table" button, here the admin list's table with its sorting and CSV export). The view, its
 * filters and page live in the URL; '+ Create Product' shows to those who may create products.
 */
export default function ProductList() {
  const { environment, capabilities } = useAdminAccessContext();
  const [params, setParams] = useSearchParams();
  const view = productListView(params);
  const switchView = () => {
    const next = new URLSearchParams(params);
    if (view === 'cards') next.set(VIEW_PARAM, 'table');
    else next.delete(VIEW_PARAM);
    setParams(next);
  };

  return (
    <section className={`page ${adminStyles.screen}`} aria-labelledby="product-list-title">
      <h1 id="product-list-title">Products</h1>
      <p className={adminStyles.lead}>The products and digital doubles of {environment}.</p>
      <div className={adminStyles.toolbar}>
        {capabilities.manageProducts && (
          <Link to={ADMIN_ROUTES.adminProductNew} className={`button ${adminStyles.toolbarButton}`}>
            + Create Product
          </Link>
        )}
        <button type="button" className={listStyles.plainButton} onClick={switchView}>
          {view === 'cards' ? 'View as table' : 'View as cards'}
        </button>
      </div>
      {view === 'cards' ? (
        <ProductCards environment={environment} />
      ) : (
        <AdminList
          label="Products"
          columns={columns}
          sortable={PRODUCT_SORTABLE}
          filters={PRODUCT_FILTERS}
          pageSizes={PRODUCT_PAGE_SIZES}
          defaultPageSize={24}
          queryKey={productsQueryKey(environment)}
          fetchPage={(query) => getProducts(environment, query)}
          getRowId={(product) => product.productID}
          csvFileName={`products-${environment}`}
          emptyText={PRODUCT_MESSAGES.empty}
        />
      )}
    </section>
  );
}
