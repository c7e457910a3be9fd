import { ADMIN_ROUTES, adminShopPackPath } from '@outpost/contracts/admin-routes';
import type { CreditPack } from '@outpost/contracts/shop';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { Link } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { getCreditPacks } from './api/get-credit-packs';
import { shopAdminQueryKey } from './api/query-keys';
import { Availability } from './components/availability';
import { ShopScreen } from './components/shop-screen';
import { formatPrice, PACK_MESSAGES } from './pack-form';

const column = adminColumnHelper<CreditPack>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    cell: (cell) => <Link to={adminShopPackPath(cell.row.original.packID)}>{cell.getValue()}</Link>,
  }),
  column.accessor('packID', { header: 'ID' }),
  column.accessor('credits', { header: 'Credits', cell: (cell) => cell.getValue().toLocaleString('en-US') }),
  column.accessor('costUSD', {
    header: 'Price (USD)',
    cell: (cell) => formatPrice(cell.getValue()),
    meta: { csvHeader: 'Price (US cents)' },
  }),
  column.accessor('available', {
    header: 'Available',
    cell: (cell) => <Availability available={cell.getValue()} />,
  }),
]);
// Credit packs are sorted by costUSD ascending (docs/product.md §7.11).
const sortable = ['costUSD', 'name', 'credits', 'packID'] as const;
const filters: readonly AdminListFilter[] = [
  { kind: 'text', param: 'search', label: 'Search', hint: 'Part of a name or ID.' },
];

/**
 * Every credit pack of the environment, unavailable ones included and marked (docs/product.md §6.1),
 * cheapest first.
 */
export default function PackList() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <ShopScreen
      id="pack-list-title"
      title="Credit packs"
      lead={`The credit packs of ${environment}, cheapest first. Players see only the available ones.`}
    >
      {capabilities.manageShop && (
        <div className={adminStyles.toolbar}>
          <Link to={ADMIN_ROUTES.adminShopPackNew} className={`button ${adminStyles.toolbarButton}`}>
            + New credit pack
          </Link>
        </div>
      )}
      <AdminList
        label="Credit packs"
        hideCaption
        columns={columns}
        sortable={sortable}
        defaultOrder="asc"
        filters={filters}
        queryKey={shopAdminQueryKey(environment, 'packs')}
        fetchPage={(query) => getCreditPacks(environment, query)}
        getRowId={(pack) => pack.packID}
        csvFileName={`credit-packs-${environment}`}
        emptyText={PACK_MESSAGES.empty}
      />
      <LiveUpdates topics={['credit-packs']} environment={environment} />
    </ShopScreen>
  );
}
