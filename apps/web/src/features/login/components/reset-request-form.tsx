import { type FormEvent, useState } from 'react';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { authFailureMessage } from '../failure-message';
import { checkEmail, validate } from '../validation';
import { EmailField } from './credential-fields';
import { FormHeading } from './form-heading';
import styles from './forms.module.css';
import type { PanelProps } from './login-form';
import { SwitchLink } from './switch-link';

/** The same answer whether or not an account uses the address, so the form does not reveal accounts. */
export const RESET_REQUESTED = 'If an account uses that address, a reset link is on its way.';

export function ResetRequestForm({ focusHeading, onSwitch }: PanelProps) {
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const { formRef, errors, show } = useFieldErrors<'email'>();
  const request = useRequestPasswordReset();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const checked = validate({ email: checkEmail(email) });
    show(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setNotice(null);
    request.mutate(checked.values.email, {
      onSuccess: () => setNotice({ tone: 'ok', text: RESET_REQUESTED }),
      onError: (error) => setNotice({ tone: 'error', text: authFailureMessage(error) }),
    });
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <FormHeading focusOnMount={focusHeading}>Reset your password</FormHeading>
      <p className={styles.intro}>
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <FormAlert notice={notice} />
      <button type="submit" className={`button ${styles.submit}`} disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send me a reset link'}
      </button>
      <p className={styles.aside}>
        <SwitchLink onClick={() => onSwitch('login')}>Remembered it? Log in</SwitchLink>
      </p>
    </form>
  );
}
