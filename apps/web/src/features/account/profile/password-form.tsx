import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@outpost/contracts/identity';
import { type FormEvent, useState } from 'react';
import { failureNotice } from '../../../components/form/failure-notice';
import type { FieldErrors } from '../../../components/form/field-errors';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useDraft } from '../../../components/form/use-draft';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { errorCode } from '../../../lib/api';
import styles from '../account.module.css';
import { useChangePassword } from '../api/change-password';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Draft = Record<Field, string>;

const EMPTY: Draft = { currentPassword: '', newPassword: '', confirmPassword: '' };
const PASSWORD_RULE = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;
const WRONG_CURRENT_PASSWORD = 'Your current password is not right, so nothing was changed. Try again.';

function check(draft: Draft): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (!draft.currentPassword) errors.currentPassword = 'Enter your current password.';
  if (draft.newPassword.length < PASSWORD_MIN_LENGTH || draft.newPassword.length > PASSWORD_MAX_LENGTH) {
    errors.newPassword = PASSWORD_RULE;
  } else if (draft.newPassword === draft.currentPassword) {
    errors.newPassword = 'The new password must differ from the current one.';
  }
  if (draft.confirmPassword !== draft.newPassword) errors.confirmPassword = 'The two new passwords do not match.';
  return errors;
}

/**
 * The password change: the current password proves it is the player (the auth library checks it),
 * and other devices are signed out unless the player unticks it, so a leaked password stops working
 * everywhere.
 */
export function PasswordForm() {
  const { formRef, errors, show } = useFieldErrors<Field>();
  const { draft, setDraft, field } = useDraft<Draft>(() => EMPTY, errors);
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const change = useChangePassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const problems = check(draft);
    setNotice(null);
    show(problems);
    if (Object.keys(problems).length > 0) return;
    change.mutate(
      { currentPassword: draft.currentPassword, newPassword: draft.newPassword, revokeOtherSessions: signOutOthers },
      {
        onSuccess: () => {
          setDraft(EMPTY);
          setNotice({
            tone: 'ok',
            text: signOutOthers
              ? 'Your password is changed, and your other devices are signed out.'
              : 'Your password is changed.',
          });
        },
        onError: (error) => {
          const code = errorCode(error);
          if (code === 'wrong-password') {
            setNotice({ tone: 'error', text: WRONG_CURRENT_PASSWORD });
            show({ currentPassword: 'This is not your current password.' });
          } else if (code === 'weak-password') {
            show({ newPassword: PASSWORD_RULE });
          } else {
            setNotice(failureNotice(error, 'Your password could not be changed.'));
          }
        },
      },
    );
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-label="Change password">
      <fieldset className={styles.fieldset}>
        <legend>Change password</legend>
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_RULE}
          {...field('newPassword')}
        />
        <FormField
          label="New password again"
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <label className={`${styles.check} ${styles.wide}`}>
          <input type="checkbox" checked={signOutOthers} onChange={(event) => setSignOutOthers(event.target.checked)} />
          Sign out my other devices
        </label>
      </fieldset>
      <FormAlert notice={notice} />
      <button type="submit" className={`button ${styles.submit}`} disabled={change.isPending}>
        {change.isPending ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}
