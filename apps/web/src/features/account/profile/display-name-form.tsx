import { DISPLAY_NAME_RULE, updateProfileInputSchema } from '@outpost/contracts/identity';
import { type FormEvent, useState } from 'react';
import { failureNotice } from '../../../components/form/failure-notice';
import { checkFields } from '../../../components/form/field-errors';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFollowedDraft } from '../../../components/form/use-draft';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import styles from '../account.module.css';
import { useUpdateProfile } from '../api/update-profile';

/**
 * The display name, checked by register's rule before it is sent; the bar shows the new one once
 * saved. A name saved elsewhere (the screen follows the profile live) shows here while the field is
 * untouched.
 */
export function DisplayNameForm({ displayName }: { displayName: string | null }) {
  const { formRef, errors, show } = useFieldErrors<'displayName'>();
  const { draft: value, setDraft: setValue, startFrom } = useFollowedDraft(displayName, (name) => name ?? '');
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const save = useUpdateProfile();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = checkFields(updateProfileInputSchema, { displayName: value });
    if (!checked.ok) {
      setNotice(null);
      show(checked.errors);
      return;
    }
    show({});
    setNotice(null);
    save.mutate(checked.value, {
      onSuccess: (profile) => {
        startFrom(profile.displayName);
        setNotice({ tone: 'ok', text: `Saved. You are now @${profile.displayName}.` });
      },
      onError: (error) => setNotice(failureNotice(error, 'Your display name could not be saved.')),
    });
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-label="Display name">
      <FormField
        label="Display name"
        name="displayName"
        autoComplete="username"
        hint={DISPLAY_NAME_RULE}
        value={value}
        error={errors.displayName}
        onChange={(event) => setValue(event.target.value)}
      />
      <FormAlert notice={notice} />
      <button type="submit" className={`button ${styles.submit}`} disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save display name'}
      </button>
    </form>
  );
}
