import { adminProductPath } from '@outpost/contracts/admin-routes';
import type { MerchDropAdmin } from '@outpost/contracts/merch';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import { useStartParam } from '../../calendar/start-param';
import { useAdminAccessContext } from '../admin-access-context';
import { InlineEditedList } from '../components/inline-editor';
import { formatInstant } from '../components/local-time';
import { NamedLinks } from '../components/named-links';
import { getMerchDrops } from './api/get-merch-drops';
import { merchAdminQueryKey } from './api/query-keys';
import { MerchDropForm } from './components/drop-form';
import { MerchScreen } from './components/merch-screen';
import { MERCH_DROP_MESSAGES, merchDropOpen } from './drop-form';
import styles from './merch.module.css';

const column = adminColumnHelper<MerchDropAdmin>();
const columns = column.columns([
  column.accessor('name', { header: 'Name' }),
  column.accessor('dropID', {
    header: 'ID',
    meta: { priority: 2, nowrap: true },
    cell: (cell) => <span className={styles.mono}>{cell.getValue()}</span>,
  }),
  column.accessor('opensAt', {
    header: 'Opens',
    sortDescFirst: true,
    cell: (cell) => <span className={styles.nowrap}>{formatInstant(cell.getValue())}</span>,
  }),
  column.accessor((drop) => (merchDropOpen(drop, new Date()) ? 'Open' : 'Upcoming'), {
    id: 'state',
    header: 'Now',
    cell: (cell) => <span className={styles.nowrap}>{cell.getValue()}</span>,
  }),
  column.accessor((drop) => drop.namedProducts.map((product) => product.name).join(', '), {
    id: 'products',
    header: 'Products',
    cell: (cell) => (
      <NamedLinks
        links={cell.row.original.namedProducts.map((product) => ({
          name: product.name,
          to: adminProductPath(product.productID),
        }))}
      />
    ),
  }),
  column.accessor('subscribers', { header: 'Waiting to be told', meta: { priority: 3 } }),
  column.accessor('notified', { header: 'Told it opened', meta: { priority: 3 } }),
]);
const sortable = ['opensAt', 'dropID', 'name'] as const;

/**
 * The merch drops: products that go on sale at a time, announced beforehand, with the players
 * waiting for an email when each opens. Those who run the shop create them with the button above the list and
 * pick one in the list to edit or delete it; moderators read.
 */
export default function MerchDropList() {
  const { environment, capabilities } = useAdminAccessContext();

  return (
    <MerchScreen
      id="merch-drop-list-title"
      title="Merch drops"
      lead={`The merch drops of ${environment}: each opens its products for sale at a time, and players who subscribed are emailed then.`}
    >
      <InlineEditedList
        environment={environment}
        canEdit={capabilities.manageShop}
        startsAt={useStartParam()}
        readOnlyText="Your role may view the merch drops but not change them."
        newLabel="New drop"
        form={MerchDropForm}
        editLabel={(drop) => `Edit drop ${drop.dropID}`}
        label="Merch drops"
        columns={columns}
        sortable={sortable}
        queryKey={merchAdminQueryKey(environment, 'drops')}
        fetchPage={(query) => getMerchDrops(environment, query)}
        getRowId={(drop) => drop.dropID}
        csvFileName={`merch-drops-${environment}`}
        emptyText={MERCH_DROP_MESSAGES.empty}
      />
    </MerchScreen>
  );
}
