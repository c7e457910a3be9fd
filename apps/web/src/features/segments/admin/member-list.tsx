import type { Environment } from '@outpost/contracts/environments';
import { personName } from '@outpost/contracts/people';
import type { SegmentMember } from '@outpost/contracts/segments/schemas';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import { formatDate, formatInstant } from '../../admin/components/local-time';
import { PersonLink } from '../../admin/components/person-link';
import { getMembers, membersQueryKey } from '../api';
import styles from './segments.module.css';

const column = adminColumnHelper<SegmentMember>();
const columns = column.columns([
  column.accessor((member) => personName(member.player), {
    id: 'player',
    header: 'Player',
    cell: (cell) => <PersonLink person={cell.row.original.player} withEmail={false} />,
  }),
  column.accessor('lastSeen', {
    header: 'Last seen',
    meta: { nowrap: true },
    cell: (cell) => {
      const seen = cell.getValue();
      return seen ? <time dateTime={seen}>{formatInstant(seen)}</time> : 'Never';
    },
  }),
  column.accessor('accountCreatedAt', {
    header: 'Account created',
    sortDescFirst: true,
    meta: { nowrap: true },
    cell: (cell) => <time dateTime={cell.getValue()}>{formatDate(cell.getValue())}</time>,
  }),
]);
const sortable = ['accountCreatedAt'] as const;

/** The players the saved segment holds, newest accounts first, each linking to their page. */
export function MemberList({ environment, segmentID }: { environment: Environment; segmentID: string }) {
  return (
    <section className={styles.members} aria-labelledby="segment-members-title">
      <h2 id="segment-members-title">Members</h2>
      <p className={styles.note}>The players the saved rules hold, newest accounts first.</p>
      <AdminList
        label="Players in the segment"
        hideCaption
        columns={columns}
        sortable={sortable}
        queryKey={membersQueryKey(environment, segmentID)}
        fetchPage={(query) => getMembers(environment, segmentID, query)}
        getRowId={(member) => member.player.userID}
        csvFileName={`segment-${segmentID}-${environment}`}
        emptyText="The segment holds no player."
      />
    </section>
  );
}
