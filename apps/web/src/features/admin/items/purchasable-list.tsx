import { ADMIN_ROUTES, adminItemPath, adminPurchasablePath } from '@outpost/contracts/admin-routes';
import { ITEM_MESSAGES, type Purchasable } from '@outpost/contracts/items';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { Link } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { formatInstant } from '../components/local-time';
import { getPurchasables, purchasablesQueryKey } from './api/get-purchasables';
import { RefreshNote } from './components/refresh-note';
import styles from './items.module.css';

const column = adminColumnHelper<Purchasable>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    cell: (cell) => <Link to={adminPurchasablePath(cell.row.original.purchasableID)}>{cell.getValue()}</Link>,
  }),
  column.accessor('purchasableID', { header: 'Purchasable ID', meta: { priority: 2, nowrap: true } }),
  column.accessor('itemID', {
    header: 'Item',
    cell: (cell) => (
      <Link to={adminItemPath(cell.getValue())}>
        {cell.row.original.itemName} ({cell.getValue()})
      </Link>
    ),
  }),
  column.accessor('costCredits', { header: 'Cost (credits)' }),
  column.accessor((purchasable) => (purchasable.available ? 'Yes' : 'No'), { id: 'available', header: 'On sale' }),
  column.accessor('updatedAt', {
    header: 'Last changed',
    meta: { priority: 2, nowrap: true },
    sortDescFirst: true,
    cell: (cell) => formatInstant(cell.getValue()),
  }),
]);

const SORTABLE = ['updatedAt', 'purchasableID', 'name', 'itemID', 'costCredits'] as const;
const FILTERS: readonly AdminListFilter[] = [
  { kind: 'text', param: 'search', label: 'Search', hint: 'Part of a name, ID or item ID.' },
  {
    kind: 'select',
    param: 'available',
    label: 'On sale',
    allLabel: 'Either',
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
  },
  { kind: 'text', param: 'itemID', label: 'Item ID', hint: 'Exactly this item.' },
];

/** What the game sells for credits in this environment, and how its refresh fares (docs/product.md §9.1). */
export default function PurchasableList() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <section className={`page ${adminStyles.screen} ${styles.screen}`} aria-labelledby="purchasable-list-title">
      <h1 id="purchasable-list-title">Purchasables</h1>
      <p className={adminStyles.lead}>
        What the game sells for credits in {environment}; each gives an item of items-master.
      </p>
      <RefreshNote environment={environment} />
      <div className={adminStyles.toolbar}>
        {capabilities.manageShop && (
          <Link to={ADMIN_ROUTES.adminPurchasableNew} className={`button ${adminStyles.toolbarButton}`}>
            + New Purchasable
          </Link>
        )}
        <Link to={ADMIN_ROUTES.adminItems}>Items</Link>
      </div>
      <AdminList
        label="Purchasables"
        hideCaption
        columns={columns}
        sortable={SORTABLE}
        filters={FILTERS}
        queryKey={purchasablesQueryKey(environment)}
        fetchPage={(query) => getPurchasables(environment, query)}
        getRowId={(purchasable) => purchasable.purchasableID}
        csvFileName={`purchasables-${environment}`}
        emptyText={ITEM_MESSAGES.purchasablesEmpty}
      />
    </section>
  );
}
