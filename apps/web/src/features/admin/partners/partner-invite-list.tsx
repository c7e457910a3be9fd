import type { Environment } from '@outpost/contracts/environments';
import {
  type AdminPartnerInvite,
  PARTNER_INVITE_BULK_MAX,
  type PartnerInvite,
  type ReferralReward,
} from '@outpost/contracts/partners';
import { personName } from '@outpost/contracts/people';
import { useState } from 'react';
import { AdminList } from '../../../components/admin-list/admin-list';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import { type AdminListFilter, yesNoFilter } from '../../../components/admin-list/list-view';
import {
  RowSelectionProvider,
  SelectionBar,
  selectionColumn,
  useRowSelection,
} from '../../../components/admin-list/row-selection';
import { failureNotice } from '../../../components/form/failure-notice';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { useConfirmDialog } from '../components/confirm-dialog';
import { FormSheet } from '../components/form-sheet';
import { LoadState } from '../components/load-state';
import { formatInstant } from '../components/local-time';
import { NewRecordButton } from '../components/new-record-button';
import { PersonLink } from '../components/person-link';
import { useGuardedSave } from '../components/use-guarded-save';
import {
  getPartnerInvites,
  useDeletePartnerInvite,
  useDeleteUndelivered,
  useMarkDelivered,
} from './api/partner-invites';
import { partnersAdminQueryKey } from './api/query-keys';
import { useRewardChoices } from './api/referral-rewards';
import { InviteForm } from './components/invite-form';
import { PartnersScreen } from './components/partners-screen';
import styles from './partners.module.css';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const column = adminColumnHelper<AdminPartnerInvite>();
const columns = column.columns([
  selectionColumn<AdminPartnerInvite>({
    idOf: (invite) => invite.inviteID,
    rowLabel: (invite) => `Select partner invite ${invite.inviteID}`,
    pageLabel: 'Select all partner invites on this page',
  }),
  column.accessor('inviteID', { header: 'Code', meta: { nowrap: true } }),
  column.accessor('delivered', { header: 'Delivered', cell: (cell) => yesNo(cell.getValue()) }),
  column.accessor('claimed', { header: 'Claimed', cell: (cell) => yesNo(cell.getValue()), meta: { priority: 3 } }),
  column.accessor((invite) => (invite.claimer ? personName(invite.claimer) : ''), {
    id: 'claimedBy',
    header: 'Claimed by',
    cell: (cell) => {
      const { claimer } = cell.row.original;
      return claimer ? <PersonLink person={claimer} withEmail={false} /> : '—';
    },
  }),
  column.accessor((invite) => (invite.joinRewardID ? `${invite.joinRewardID} / ${invite.rewardTierID}` : ''), {
    id: 'joinReward',
    header: 'Join reward',
    meta: { priority: 2 },
    cell: (cell) => cell.getValue() || 'None',
  }),
  column.accessor((invite) => invite.referralRewardID ?? '', {
    id: 'referralRewardID',
    header: 'Referral reward',
    meta: { priority: 3 },
    cell: (cell) => cell.getValue() || 'Default',
  }),
  column.accessor('created', {
    header: 'Created',
    meta: { priority: 2, nowrap: true },
    sortDescFirst: true,
    cell: (cell) => formatInstant(cell.getValue()),
  }),
]);
const sortable = ['created', 'inviteID'] as const;
const filters: readonly AdminListFilter[] = [
  yesNoFilter('delivered', 'Delivered', { yes: 'Delivered', no: 'Not delivered', both: 'Delivered or not' }),
  yesNoFilter('claimed', 'Claimed', { yes: 'Claimed', no: 'Not claimed', both: 'Claimed or not' }),
];

/**
 * Partner invites (docs/product.md §3.7, §4.4): create them, mark them delivered in bulk once their codes are
 * handed out, delete the undelivered in bulk, and edit or delete one.
 */
export default function PartnerInviteList() {
  const { environment } = useAdminAccessContext();
  const rewards = useRewardChoices(environment);
  return (
    <PartnersScreen
      id="partner-invite-list-title"
      title="Partner invites"
      lead={`Codes that make a player a partner in ${environment}. Mark them delivered once handed out; only undelivered ones can be deleted in bulk.`}
    >
      <LoadState query={rewards} what="referral rewards" missing="The referral rewards could not be found.">
        {(loaded) => <Invites key={environment} environment={environment} rewards={loaded.rows} />}
      </LoadState>
    </PartnersScreen>
  );
}

