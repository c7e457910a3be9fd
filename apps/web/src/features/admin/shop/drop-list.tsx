import { adminShopMachinePath } from '@outpost/contracts/routes';
import type { Drop } from '@outpost/contracts/shop';
import { useState } from 'react';
import { AdminList } from '../../../components/admin-list/admin-list';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { FormNotice } from '../../../components/form/form-alert';
import { Link } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { getDrops } from './api/get-drops';
import { shopAdminQueryKey } from './api/query-keys';
import { DropForm } from './components/drop-form';
import { ShopScreen } from './components/shop-screen';
import { DROP_MESSAGES, DROP_STATE_LABELS, dropState } from './drop-form';
import { formatInstant } from './local-time';
import styles from './shop.module.css';

const column = adminColumnHelper<Drop>();
const columns = column.columns([
  column.accessor('name', { header: 'Name' }),
  column.accessor('dropID', { header: 'ID' }),
  column.accessor('machineID', {
    header: 'Machine',
    cell: (cell) => <Link to={adminShopMachinePath(cell.getValue())}>{cell.getValue()}</Link>,
  }),
  column.accessor('opensAt', { header: 'Opens', sortDescFirst: true, cell: (cell) => formatInstant(cell.getValue()) }),
  column.accessor('closesAt', { header: 'Closes', cell: (cell) => formatInstant(cell.getValue()) }),
  column.accessor((drop) => DROP_STATE_LABELS[dropState(drop, new Date())], {
    id: 'state',
    header: 'Now',
    cell: (cell) => <span className={styles.state}>{cell.getValue()}</span>,
  }),
]);
const sortable = ['opensAt', 'dropID', 'machineID'] as const;

/**
 * The drops: windows in which a machine spins (a machine with drops spins only inside one). Those
 * who run the shop create them above the list and pick one in the list to edit or delete it.
 */
export default function DropList() {
  const { environment, capabilities } = useAdminAccessContext();
  const [editing, setEditing] = useState<Drop | null>(null);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  // A new form each time the drop being edited changes, so nothing typed for one drop goes to another.
  const [formKey, setFormKey] = useState(0);
  const startForm = (drop: Drop | null, next: FormNotice | null) => {
    setEditing(drop);
    setNotice(next);
    setFormKey((key) => key + 1);
  };

  return (
    <ShopScreen
      id="drop-list-title"
      title="Drops"
      lead={`The drops of ${environment}: a machine with drops spins only while one of them is open.`}
    >
      {capabilities.manageShop ? (
        <DropForm
          key={`${environment}/${formKey}`}
          environment={environment}
          editing={editing}
          initialNotice={notice}
          onDone={(done) => startForm(null, done)}
        />
      ) : (
        <ReadOnlyNotice>Your role may view the drops but not change them.</ReadOnlyNotice>
      )}
      <AdminList
        label="Drops"
        columns={columns}
        sortable={sortable}
        queryKey={shopAdminQueryKey(environment, 'drops')}
        fetchPage={(query) => getDrops(environment, query)}
        getRowId={(drop) => drop.dropID}
        csvFileName={`drops-${environment}`}
        emptyText={DROP_MESSAGES.empty}
        rowAction={
          capabilities.manageShop
            ? {
                header: 'Change',
                cell: (drop) => (
                  <button
                    type="button"
                    className={listStyles.plainButton}
                    aria-label={`Edit drop ${drop.dropID}`}
                    onClick={() => startForm(drop, null)}
                  >
                    Edit
                  </button>
                ),
              }
            : undefined
        }
      />
    </ShopScreen>
  );
}
