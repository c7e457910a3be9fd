import type { Environment } from '@outpost/contracts/environments';
import type { FormEvent, ReactNode, RefObject } from 'react';
import type { FieldErrors } from '../../../components/form/field-errors';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import styles from './admin-screen.module.css';
import type { Checked } from './form-check';
import { ReadOnlyNotice } from './read-only-notice';
import { serverRefusal } from './server-refusal';
import { useGuardedSave } from './use-guarded-save';

/** The mutation that stores a settings document (TanStack's), answering what was stored. */
interface SettingsMutation<Settings, Stored> {
  mutate: (
    settings: Settings,
    options: { onSuccess: (stored: Stored) => void; onError: (error: Error) => void; onSettled: () => void },
  ) => void;
  isPending: boolean;
}

interface SettingsFormOptions<Settings, Stored> {
  environment: Environment;
  /** What a role that may only view the settings reads above them (the fields disabled, no save); null for one that may change them. */
  readOnly: string | null;
  mutation: SettingsMutation<Settings, Stored>;
  /** What saving these settings changes in production, for the confirmation asked there. */
  confirmation: (settings: Settings) => string;
  /** What the alert says once the settings are saved. */
  saved: string;
  /** "The beta settings were not saved.": what the alert says, before the server's reason, when a save is refused. */
  notSaved: string;
  /** Takes what was stored, for the form to start again from it; without it the form keeps what was typed. */
  onSaved?: (stored: Stored) => void;
}

/** What SettingsForm draws from useSettingsForm. */
interface SettingsFrame {
  readOnly: string | null;
  notice: FormNotice | null;
  formRef: RefObject<HTMLFormElement | null>;
  alertRef: RefObject<HTMLDivElement | null>;
  /** Whether a save is on its way: the form is busy for assistive technology, the save button disabled. */
  pending: boolean;
  /** The production confirmation (useGuardedSave's). */
  dialog: ReactNode;
}

/**
 * A settings screen's form (a config document of one environment: beta, merch, partners, the shop's
 * opening date, the premium plans): `save` shows the form's own check's refusal, or sends the
 * settings one save at a time through useGuardedSave, so production asks first; the outcome goes to
 * the form's alert, and a refusal marks the fields it names (the check's, or the server's).
 */
export function useSettingsForm<Settings, Stored>(
  options: SettingsFormOptions<Settings, Stored>,
): { errors: FieldErrors; save: (checked: Checked<Settings>) => Promise<void>; frame: SettingsFrame } {
  const { environment, readOnly, mutation, confirmation, saved, notSaved, onSaved } = options;
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const guard = useGuardedSave(environment);

  const save = async (checked: Checked<Settings>) => {
    if (guard.busy() || readOnly !== null) return;
    if (!checked.ok) return refuse(checked.message, checked.fields);
    const settings = checked.value;
    await guard.run(
      () => ({ message: <p>{confirmation(settings)}</p>, confirmLabel: 'Save to production' }),
      (done) => {
        report(null);
        mutation.mutate(settings, {
          onSuccess: (stored) => {
            onSaved?.(stored);
            report({ tone: 'ok', text: saved });
          },
          onError: (error) => refuse(...serverRefusal(error, (text) => `${notSaved} ${text}`)),
          onSettled: done,
        });
      },
    );
  };

  // `errors`: the fields at fault, each with its message; `save` takes the form's check of what was typed.
  return {
    errors,
    save,
    frame: { readOnly, notice, formRef, alertRef, pending: mutation.isPending, dialog: guard.dialog },
  };
}

interface SettingsFormProps {
  /** useSettingsForm's `frame`. */
  form: SettingsFrame;
  /** The form's accessible name, where the screen gives it one. */
  label?: string;
  /** The save button's words ("Save beta settings"). */
  submitLabel: string;
  /** Checks what was typed and saves it (useSettingsForm's `save`). */
  onSubmit: () => void;
  /** More buttons after the save button, for a role that may change the settings. */
  actions?: ReactNode;
  /** The settings' fields, disabled for a role that may only view them. */
  children: ReactNode;
}

/** A settings form: the fields, the outcome in the alert region, and the save (none for a role that may only view). */
export function SettingsForm({ form, label, submitLabel, onSubmit, actions, children }: SettingsFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form
      ref={form.formRef}
      className={`${styles.form} ${styles.spaced}`}
      onSubmit={submit}
      noValidate
      aria-busy={form.pending}
      aria-label={label}
    >
      {form.readOnly !== null && <ReadOnlyNotice>{form.readOnly}</ReadOnlyNotice>}
      <fieldset className={styles.plain} disabled={form.readOnly !== null}>
        {children}
      </fieldset>
      <FormAlert notice={form.notice} ref={form.alertRef} />
      {form.readOnly === null && (
        <div className={styles.submitRow}>
          <button type="submit" className={`button ${styles.submit}`} disabled={form.pending}>
            {submitLabel}
          </button>
          {actions}
        </div>
      )}
      {form.dialog}
    </form>
  );
}
