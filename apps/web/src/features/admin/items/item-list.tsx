import { ADMIN_ROUTES, adminItemPath } from '@outpost/contracts/admin-routes';
import { ITEM_MESSAGES, type ItemSummary } from '@outpost/contracts/items';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { Link } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { formatInstant } from '../components/local-time';
import { getItems, itemsQueryKey } from './api/get-items';
import styles from './items.module.css';

const column = adminColumnHelper<ItemSummary>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    cell: (cell) => <Link to={adminItemPath(cell.row.original.itemID)}>{cell.getValue()}</Link>,
  }),
  column.accessor('itemID', { header: 'Item ID' }),
  column.accessor('purchasableCount', {
    header: 'Purchasables',
    cell: (cell) =>
      cell.getValue() === 0 ? (
        '0'
      ) : (
        <Link to={`${ADMIN_ROUTES.adminPurchasables}?itemID=${encodeURIComponent(cell.row.original.itemID)}`}>
          {cell.getValue()}
        </Link>
      ),
  }),
  column.accessor('updatedAt', {
    header: 'Last changed',
    meta: { nowrap: true },
    sortDescFirst: true,
    cell: (cell) => formatInstant(cell.getValue()),
  }),
]);

const SORTABLE = ['updatedAt', 'itemID', 'name'] as const;
const FILTERS: readonly AdminListFilter[] = [
  { kind: 'text', param: 'search', label: 'Search', hint: 'Part of a name or ID.' },
];

/** items-master of the environment: the game's items that prizes, rewards and purchasables name. */
export default function ItemList() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <section className={`page ${adminStyles.screen} ${styles.screen}`} aria-labelledby="item-list-title">
      <h1 id="item-list-title">Items</h1>
      <p className={adminStyles.lead}>
        items-master of {environment}: every item the game knows. Purchasables, machine prizes and code rewards name
        these IDs.
      </p>
      <div className={adminStyles.toolbar}>
        {capabilities.manageShop && (
          <Link to={ADMIN_ROUTES.adminItemNew} className={`button ${adminStyles.toolbarButton}`}>
            + New Item
          </Link>
        )}
        <Link to={ADMIN_ROUTES.adminPurchasables}>Purchasables</Link>
      </div>
      <AdminList
        label="Items"
        hideCaption
        columns={columns}
        sortable={SORTABLE}
        filters={FILTERS}
        queryKey={[...itemsQueryKey(environment), 'items']}
        fetchPage={(query) => getItems(environment, query)}
        getRowId={(item) => item.itemID}
        csvFileName={`items-master-${environment}`}
        emptyText={ITEM_MESSAGES.itemsEmpty}
      />
    </section>
  );
}
