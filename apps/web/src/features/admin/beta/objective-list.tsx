import type { TestingObjective } from '@outpost/contracts/beta';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import { type AdminListFilter, yesNoFilter } from '../../../components/admin-list/list-view';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { useAdminAccessContext } from '../admin-access-context';
import { InlineEditedList } from '../components/inline-editor';
import { formatInstant } from '../components/local-time';
import { getObjectives } from './api/get-objectives';
import { betaAdminQueryKey } from './api/query-keys';
import { BetaScreen } from './components/beta-screen';
import { ObjectiveForm } from './components/objective-form';

const column = adminColumnHelper<TestingObjective>();
const columns = column.columns([
  column.accessor('title', { header: 'Title' }),
  column.accessor('objectiveID', { header: 'ID', meta: { priority: 2, nowrap: true } }),
  column.accessor('description', { header: 'Description' }),
  column.accessor('active', { header: 'Active', cell: (cell) => (cell.getValue() ? 'Yes' : 'No') }),
  column.accessor('createdAt', {
    header: 'Created',
    meta: { priority: 2, nowrap: true },
    cell: (cell) => formatInstant(cell.getValue()),
  }),
]);
// The server's sort keys (testingObjectiveListQuerySchema): oldest first, the order players see.
const sortable = ['createdAt', 'title'] as const;

const filters: readonly AdminListFilter[] = [
  yesNoFilter('active', 'Active', { yes: 'Active only', no: 'Inactive only', both: 'Active and inactive' }),
  { kind: 'text', param: 'q', label: 'Search', hint: 'Part of a title or ID.' },
];

/** The testing objectives of the selected environment: what beta players are asked to try. */
export default function ObjectiveList() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <BetaScreen
      id="objective-list-title"
      title="Testing objectives"
      lead={`What beta players of ${environment} are asked to try; the active ones are offered with the feedback form.`}
    >
      <InlineEditedList
        environment={environment}
        canEdit={capabilities.manageBeta}
        readOnlyText="Your role may view the testing objectives but not change them."
        newLabel="New testing objective"
        form={ObjectiveForm}
        editLabel={(objective) => `Edit objective ${objective.objectiveID}`}
        label="Testing objectives"
        columns={columns}
        sortable={sortable}
        defaultOrder="asc"
        filters={filters}
        queryKey={betaAdminQueryKey(environment, 'objectives')}
        fetchPage={(query) => getObjectives(environment, query)}
        getRowId={(objective) => objective.objectiveID}
        csvFileName={`testing-objectives-${environment}`}
        emptyText="No testing objective matches these filters."
      />
      <LiveUpdates topics={['testing-objectives']} environment={environment} />
    </BetaScreen>
  );
}
