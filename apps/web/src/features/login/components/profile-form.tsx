import { type FormEvent, useEffect, useState } from 'react';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { signOutAndRefresh } from '../../../lib/session';
import { prepareRegister, useRegister } from '../api/register';
import { functionFailureMessage } from '../failure-message';
import { checkDisplayName, validate } from '../validation';
import { DisplayNameField } from './credential-fields';
import { FormHeading } from './form-heading';
import styles from './forms.module.css';
import { SwitchLink } from './switch-link';

/** Why the profile of a just-created account was not made. */
export interface RegisterFailure {
  email: string;
  displayName: string;
  message: string;
}

/**
 * For a signed-in account without a profile (register failed, or the page closed in between):
 * it picks a display name. Without a profile the bar shows no LOGOUT, so this form offers it.
 */
export function ProfileForm({ email, failure }: { email: string; failure: RegisterFailure | null }) {
  // A failure of another account (signed out and in again since) is not this one's.
  const own = failure?.email === email.toLowerCase() ? failure : null;
  const [displayName, setDisplayName] = useState(own?.displayName ?? '');
  const [notice, setNotice] = useState<FormNotice | null>(own ? { tone: 'error', text: own.message } : null);
  const { formRef, errors, show } = useFieldErrors<'displayName'>();
  const register = useRegister();

  useEffect(prepareRegister, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    const checked = validate({ displayName: checkDisplayName(displayName) });
    show(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setNotice(null);
    register.mutate(
      { email, displayName: checked.values.displayName },
      { onError: (error) => setNotice({ tone: 'error', text: functionFailureMessage(error) }) },
    );
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <FormHeading focusOnMount={own !== null}>Choose your display name</FormHeading>
      <p className={styles.intro}>
        Your account <strong>{email}</strong> is ready. Pick the name other players will see to finish signing up.
      </p>
      <DisplayNameField value={displayName} onChange={setDisplayName} error={errors.displayName} />
      <FormAlert notice={notice} />
      <button type="submit" className={`button ${styles.submit}`} disabled={register.isPending}>
        {register.isPending ? 'Saving…' : 'Save display name'}
      </button>
      <p className={styles.aside}>
        <SwitchLink onClick={() => void signOutAndRefresh()}>Use another account (log out)</SwitchLink>
      </p>
    </form>
  );
}
