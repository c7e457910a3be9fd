import listStyles from '../../../../components/admin-list/admin-list.module.css';
import type { FieldErrors } from '../../../../components/form/field-errors';
import { FormField } from '../../../../components/form/form-field';
import adminStyles from '../../components/admin-screen.module.css';
import styles from '../beta.module.css';
import { blankOption, type OptionDraft } from '../beta-form';

interface OptionsEditorProps {
  /** The group's legend ("Feedback categories"). */
  legend: string;
  /** One option's name in its fields' labels ("Category"). */
  name: string;
  hint: string;
  options: OptionDraft[];
  /** The form's fields at fault, keyed by their path in beta-config ("categories.1.id"). */
  errors: FieldErrors;
  /** The list's path in beta-config: "categories" or "sentiments". */
  path: string;
  onChange: (options: OptionDraft[]) => void;
}

/** The choices a feedback form offers (beta-config's categories or sentiments): an ID and a label per row. */
export function OptionsEditor({ legend, name, hint, options, errors, path, onChange }: OptionsEditorProps) {
  const update = (key: string, changes: Partial<OptionDraft>) =>
    onChange(options.map((option) => (option.key === key ? { ...option, ...changes } : option)));
  return (
    <fieldset className={adminStyles.group}>
      <legend>{legend}</legend>
      <p className={adminStyles.note}>{hint}</p>
      {options.map((option, index) => (
        <div key={option.key} className={styles.option}>
          <FormField
            label={`${name} ${index + 1} ID`}
            value={option.id}
            error={errors[`${path}.${index}.id`]}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => update(option.key, { id: event.target.value.toLowerCase() })}
          />
          <FormField
            label={`${name} ${index + 1} label`}
            value={option.label}
            error={errors[`${path}.${index}.label`]}
            onChange={(event) => update(option.key, { label: event.target.value })}
          />
          <button
            type="button"
            className={listStyles.plainButton}
            aria-label={`Remove ${name.toLowerCase()} ${index + 1}`}
            onClick={() => onChange(options.filter((kept) => kept.key !== option.key))}
          >
            Remove
          </button>
        </div>
      ))}
      <button type="button" className={listStyles.plainButton} onClick={() => onChange([...options, blankOption()])}>
        + Add {name.toLowerCase()}
      </button>
    </fieldset>
  );
}
