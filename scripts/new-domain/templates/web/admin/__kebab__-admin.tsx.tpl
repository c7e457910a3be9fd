import { __CONST___QUERY_KEYS, __CONST___TOPIC } from '@outpost/contracts/__kebab__/contract';
import type { __Pascal__Entry } from '@outpost/contracts/__kebab__/schemas';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { useAdminAccessContext } from '../../admin/admin-access-context';
import { AdminScreen } from '../../admin/components/admin-screen';
import { InlineEditedList } from '../../admin/components/inline-editor';
import { formatInstant } from '../../admin/components/local-time';
import { get__Pascal__Entries } from '../api';
import { EntryForm } from './entry-form';

const column = adminColumnHelper<__Pascal__Entry>();
const columns = column.columns([
  column.accessor('name', { header: 'Name' }),
  column.accessor('score', { header: 'Score', cell: (cell) => cell.getValue().toLocaleString('en-US') }),
  column.accessor('endsAt', {
    header: 'Ends',
    cell: (cell) => {
      const endsAt = cell.getValue();
      return endsAt ? formatInstant(endsAt) : 'Never';
    },
  }),
  column.accessor('updatedAt', { header: 'Updated', cell: (cell) => formatInstant(cell.getValue()) }),
]);
// The server's sort keys (the contracts' list query), most recently changed first.
const sortable = ['updatedAt', 'score', 'name'] as const;
const filters: readonly AdminListFilter[] = [{ kind: 'text', param: 'q', label: 'Search', hint: 'Part of a name or ID.' }];

/** __Words__ in the selected environment: every entry, created, edited and deleted here. */
export default function __Pascal__Admin() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <AdminScreen
      id="__kebab__-admin-title"
      title="__Words__"
      lead={`The entries players of ${environment} see while they run, highest score first.`}
    >
      <InlineEditedList
        environment={environment}
        canEdit={capabilities.manageShop}
        readOnlyText="Your role may view these entries but not change them."
        form={EntryForm}
        newLabel="New entry"
        editLabel={(entry) => `Edit ${entry.name}`}
        label="__Words__"
        columns={columns}
        sortable={sortable}
        filters={filters}
        queryKey={__CONST___QUERY_KEYS.admin(environment)}
        fetchPage={(query) => get__Pascal__Entries(environment, query)}
        getRowId={(entry) => entry.entryID}
        csvFileName={`__kebab__-${environment}`}
        emptyText="No entry matches these filters."
      />
      <LiveUpdates topics={[__CONST___TOPIC]} environment={environment} />
    </AdminScreen>
  );
}
