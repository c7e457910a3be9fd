import { type FormEvent, useState } from 'react';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { useSignIn } from '../api/sign-in';
import { signInFailureMessage } from '../failure-message';
import type { LoginMode } from '../login-mode';
import { checkEmail, checkPassword, validate } from '../validation';
import { EmailField, PasswordField } from './credential-fields';
import { FormHeading } from './form-heading';
import styles from './forms.module.css';
import { SwitchLink } from './switch-link';

export interface PanelProps {
  focusHeading: boolean;
  onSwitch: (mode: LoginMode) => void;
}

/** Email and password; on success the session refetches and the screen moves on by itself. */
export function LoginForm({ focusHeading, onSwitch, carried }: PanelProps & { carried: FormNotice | null }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<FormNotice | null>(null);
  const { formRef, errors, show } = useFieldErrors<'email' | 'password'>();
  const signIn = useSignIn();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const checked = validate({ email: checkEmail(email), password: checkPassword(password) });
    show(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setFailure(null);
    signIn.mutate(checked.values, {
      onError: (error) => setFailure({ tone: 'error', text: signInFailureMessage(error) }),
    });
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <FormHeading focusOnMount={focusHeading}>Welcome back</FormHeading>
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <PasswordField purpose="current" value={password} onChange={setPassword} error={errors.password} />
      <FormAlert notice={failure ?? carried} />
      <button type="submit" className={`button ${styles.submit}`} disabled={signIn.isPending}>
        {signIn.isPending ? 'Logging in…' : 'Log in'}
      </button>
      <p className={styles.aside}>
        <SwitchLink onClick={() => onSwitch('reset')}>Forgot your password?</SwitchLink>
        <SwitchLink onClick={() => onSwitch('signup')}>New here? Create an account</SwitchLink>
      </p>
    </form>
  );
}
