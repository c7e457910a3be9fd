import { type FormEvent, useEffect, useState } from 'react';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { prepareRegister, useRegister } from '../api/register';
import { useSignUp } from '../api/sign-up';
import { authFailureMessage, functionFailureMessage } from '../failure-message';
import { checkDisplayName, checkEmail, checkNewPassword, validate } from '../validation';
import { DisplayNameField, EmailField, PasswordField } from './credential-fields';
import { FormHeading } from './form-heading';
import styles from './forms.module.css';
import type { PanelProps } from './login-form';
import type { RegisterFailure } from './profile-form';
import { SwitchLink } from './switch-link';

/**
 * Creates the account, then its profile (register). When register fails (a taken name) the
 * account exists without a profile: `onRegisterFailed` hands the message over and the screen
 * shows the form to pick another name.
 */
export function SignupForm({
  focusHeading,
  onSwitch,
  onRegisterFailed,
}: PanelProps & { onRegisterFailed: (failure: RegisterFailure) => void }) {
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<FormNotice | null>(null);
  const { formRef, errors, show } = useFieldErrors<'displayName' | 'email' | 'password'>();
  const signUp = useSignUp();
  const register = useRegister({
    onError: (error, input) =>
      onRegisterFailed({ email: input.email, displayName: input.displayName, message: functionFailureMessage(error) }),
  });
  const pending = signUp.isPending || register.isPending;

  useEffect(prepareRegister, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const checked = validate({
      displayName: checkDisplayName(displayName),
      email: checkEmail(email),
      password: checkNewPassword(password),
    });
    show(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setFailure(null);
    const { displayName: name, email: address, password: secret } = checked.values;
    try {
      await signUp.mutateAsync({ email: address, password: secret, name });
    } catch (error) {
      setFailure({ tone: 'error', text: authFailureMessage(error) });
      return;
    }
    register.mutate({ email: address, displayName: name });
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <FormHeading focusOnMount={focusHeading}>Join the outpost</FormHeading>
      <DisplayNameField value={displayName} onChange={setDisplayName} error={errors.displayName} />
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <PasswordField purpose="new" value={password} onChange={setPassword} error={errors.password} />
      <FormAlert notice={failure} />
      <button type="submit" className={`button ${styles.submit}`} disabled={pending}>
        {pending ? 'Creating account…' : 'Create account'}
      </button>
      <p className={styles.aside}>
        <SwitchLink onClick={() => onSwitch('login')}>Already have an account? Log in</SwitchLink>
      </p>
    </form>
  );
}
