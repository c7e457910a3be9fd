import { type AdminInvite, type AdminInviteRow, INVITE_MAX_VALID_DAYS } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { personName } from '@outpost/contracts/people';
import { invitePath } from '@outpost/contracts/routes';
import { useState } from 'react';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import { type AdminListFilter, yesNoFilter } from '../../../components/admin-list/list-view';
import { refusalText, refusedFields } from '../../../components/form/field-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { ShareLink } from '../../../components/share-link/share-link';
import { shareUrl } from '../../../components/share-link/share-url';
import { useAdminAccessContext } from '../admin-access-context';
import { AdminFormFrame } from '../components/admin-form-frame';
import adminStyles from '../components/admin-screen.module.css';
import { FormSheet } from '../components/form-sheet';
import { formatInstant } from '../components/local-time';
import { NewRecordButton } from '../components/new-record-button';
import { PersonLink } from '../components/person-link';
import { useGuardedSave } from '../components/use-guarded-save';
import { useCreateInvite } from './api/create-invite';
import { getInvites } from './api/get-invites';
import { betaAdminQueryKey } from './api/query-keys';
import styles from './beta.module.css';
import { checkNewInvite, type InviteDraft, newInviteDraft } from './beta-form';
import { BetaScreen } from './components/beta-screen';
import { StaffOnlyNotice } from './components/staff-only-notice';

const column = adminColumnHelper<AdminInviteRow>();
const columns = column.columns([
  column.accessor('inviteID', { header: 'Code', meta: { nowrap: true } }),
  column.accessor((invite) => (invite.sourcePerson ? personName(invite.sourcePerson) : 'Admin'), {
    id: 'source',
    header: 'Source',
    meta: { priority: 2 },
    cell: (cell) => {
      const { sourcePerson } = cell.row.original;
      return sourcePerson ? <PersonLink person={sourcePerson} withEmail={false} /> : 'Admin';
    },
  }),
  column.accessor('claimed', {
    header: 'Claimed',
    meta: { priority: 2 },
    cell: (cell) => (cell.getValue() ? 'Yes' : 'No'),
  }),
  column.accessor((invite) => invite.claimedByPeople.map(personName).join(', '), {
    id: 'claimedBy',
    header: 'Claimed by',
    cell: (cell) => <ClaimedBy people={cell.row.original.claimedByPeople} />,
  }),
  column.accessor('expiration', {
    header: 'Expires',
    meta: { priority: 2, nowrap: true },
    cell: (cell) => formatInstant(cell.getValue()),
  }),
  column.accessor('created', {
    header: 'Created',
    meta: { priority: 2, nowrap: true },
    sortDescFirst: true,
    cell: (cell) => formatInstant(cell.getValue()),
  }),
]);
// The server's sort keys (inviteListQuerySchema): newest first by default.
const sortable = ['created', 'expiration'] as const;

const filters: readonly AdminListFilter[] = [
  {
    kind: 'select',
    param: 'source',
    label: 'Source',
    allLabel: 'Admins’ and players’',
    options: [
      { value: 'admin', label: 'Admin invites' },
      { value: 'player', label: 'Players’ invites' },
    ],
  },
  yesNoFilter('claimed', 'Claimed', { yes: 'Claimed', no: 'Not claimed', both: 'Claimed or not' }),
];

/**
 * The invites of the selected environment, admins' and players'; staff create admin invites with
 * the button above the list, in a form that stays open to share each new invite's link.
 */
export default function BetaInviteList() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <BetaScreen
      id="beta-invite-list-title"
      title="Invites"
      lead={`Invite codes of ${environment}. An admin invite lets in everyone who claims it until it expires; a player’s lets in one friend.`}
    >
      {capabilities.manageBeta ? (
        <>
          <NewInvite key={environment} environment={environment} />
          <LiveUpdates topics={['beta-invites']} environment={environment} />
          <AdminList
            label="Invites"
            columns={columns}
            sortable={sortable}
            filters={filters}
            queryKey={betaAdminQueryKey(environment, 'invites')}
            fetchPage={(query) => getInvites(environment, query)}
            getRowId={(invite) => invite.inviteID}
            csvFileName={`invites-${environment}`}
            emptyText="No invite matches these filters."
          />
        </>
      ) : (
        <StaffOnlyNotice what="Invites" />
      )}
    </BetaScreen>
  );
}

/** Everyone who claimed an invite, each named and linked; a dash when nobody has. */
function ClaimedBy({ people }: { people: AdminInviteRow['claimedByPeople'] }) {
  if (people.length === 0) return '—';
  return (
    <ul className={styles.people}>
      {people.map((person) => (
        <li key={person.userID}>
          <PersonLink person={person} withEmail={false} />
        </li>
      ))}
    </ul>
  );
}

/** The "+ New admin invite" button and the form it opens over the list. */
function NewInvite({ environment }: { environment: Environment }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={adminStyles.toolbar}>
      <NewRecordButton label="New admin invite" onClick={() => setOpen(true)} />
      {open && (
        <FormSheet label="New admin invite" onClose={() => setOpen(false)}>
          <NewInviteForm environment={environment} />
        </FormSheet>
      )}
    </div>
  );
}

function NewInviteForm({ environment }: { environment: Environment }) {
  const [draft, setDraft] = useState<InviteDraft>(newInviteDraft);
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const [created, setCreated] = useState<AdminInvite | null>(null);
  const create = useCreateInvite(environment);
  const guard = useGuardedSave(environment);
  const set = (field: keyof InviteDraft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  const submit = () => {
    const checked = checkNewInvite(draft);
    if (!checked.ok) return refuse(checked.message, checked.fields);
    const input = checked.value;
    void guard.run(
      () => ({
        message: <p>This creates an invite that lets anyone with its link into the production beta.</p>,
        confirmLabel: 'Create in production',
      }),
      (done) => {
        report(null);
        create.mutate(input, {
          onSuccess: (invite) => {
            setCreated(invite);
            setDraft(newInviteDraft());
            report({ tone: 'ok', text: `Invite ${invite.inviteID} created.` });
          },
          // A taken code (409) or a refused field names it: it is marked and takes the focus.
          onError: (error) => refuse(`The invite was not created. ${refusalText(error)}`, refusedFields(error)),
          onSettled: done,
        });
      },
    );
  };

  return (
    <AdminFormFrame
      title="New admin invite"
      headingLevel={2}
      arrivedByAction
      pending={create.isPending}
      busy={guard.busy}
      onSubmit={submit}
      formRef={formRef}
    >
      <FormField
        label="Code (optional)"
        hint="Lower-case letters, digits and '-'; a random code when left empty."
        autoCapitalize="none"
        spellCheck={false}
        value={draft.inviteID}
        error={errors.inviteID}
        onChange={set('inviteID')}
      />
      <FormField
        label="Valid for (days)"
        inputMode="numeric"
        hint={`From 1 to ${INVITE_MAX_VALID_DAYS} days.`}
        value={draft.validDays}
        error={errors.validDays}
        onChange={set('validDays')}
      />
      <FormAlert notice={notice} ref={alertRef} />
      {created && (
        <div className={styles.made}>
          <ShareLink
            label={`Share link of ${created.inviteID}`}
            hint={`Valid until ${formatInstant(created.expiration)}.`}
            url={shareUrl(invitePath(created.inviteID))}
          />
        </div>
      )}
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={create.isPending}>
          Create invite
        </button>
      </div>
      {guard.dialog}
    </AdminFormFrame>
  );
}
