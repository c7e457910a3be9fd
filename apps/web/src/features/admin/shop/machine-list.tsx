import { ADMIN_ROUTES, adminShopMachinePath } from '@outpost/contracts/admin-routes';
import type { machineSummarySchema } from '@outpost/contracts/shop';
import type { z } from 'zod/mini';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { Link } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { getMachines } from './api/get-machines';
import { shopAdminQueryKey } from './api/query-keys';
import { Availability } from './components/availability';
import { ShopScreen } from './components/shop-screen';
import { MACHINE_MESSAGES } from './machine-form';
import { formatPrice } from './pack-form';

type MachineSummary = z.infer<typeof machineSummarySchema>;

const column = adminColumnHelper<MachineSummary>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    cell: (cell) => <Link to={adminShopMachinePath(cell.row.original.machineID)}>{cell.getValue()}</Link>,
  }),
  column.accessor('machineID', { header: 'ID', meta: { priority: 2, nowrap: true } }),
  column.accessor('costCredits', { header: 'Cost (credits)', cell: (cell) => cell.getValue().toLocaleString('en-US') }),
  column.accessor('costUSD', {
    header: 'PayPal price',
    cell: (cell) => {
      const cents = cell.getValue();
      return cents === null ? 'Credits only' : formatPrice(cents);
    },
    meta: { nowrap: true, csvHeader: 'PayPal price (US cents)' },
  }),
  column.accessor('prizeCount', {
    header: 'Prizes',
    meta: { priority: 2 },
    cell: (cell) => cell.getValue().toLocaleString('en-US'),
  }),
  column.accessor('stockLeft', {
    header: 'Stock left',
    meta: { priority: 2 },
    cell: (cell) => cell.getValue().toLocaleString('en-US'),
  }),
  column.accessor('available', {
    header: 'Available',
    cell: (cell) => <Availability available={cell.getValue()} />,
  }),
]);
const sortable = ['name', 'machineID', 'costCredits'] as const;
const filters: readonly AdminListFilter[] = [
  { kind: 'text', param: 'search', label: 'Search', hint: 'Part of a name or ID.' },
];

/** Every mystery-ball machine of the environment, unavailable ones included and marked (docs/product.md §6.1). */
export default function MachineList() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <ShopScreen
      id="machine-list-title"
      title="Machines"
      lead={`The mystery-ball machines of ${environment}, with the prizes they have left. Players see only the available ones.`}
    >
      {capabilities.manageShop && (
        <div className={adminStyles.toolbar}>
          <Link to={ADMIN_ROUTES.adminShopMachineNew} className={`button ${adminStyles.toolbarButton}`}>
            + New machine
          </Link>
        </div>
      )}
      <AdminList
        label="Machines"
        hideCaption
        columns={columns}
        sortable={sortable}
        defaultOrder="asc"
        filters={filters}
        queryKey={shopAdminQueryKey(environment, 'machines')}
        fetchPage={(query) => getMachines(environment, query)}
        getRowId={(machine) => machine.machineID}
        csvFileName={`machines-${environment}`}
        emptyText={MACHINE_MESSAGES.empty}
      />
      <LiveUpdates topics={['machines']} environment={environment} />
    </ShopScreen>
  );
}
