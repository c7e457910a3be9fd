import { accountDeletionResultSchema } from '@outpost/contracts/account-lifecycle';
import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { failureNotice } from '../../../components/form/failure-notice';
import { FormAlert } from '../../../components/form/form-alert';
import { useFocusedNotice } from '../../../components/form/use-focused-notice';
import { requestJson } from '../../../lib/api';
import { useNavigate } from '../../../lib/router/router';
import { exportFileOf, saveFile } from '../../account/your-data/export-file';
import type { ArrivalNotice } from '../components/arrival-notice';
import { useConfirmDialog } from '../components/confirm-dialog';
import { accountDeletionKey, adminUserApiPath, adminUserQueryKey } from '../moderation/api/get-admin-user';
import type { PlayerToolProps } from './player-tool';
import styles from './players.module.css';

/**
 * The account's tools for staff and admins: the player's data as the file they would download
 * themselves, and the deletion of their account, asked first in every environment (it cannot be undone).
 */
export function AccountTools({ environment, userID, name }: PlayerToolProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const { notice, setNotice, announce, alertRef } = useFocusedNotice();
  const path = adminUserApiPath(environment, userID);
  const download = useMutation({
    mutationFn: () => requestJson(`${path}/data-export`, z.unknown(), { method: 'POST' }),
  });
  const remove = useMutation({
    // Keyed, so the page's reads stop while it is under way and after (useStillThere).
    mutationKey: accountDeletionKey(environment, userID),
    mutationFn: () => requestJson(`${path}/deletion`, accountDeletionResultSchema, { method: 'POST' }),
  });

  const exportData = () => {
    setNotice(null);
    download.mutate(undefined, {
      onSuccess: (answer) => {
        const file = exportFileOf(answer);
        if (!file) {
          announce({ tone: 'error', text: 'The server’s answer was not the player’s data. Try again.' });
          return;
        }
        saveFile(file);
        announce({ tone: 'ok', text: `Downloaded the data of ${name} as ${file.name}.` });
      },
      onError: (error) => announce(failureNotice(error, 'The data was not downloaded. Try again.')),
    });
  };

  const deleteAccount = async () => {
    const confirmed = await confirm({
      title: `Delete the account of ${name}?`,
      message: <p>{name} is signed out everywhere and cannot sign in again; this cannot be undone.</p>,
      items: [
        'What is only theirs is erased, in every environment.',
        'Sales records and the credits ledger stay, under an anonymous id.',
      ],
      confirmLabel: 'Delete the account',
    });
    if (!confirmed) return;
    setNotice(null);
    remove.mutate(undefined, {
      onSuccess: (answer) => {
        // In place of the page: Back leads to where the admin came from, not to a player who is no more.
        navigate(ADMIN_ROUTES.adminUsers, { replace: true, state: { notice: answer.message } satisfies ArrivalNotice });
        // The page is gone with the account: its cache goes too, never asked again (a 404).
        client.removeQueries({ queryKey: adminUserQueryKey(environment, userID) });
      },
      onError: (error) => announce(failureNotice(error, 'The account was not deleted. Try again.')),
    });
  };

  return (
    <section aria-labelledby="player-account-tools" className={styles.section}>
      <h2 id="player-account-tools">Their data and account</h2>
      <div className={styles.actions}>
        <button
          type="button"
          className={listStyles.plainButton}
          aria-disabled={download.isPending}
          onClick={() => !download.isPending && exportData()}
        >
          {download.isPending ? 'Preparing the download…' : 'Download their data'}
        </button>
        <button
          type="button"
          className={listStyles.plainButton}
          aria-disabled={remove.isPending}
          onClick={() => !remove.isPending && void deleteAccount()}
        >
          {remove.isPending ? 'Deleting…' : 'Delete the account'}
        </button>
      </div>
      <FormAlert ref={alertRef} notice={notice} />
      {dialog}
    </section>
  );
}
