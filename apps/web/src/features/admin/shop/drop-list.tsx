import { adminShopMachinePath } from '@outpost/contracts/admin-routes';
import type { AdminDrop } from '@outpost/contracts/shop';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { Link } from '../../../lib/router/router';
import { useStartParam } from '../../calendar/start-param';
import { useAdminAccessContext } from '../admin-access-context';
import { InlineEditedList } from '../components/inline-editor';
import { formatInstant } from '../components/local-time';
import { getDrops } from './api/get-drops';
import { shopAdminQueryKey } from './api/query-keys';
import { DropForm } from './components/drop-form';
import { ShopScreen } from './components/shop-screen';
import { DROP_MESSAGES, DROP_STATE_LABELS, dropState } from './drop-form';
import styles from './shop.module.css';

const column = adminColumnHelper<AdminDrop>();
const columns = column.columns([
  column.accessor('name', { header: 'Name' }),
  column.accessor('dropID', { header: 'ID', meta: { priority: 2, nowrap: true } }),
  column.accessor('machineID', {
    header: 'Machine',
    cell: (cell) => <Link to={adminShopMachinePath(cell.getValue())}>{cell.row.original.machineName}</Link>,
  }),
  column.accessor('opensAt', {
    header: 'Opens',
    meta: { nowrap: true },
    sortDescFirst: true,
    cell: (cell) => formatInstant(cell.getValue()),
  }),
  column.accessor('closesAt', {
    header: 'Closes',
    meta: { priority: 3, nowrap: true },
    cell: (cell) => formatInstant(cell.getValue()),
  }),
  column.accessor((drop) => DROP_STATE_LABELS[dropState(drop, new Date())], {
    id: 'state',
    header: 'Now',
    cell: (cell) => <span className={styles.state}>{cell.getValue()}</span>,
  }),
]);
const sortable = ['opensAt', 'dropID', 'machineID'] as const;

/**
 * The drops: windows in which a machine spins (a machine with drops spins only inside one). Those
 * who run the shop create them with the button above the list and pick one in it to edit or delete it.
 */
export default function DropList() {
  const { environment, capabilities } = useAdminAccessContext();

  return (
    <ShopScreen
      id="drop-list-title"
      title="Drops"
      lead={`The drops of ${environment}: a machine with drops spins only while one of them is open.`}
    >
      <InlineEditedList
        environment={environment}
        canEdit={capabilities.manageShop}
        startsAt={useStartParam()}
        readOnlyText="Your role may view the drops but not change them."
        newLabel="New drop"
        form={DropForm}
        editLabel={(drop) => `Edit drop ${drop.dropID}`}
        label="Drops"
        columns={columns}
        sortable={sortable}
        queryKey={shopAdminQueryKey(environment, 'drops')}
        fetchPage={(query) => getDrops(environment, query)}
        getRowId={(drop) => drop.dropID}
        csvFileName={`drops-${environment}`}
        emptyText={DROP_MESSAGES.empty}
      />
      {/* The machines too: the drop form offers them. */}
      <LiveUpdates topics={['drops', 'machines']} environment={environment} />
    </ShopScreen>
  );
}
