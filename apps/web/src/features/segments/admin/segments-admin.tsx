import { personName } from '@outpost/contracts/people';
import { SEGMENTS_QUERY_KEYS, SEGMENTS_TOPIC } from '@outpost/contracts/segments/contract';
import { adminSegmentPath } from '@outpost/contracts/segments/paths';
import type { Segment } from '@outpost/contracts/segments/schemas';
import { useState } from 'react';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { Link } from '../../../lib/router/router';
import { useAdminAccessContext } from '../../admin/admin-access-context';
import { AdminScreen } from '../../admin/components/admin-screen';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { FormSheet } from '../../admin/components/form-sheet';
import { formatInstant } from '../../admin/components/local-time';
import { NewRecordButton } from '../../admin/components/new-record-button';
import { PersonLink } from '../../admin/components/person-link';
import { ReadOnlyNotice } from '../../admin/components/read-only-notice';
import { getSegments } from '../api';
import { definitionWords } from '../rules';
import { SegmentForm } from './segment-form';
import styles from './segments.module.css';

const column = adminColumnHelper<Segment>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    cell: (cell) => <Link to={adminSegmentPath(cell.row.original.segmentID)}>{cell.getValue()}</Link>,
  }),
  column.accessor('description', { header: 'Description', meta: { priority: 2 } }),
  column.accessor((segment) => definitionWords(segment.definition), { id: 'rules', header: 'Rules' }),
  column.accessor('updatedAt', {
    header: 'Updated',
    sortDescFirst: true,
    meta: { nowrap: true },
    cell: (cell) => <time dateTime={cell.getValue()}>{formatInstant(cell.getValue())}</time>,
  }),
  column.accessor((segment) => (segment.updatedBy ? personName(segment.updatedBy) : 'Outpost'), {
    id: 'updatedBy',
    header: 'By',
    cell: (cell) => {
      const person = cell.row.original.updatedBy;
      return person ? <PersonLink person={person} withEmail={false} /> : 'Outpost';
    },
  }),
]);
// The server's sort keys (the contracts' list query), most recently changed first.
const sortable = ['updatedAt', 'name'] as const;
const filters: readonly AdminListFilter[] = [
  { kind: 'text', param: 'q', label: 'Search', hint: 'Part of a name or ID.' },
];

/** /admin/segments in the selected environment: every segment, and a new one's form over the list. */
export default function SegmentsAdmin() {
  const { environment, capabilities } = useAdminAccessContext();
  const canEdit = capabilities.manageShop;
  // A form belongs to its environment: switching closes it.
  const [creating, setCreating] = useState<typeof environment | null>(null);
  return (
    <AdminScreen
      id="segments-admin-title"
      title="Segments"
      lead={`Audiences of ${environment}, defined once by rules over what Outpost knows of each player: push, rewards and remote config take them.`}
      className={styles.screen}
    >
      {canEdit ? (
        <div className={adminStyles.toolbar}>
          <NewRecordButton label="New segment" onClick={() => setCreating(environment)} />
        </div>
      ) : (
        <ReadOnlyNotice>Your role may view the segments but not change them.</ReadOnlyNotice>
      )}
      {canEdit && creating === environment && (
        <FormSheet label="New segment" onClose={() => setCreating(null)}>
          <SegmentForm environment={environment} segment={null} />
        </FormSheet>
      )}
      <AdminList
        label="Segments"
        hideCaption
        columns={columns}
        sortable={sortable}
        filters={filters}
        queryKey={SEGMENTS_QUERY_KEYS.admin(environment)}
        fetchPage={(query) => getSegments(environment, query)}
        getRowId={(segment) => segment.segmentID}
        csvFileName={`segments-${environment}`}
        emptyText="No segment matches these filters."
      />
      <LiveUpdates topics={[SEGMENTS_TOPIC]} environment={environment} />
    </AdminScreen>
  );
}
