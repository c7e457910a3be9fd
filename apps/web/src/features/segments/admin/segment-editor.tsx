import type { Environment } from '@outpost/contracts/environments';
import { SEGMENTS_TOPIC } from '@outpost/contracts/segments/contract';
import { SEGMENTS_PATHS } from '@outpost/contracts/segments/paths';
import type { Segment } from '@outpost/contracts/segments/schemas';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { Link, useNavigate, useParams } from '../../../lib/router/router';
import { useAdminAccessContext } from '../../admin/admin-access-context';
import { AdminScreen } from '../../admin/components/admin-screen';
import { DeleteSection } from '../../admin/components/delete-section';
import { LoadState } from '../../admin/components/load-state';
import { formatInstant } from '../../admin/components/local-time';
import { PersonLink } from '../../admin/components/person-link';
import { ReadOnlyNotice } from '../../admin/components/read-only-notice';
import { useChangeSegment, useSegment } from '../api';
import { definitionWords } from '../rules';
import { MemberList } from './member-list';
import { SegmentForm } from './segment-form';
import styles from './segments.module.css';

/**
 * /admin/segments/:segmentID in the selected environment: the segment's rules and details with the
 * number of players they hold, its delete, and the players it holds. The segments topic brings
 * another tab's save or delete without a reload.
 */
export default function SegmentEditor() {
  const { environment, capabilities } = useAdminAccessContext();
  const { segmentID = '' } = useParams();
  const segment = useSegment(environment, segmentID);
  const canEdit = capabilities.manageShop;
  return (
    <AdminScreen
      id="segment-editor-title"
      title={segment.data?.name ?? segmentID}
      titlePrefix="Segment"
      lead={
        <>
          Segment {segmentID} in {environment}
          {segment.data && <LastSaved segment={segment.data} />}.{' '}
          <Link to={SEGMENTS_PATHS.admin}>Back to the segments</Link>
        </>
      }
      className={styles.screen}
    >
      <LiveUpdates topics={[SEGMENTS_TOPIC]} environment={environment} />
      <LoadState
        query={segment}
        what="segment"
        missing={`There is no segment “${segmentID}” in ${environment}: it may have been deleted.`}
      >
        {(loaded) =>
          // Another environment or segment starts a new form: edits never carry across.
          canEdit ? (
            <div key={`${environment}/${segmentID}`}>
              <SegmentForm environment={environment} segment={loaded} />
              <DeleteSegment environment={environment} segment={loaded} />
              <MemberList environment={environment} segmentID={segmentID} />
            </div>
          ) : (
            <>
              <ReadOnlyNotice>Your role may view this segment but not change it.</ReadOnlyNotice>
              <p className={styles.words}>{definitionWords(loaded.definition)}</p>
              <MemberList environment={environment} segmentID={segmentID} />
            </>
          )
        }
      </LoadState>
    </AdminScreen>
  );
}

/** ", last saved Dec 4, 2026, 5:00 PM by @ann": when the segment as the server has it was saved, and by whom. */
function LastSaved({ segment }: { segment: Segment }) {
  return (
    <>
      , last saved <time dateTime={segment.updatedAt}>{formatInstant(segment.updatedAt)}</time> by{' '}
      {segment.updatedBy ? <PersonLink person={segment.updatedBy} withEmail={false} /> : 'Outpost'}
    </>
  );
}

/** Deletes the segment after asking (in production the question says so); the server refuses one in use. */
function DeleteSegment({ environment, segment }: { environment: Environment; segment: Segment }) {
  const change = useChangeSegment(environment);
  const navigate = useNavigate();
  return (
    <DeleteSection
      environment={environment}
      heading="Delete this segment"
      description={<p>Only a segment nothing uses can go: the server says what still uses it.</p>}
      confirmTitle={`Delete the segment “${segment.name}”?`}
      confirmMessage={
        <p>
          This removes the segment {segment.segmentID} from {environment}. Nothing that names it can use it afterwards.
        </p>
      }
      confirmLabel="Delete segment"
      onDelete={() => change.mutateAsync({ kind: 'delete', segmentID: segment.segmentID })}
      onDeleted={() => navigate(SEGMENTS_PATHS.admin, { replace: true })}
    />
  );
}
