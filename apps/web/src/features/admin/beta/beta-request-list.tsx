import { BETA_REQUEST_STATUS, type BetaRequest, betaRequestAnswers, type SharedInvite } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { invitePath } from '@outpost/contracts/routes';
import { useState } from 'react';
import { AdminList } from '../../../components/admin-list/admin-list';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { FormAlert } from '../../../components/form/form-alert';
import { useFocusedNotice } from '../../../components/form/use-focused-notice';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { ShareLink } from '../../../components/share-link/share-link';
import { shareUrl } from '../../../components/share-link/share-url';
import { useAdminAccessContext } from '../admin-access-context';
import { formatInstant } from '../components/local-time';
import { PersonLink } from '../components/person-link';
import { useGuardedSave } from '../components/use-guarded-save';
import { useAcceptBetaRequest } from './api/accept-beta-request';
import { getBetaRequests } from './api/get-beta-requests';
import { betaAdminQueryKey } from './api/query-keys';
import styles from './beta.module.css';
import { answersText, requestStatusLabel } from './beta-text';
import { BetaScreen } from './components/beta-screen';
import { StaffOnlyNotice } from './components/staff-only-notice';

const column = adminColumnHelper<BetaRequest>();
const columns = column.columns([
  column.accessor('displayName', {
    header: 'Player',
    // The request keeps the player's name and email as they asked; the link leads to their page.
    cell: (cell) => {
      const { userID, displayName, email } = cell.row.original;
      return <PersonLink person={{ userID, displayName, email }} withEmail={false} />;
    },
  }),
  column.accessor('email', { header: 'Email', meta: { priority: 2 } }),
  column.accessor('timestamp', {
    header: 'Requested',
    meta: { priority: 2, nowrap: true },
    sortDescFirst: true,
    cell: (cell) => formatInstant(cell.getValue()),
  }),
  column.accessor((request) => answersText(request.data), {
    id: 'data',
    header: 'Answers',
    cell: (cell) => <RequestAnswers data={cell.row.original.data} />,
  }),
  column.accessor('inviteCode', {
    header: 'Came with invite',
    meta: { priority: 2, nowrap: true },
    cell: (cell) => cell.getValue() ?? '—',
  }),
  column.accessor('status', {
    header: 'Status',
    meta: { nowrap: true },
    cell: (cell) => requestStatusLabel(cell.getValue()),
  }),
]);
// The server's sort keys (betaRequestListQuerySchema): newest first by default.
const sortable = ['timestamp', 'displayName', 'status'] as const;

const filters: readonly AdminListFilter[] = [
  {
    kind: 'select',
    param: 'status',
    label: 'Status',
    allLabel: 'Every status',
    options: [
      { value: String(BETA_REQUEST_STATUS.requested), label: 'Requested (waiting)' },
      { value: String(BETA_REQUEST_STATUS.accepted), label: 'Accepted' },
    ],
  },
  { kind: 'text', param: 'q', label: 'Search', hint: 'Part of an email address or display name.' },
];

/** The beta requests of the selected environment, newest first; staff accept them here. */
export default function BetaRequestList() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <BetaScreen
      id="beta-request-list-title"
      title="Beta requests"
      lead={`Players of ${environment} asking to join the beta. Accepting one gives the player their invites to share.`}
    >
      {capabilities.manageBeta ? (
        <RequestList key={environment} environment={environment} />
      ) : (
        <StaffOnlyNotice what="Beta requests" />
      )}
    </BetaScreen>
  );
}

interface Accepted {
  displayName: string;
  invites: SharedInvite[];
}

function RequestList({ environment }: { environment: Environment }) {
  const accept = useAcceptBetaRequest(environment);
  const guard = useGuardedSave(environment);
  const { notice, setNotice, announce, alertRef } = useFocusedNotice();
  const [accepted, setAccepted] = useState<Accepted | null>(null);

  const acceptRequest = (request: BetaRequest) =>
    guard.run(
      () => ({
        message: (
          <p>
            This lets {request.displayName} ({request.email}) into the production beta and gives them{' '}
            {request.maxInvites} invites to share.
          </p>
        ),
        confirmLabel: 'Accept in production',
      }),
      (done) => {
        setNotice(null);
        accept.mutate(request.userID, {
          onSuccess: (answer) => {
            setAccepted({ displayName: answer.request.displayName, invites: answer.invites });
            // The Accept pressed leaves its row: the focus goes to the outcome, not to the page's start.
            announce({
              tone: 'ok',
              text: `${answer.request.displayName} is in the beta, with ${answer.invites.length} invites to share.`,
            });
          },
          onError: (error) => setNotice({ tone: 'error', text: `The request was not accepted. ${error.message}` }),
          onSettled: done,
        });
      },
    );

  return (
    <>
      <LiveUpdates topics={['beta-requests']} environment={environment} />
      <FormAlert ref={alertRef} notice={notice} />
      {accepted && <AcceptedInvites accepted={accepted} />}
      <AdminList
        label="Beta requests"
        hideCaption
        columns={columns}
        sortable={sortable}
        filters={filters}
        queryKey={betaAdminQueryKey(environment, 'requests')}
        fetchPage={(query) => getBetaRequests(environment, query)}
        getRowId={(request) => request.userID}
        csvFileName={`beta-requests-${environment}`}
        emptyText="No beta request matches these filters."
        rowAction={{
          header: 'Decision',
          cell: (request) =>
            request.status === BETA_REQUEST_STATUS.requested ? (
              <button
                type="button"
                className={listStyles.plainButton}
                aria-label={`Accept ${request.displayName}`}
                aria-disabled={accept.isPending}
                onClick={() => void acceptRequest(request)}
              >
                Accept
              </button>
            ) : (
              `Accepted ${request.acceptedAt ? formatInstant(request.acceptedAt) : ''}`.trim()
            ),
        }}
      />
      {guard.dialog}
    </>
  );
}

/** A request's answers as labelled fields in words (Platform: Android), in the order the player gave them. */
function RequestAnswers({ data }: { data: BetaRequest['data'] }) {
  const answers = betaRequestAnswers(data);
  if (answers.length === 0) return 'None';
  return (
    <dl className={styles.answers}>
      {answers.map(({ name, label, value }) => (
        <div key={name}>
          <dt>{label}:</dt> <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The invites the acceptance just created, with the links the player shares. */
function AcceptedInvites({ accepted }: { accepted: Accepted }) {
  const title = `Invites of ${accepted.displayName}`;
  return (
    <section aria-label={title} className={styles.made}>
      <h2>{title}</h2>
      <p>The player sees these on their account page; each lets one friend in.</p>
      <ul>
        {accepted.invites.map((invite) => (
          <li key={invite.inviteID}>
            <ShareLink
              label={`Share link of ${invite.inviteID}`}
              hint={`Expires ${formatInstant(invite.expiration)}.`}
              url={shareUrl(invitePath(invite.inviteID))}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
