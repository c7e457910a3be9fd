import { type FormEvent, useState } from 'react';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useSignIn } from '../api/sign-in';
import { authFailureMessage } from '../failure-message';
import type { LoginMode } from '../login-mode';
import { checkEmail, checkPassword, validate } from '../validation';
import { FormHeading } from './form-heading';
import styles from './forms.module.css';
import { SwitchLink } from './switch-link';
import { useFieldErrors } from './use-field-errors';

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
      onError: (error) => setFailure({ tone: 'error', text: authFailureMessage(error) }),
    });
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <FormHeading focusOnMount={focusHeading}>Welcome back</FormHeading>
      <FormField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <FormField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
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
