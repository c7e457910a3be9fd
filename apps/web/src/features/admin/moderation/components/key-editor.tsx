import type { Environment } from '@outpost/contracts/environments';
import { PROFILE_KEYS, type ProfileKey } from '@outpost/contracts/permissions';
import type { UserSearchHit } from '@outpost/contracts/user-search';
import { type FormEvent, useId, useState } from 'react';
import { failureNotice } from '../../../../components/form/failure-notice';
import { FormAlert, type FormNotice } from '../../../../components/form/form-alert';
import adminStyles from '../../components/admin-screen.module.css';
import { CheckboxField } from '../../components/checkbox-field';
import { PRODUCTION_TITLE, useConfirmDialog } from '../../components/confirm-dialog';
import { useChangeUserKeys } from '../api/change-user-keys';
import styles from '../moderation.module.css';
import { keyChanges, playerName, profileKeysOf } from '../moderation-text';

interface KeyEditorProps {
  environment: Environment;
  /** A search hit, or a player's page: who the player is and their keys. */
  hit: Pick<UserSearchHit, 'profile' | 'keys'>;
}

/**
 * An admin's change of one player's keys: a checkbox per key of the role table, and Save after
 * confirming what it gives and takes away. The server's refusals (an admin's own admin key, a
 * change by someone else meanwhile) are shown as it words them; the hits then reload.
 */
export function KeyEditor({ environment, hit }: KeyEditorProps) {
  const { userID, displayName } = hit.profile;
  const name = playerName(displayName);
  const [draft, setDraft] = useState<ProfileKey[]>(() => profileKeysOf(hit.keys));
  // The hits reload after each change (and after a refusal): the boxes start again from what is
  // stored, while the outcome's notice stays.
  const stored = hit.keys.join(',');
  const [shown, setShown] = useState(stored);
  if (shown !== stored) {
    setShown(stored);
    setDraft(profileKeysOf(hit.keys));
  }
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const change = useChangeUserKeys(environment, userID);
  const { confirm, dialog } = useConfirmDialog();
  const legend = useId();

  const toggle = (key: ProfileKey, on: boolean) =>
    setDraft((keys) => PROFILE_KEYS.filter((each) => (each === key ? on : keys.includes(each))));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const changes = keyChanges(hit.keys, draft);
    if (changes.length === 0) {
      setNotice({ tone: 'error', text: 'Nothing to save: tick or untick a key first.' });
      return;
    }
    const production = environment === 'production';
    const confirmed = await confirm({
      title: production ? PRODUCTION_TITLE : `Change the keys of ${name}?`,
      message: (
        <p>
          Keys hold in every environment: they decide what {name} may do in the admin area and the partner programme.
        </p>
      ),
      items: changes,
      confirmLabel: 'Save keys',
    });
    if (!confirmed) return;
    setNotice(null);
    change.mutate(draft, {
      onSuccess: (saved) =>
        setNotice({
          tone: 'ok',
          text: `Keys of ${name} saved: ${saved.keys.length > 0 ? saved.keys.join(', ') : 'none'}.`,
        }),
      onError: (error) => {
        setNotice(failureNotice(error, 'The keys were not saved. Try again.'));
        setDraft(profileKeysOf(hit.keys));
      },
    });
  };

  return (
    <form className={styles.keyForm} aria-labelledby={legend} onSubmit={save}>
      <fieldset className={styles.keys} disabled={change.isPending}>
        <legend id={legend}>Keys of {name}</legend>
        {PROFILE_KEYS.map((key) => (
          <CheckboxField
            key={key}
            label={key}
            checked={draft.includes(key)}
            onChange={(checked) => toggle(key, checked)}
          />
        ))}
      </fieldset>
      <div className={adminStyles.submitRow}>
        <button type="submit" className="button" aria-disabled={change.isPending}>
          {change.isPending ? 'Saving…' : 'Save keys'}
        </button>
      </div>
      <FormAlert notice={notice} />
      {dialog}
    </form>
  );
}
