import type { RemoteConfigParameterType } from '@outpost/contracts/remote-config/schemas';
import { FormField } from '../../../components/form/form-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { ChoiceField } from '../../admin/components/choice-field';
import styles from './remote-config.module.css';

interface ValueFieldProps {
  label: string;
  type: RemoteConfigParameterType;
  /** The value as typed ('true' or 'false' for a boolean). */
  text: string;
  onChange: (text: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
}

const YES_NO = [
  { value: 'true', label: 'Yes (true)' },
  { value: 'false', label: 'No (false)' },
] as const;

/** A parameter's value in the input its type asks for: text, a number, a yes/no choice, or JSON. */
export function ValueField({ label, type, text, onChange, error, hint }: ValueFieldProps) {
  switch (type) {
    case 'boolean':
      return (
        <ChoiceField
          legend={label}
          choices={YES_NO}
          value={text === 'true' ? 'true' : 'false'}
          onChange={onChange}
          className={styles.choices}
        />
      );
    case 'number':
      return (
        <FormField
          label={label}
          inputMode="decimal"
          value={text}
          error={error}
          hint={hint}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'json':
      return (
        <TextAreaField
          label={label}
          className={styles.code}
          rows={5}
          spellCheck={false}
          value={text}
          error={error}
          hint={hint ?? 'Any JSON: an object, a list, a string in quotes, a number.'}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'string':
      return (
        <TextAreaField
          label={label}
          rows={2}
          value={text}
          error={error}
          hint={hint}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