function Invites({ environment, rewards }: { environment: Environment; rewards: readonly ReferralReward[] }) {
  const selection = useRowSelection();
  const [notice, setNotice] = useState<FormNotice | null>(null);
  // The form over the list: a new invite (null) or the one picked; undefined while closed.
  const [editing, setEditing] = useState<PartnerInvite | null | undefined>(undefined);
  const markDelivered = useMarkDelivered(environment);
  const deleteUndelivered = useDeleteUndelivered(environment);
  const deleteOne = useDeletePartnerInvite(environment);
  const { confirm, dialog } = useConfirmDialog();
  const guard = useGuardedSave(environment);
  const chosen = [...selection.selected];
  const tooMany = chosen.length > PARTNER_INVITE_BULK_MAX;
  const idle = chosen.length === 0 || tooMany || markDelivered.isPending || deleteUndelivered.isPending;
  const count = (n: number) => `${n} partner ${n === 1 ? 'invite' : 'invites'}`;
  const where = environment === 'production' ? ' in production' : '';

  const mark = (delivered: boolean) => {
    if (idle) return;
    const outcome = delivered ? 'delivered' : 'not delivered';
    void guard.run(
      () => ({
        message: (
          <p>
            This marks {count(chosen.length)} {outcome} in production.
          </p>
        ),
        confirmLabel: 'Mark in production',
      }),
      (done) => {
        setNotice(null);
        markDelivered.mutate(
          { inviteIDs: chosen, delivered },
          {
            onSuccess: ({ updated }) => {
              selection.clear();
              setNotice({ tone: 'ok', text: `Marked ${count(updated.length)} ${outcome}.` });
            },
            onError: (error) => setNotice(failureNotice(error, 'Nothing was marked. Try again.')),
            onSettled: done,
          },
        );
      },
    );
  };

  const removeUndelivered = async () => {
    if (idle) return;
    const confirmed = await confirm({
      title: `Delete undelivered partner invites${where}?`,
      message: (
        <p>The undelivered ones among these are deleted; delivered ones are kept, as someone holds their code.</p>
      ),
      items: chosen,
      confirmLabel: 'Delete undelivered',
    });
    if (!confirmed) return;
    setNotice(null);
    deleteUndelivered.mutate(chosen, {
      onSuccess: ({ deleted, kept }) => {
        selection.clear();
        setNotice({
          tone: 'ok',
          text: `Deleted ${count(deleted.length)}.${kept.length > 0 ? ` Kept ${kept.join(', ')}: already delivered or claimed.` : ''}`,
        });
      },
      onError: (error) => setNotice(failureNotice(error, 'Nothing was deleted. Try again.')),
    });
  };

  const remove = async (invite: PartnerInvite) => {
    const confirmed = await confirm({
      title: `Delete partner invite ${invite.inviteID}${where}?`,
      message: (
        <p>
          {invite.delivered
            ? 'Its code was delivered: whoever holds it can no longer claim it.'
            : 'It was never delivered.'}
        </p>
      ),
      confirmLabel: 'Delete invite',
    });
    if (!confirmed) return;
    deleteOne.mutate(invite.inviteID, {
      onSuccess: () => {
        selection.set([invite.inviteID], false);
        setNotice({ tone: 'ok', text: `Partner invite ${invite.inviteID} deleted.` });
      },
      onError: (error) => setNotice(failureNotice(error, 'The invite was not deleted. Try again.')),
    });
  };

  const saved = (message: string) => {
    setEditing(undefined);
    setNotice({ tone: 'ok', text: message });
  };

  return (
    <RowSelectionProvider selection={selection}>
      <div className={adminStyles.toolbar}>
        <NewRecordButton label="New partner invite" onClick={() => setEditing(null)} />
      </div>
      {editing !== undefined && (
        <FormSheet
          key={editing?.inviteID ?? 'new'}
          label={editing ? `Edit partner invite ${editing.inviteID}` : 'New partner invite'}
          onClose={() => setEditing(undefined)}
        >
          <InviteForm environment={environment} rewards={rewards} editing={editing} onDone={saved} />
        </FormSheet>
      )}
      <h2>All partner invites</h2>
      <SelectionBar selection={selection} what="partner invites" max={PARTNER_INVITE_BULK_MAX} verb="change">
        <button type="button" className="button" aria-disabled={idle} onClick={() => mark(true)}>
          Mark delivered
        </button>
        <button type="button" className={listStyles.plainButton} aria-disabled={idle} onClick={() => mark(false)}>
          Mark not delivered
        </button>
        <button type="button" className={listStyles.plainButton} aria-disabled={idle} onClick={removeUndelivered}>
          Delete undelivered
        </button>
      </SelectionBar>
      <FormAlert notice={notice} />
      <AdminList
        label="Partner invites"
        hideCaption
        columns={columns}
        sortable={sortable}
        filters={filters}
        queryKey={partnersAdminQueryKey(environment, 'invites')}
        fetchPage={(query) => getPartnerInvites(environment, query)}
        getRowId={(invite) => invite.inviteID}
        csvFileName={`partner-invites-${environment}`}
        emptyText="No partner invite matches these filters."
        rowAction={{
          header: 'Actions',
          cell: (invite) => (
            <span className={styles.rowActions}>
              <button
                type="button"
                className={listStyles.plainButton}
                onClick={() => setEditing(invite)}
                aria-label={`Edit partner invite ${invite.inviteID}`}
              >
                Edit
              </button>
              <button
                type="button"
                className={listStyles.plainButton}
                onClick={() => void remove(invite)}
                aria-label={`Delete partner invite ${invite.inviteID}`}
              >
                Delete
              </button>
            </span>
          ),
        }}
      />
      {dialog}
      {guard.dialog}
    </RowSelectionProvider>
  );
}
