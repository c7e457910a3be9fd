import { type FormEvent, useState } from 'react';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { useResetPassword } from '../api/reset-password';
import { authFailureMessage, isInvalidResetLink } from '../failure-message';
import { checkNewPassword, validate } from '../validation';
import { PasswordField } from './credential-fields';
import { FormHeading } from './form-heading';
import styles from './forms.module.css';
import type { PanelProps } from './login-form';
import { SwitchLink } from './switch-link';

export const PASSWORD_CHANGED = 'Your password has been changed. Log in with your new password.';

/** Opened from the emailed link (`?mode=reset&token=…`): chooses the new password. */
export function ResetPasswordForm({
  token,
  focusHeading,
  onSwitch,
  onDone,
}: PanelProps & { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<FormNotice | null>(null);
  const [linkExpired, setLinkExpired] = useState(false);
  const { formRef, errors, show } = useFieldErrors<'password'>();
  const reset = useResetPassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const checked = validate({ password: checkNewPassword(password) });
    show(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setFailure(null);
    reset.mutate(
      { token, newPassword: checked.values.password },
      {
        onSuccess: onDone,
        onError: (error) => {
          setFailure({ tone: 'error', text: authFailureMessage(error) });
          setLinkExpired(isInvalidResetLink(error));
        },
      },
    );
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <FormHeading focusOnMount={focusHeading}>Choose a new password</FormHeading>
      <PasswordField purpose="reset" value={password} onChange={setPassword} error={errors.password} />
      <FormAlert notice={failure} />
      {linkExpired && <p className={styles.intro}>Reset links work once and for one hour.</p>}
      <button type="submit" className={`button ${styles.submit}`} disabled={reset.isPending}>
        {reset.isPending ? 'Saving…' : 'Save new password'}
      </button>
      <p className={styles.aside}>
        <SwitchLink onClick={() => onSwitch('reset')}>Send me a new reset link</SwitchLink>
        <SwitchLink onClick={() => onSwitch('login')}>Back to log in</SwitchLink>
      </p>
    </form>
  );
}
