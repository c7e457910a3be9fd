import {
  LIGHTING_RANGES,
  type LightingPresetInput,
  type LightingValue,
  lightingPresetInputSchema,
  PRESET_NAME_MAX_LENGTH,
} from '@outpost/contracts/lighting';
import { type FormEvent, useEffect, useState } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import { failureNotice } from '../../../../components/form/failure-notice';
import { useFieldDescription } from '../../../../components/form/field-description';
import { checkFields } from '../../../../components/form/field-errors';
import formStyles from '../../../../components/form/form.module.css';
import { FormAlert, type FormNotice } from '../../../../components/form/form-alert';
import { FormField } from '../../../../components/form/form-field';
import { useFieldErrors } from '../../../../components/form/use-field-errors';
import styles from '../lighting.module.css';
import { LIGHTING_VALUES } from '../lighting-text';

interface RangeFieldProps {
  label: string;
  value: number;
  valueKey: LightingValue;
  text: (value: number) => string;
  error: string | undefined;
  onChange: (value: number) => void;
}

/** A labelled slider with its value shown beside the label and read out as text (18:30, 35%). */
function RangeField({ label, value, valueKey, text, error, onChange }: RangeFieldProps) {
  const field = useFieldDescription(undefined, error);
  const { min, max, step } = LIGHTING_RANGES[valueKey];
  return (
    <div className={formStyles.field}>
      <div className={styles.rangeLabel}>
        <label htmlFor={field.id}>{label}</label>
        <output htmlFor={field.id} aria-hidden="true">
          {text(value)}
        </output>
      </div>
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={text(value)}
        onChange={(event) => onChange(Number(event.target.value))}
        className={styles.range}
        {...field.controlProps}
      />
      {field.messages}
    </div>
  );
}

function TintField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const field = useFieldDescription(undefined, error);
  return (
    <div className={formStyles.field}>
      <label htmlFor={field.id}>Tint</label>
      <input
        type="color"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={styles.colour}
        {...field.controlProps}
      />
      {field.messages}
    </div>
  );
}

export interface PresetFormProps {
  /** Names the form for assistive technology ("New preset", "Edit Golden hour"). */
  label: string;
  initial: LightingPresetInput;
  submitLabel: string;
  /** Saves the checked preset; a refusal is shown in the form with the server's message. */
  onSave: (input: LightingPresetInput) => Promise<unknown>;
  /** Text shown after a save when the form stays (a new preset's form starts again empty). */
  savedText?: string;
  /** Editing in place: the form takes the focus from the Edit button it replaces. */
  onCancel?: () => void;
}

/**
 * A lighting preset's fields: its name, the four lighting values as sliders, the tint as a colour
 * and whether it is public. Checked with the contracts' schema before anything is sent.
 */
export function PresetForm({ label, initial, submitLabel, onSave, savedText, onCancel }: PresetFormProps) {
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const { formRef, errors, show } = useFieldErrors();
  const editing = onCancel !== undefined;
  useEffect(() => {
    if (editing) formRef.current?.querySelector('input')?.focus();
  }, [editing, formRef]);
  const setSetting = <Key extends keyof LightingPresetInput['settings']>(
    key: Key,
    value: LightingPresetInput['settings'][Key],
  ) => setValues((current) => ({ ...current, settings: { ...current.settings, [key]: value } }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const checked = checkFields(lightingPresetInputSchema, values);
    if (!checked.ok) {
      show(checked.errors);
      return;
    }
    show({});
    setNotice(null);
    setSaving(true);
    try {
      await onSave(checked.value);
      if (savedText) {
        setValues(initial);
        setNotice({ tone: 'ok', text: savedText });
      }
    } catch (error) {
      setNotice(failureNotice(error, 'The preset could not be saved. Check your connection and try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form ref={formRef} className={styles.form} aria-label={label} onSubmit={submit} noValidate>
      <FormField
        label="Name"
        value={values.name}
        maxLength={PRESET_NAME_MAX_LENGTH}
        autoComplete="off"
        error={errors.name}
        onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))}
      />
      {LIGHTING_VALUES.map(({ key, label: valueLabel, text }) => (
        <RangeField
          key={key}
          label={valueLabel}
          valueKey={key}
          value={values.settings[key]}
          text={text}
          error={errors[`settings.${key}`]}
          onChange={(value) => setSetting(key, value)}
        />
      ))}
      <TintField
        value={values.settings.tint}
        error={errors['settings.tint']}
        onChange={(value) => setSetting('tint', value)}
      />
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={values.public}
          onChange={(event) => setValues((current) => ({ ...current, public: event.target.checked }))}
        />
        Public: share it with everyone
      </label>
      <div className={styles.actions}>
        <button type="submit" className="button" aria-disabled={saving || undefined}>
          {saving ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className={listStyles.plainButton} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      <FormAlert notice={notice} />
    </form>
  );
}
