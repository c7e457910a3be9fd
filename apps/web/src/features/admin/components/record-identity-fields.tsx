import { FormField } from '../../../components/form/form-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import styles from './record-identity-fields.module.css';

/** What a record's identity fields hold while it is edited. */
export interface RecordIdentity {
  id: string;
  name: string;
  description: string;
}

interface RecordIdentityFieldsProps {
  /** Whether the record is being created: only then is its ID asked, since it never changes. */
  creating: boolean;
  /** The ID field's label and hint ("Segment ID"), and the field an error names it by ("segmentID"). */
  idLabel: string;
  idHint: string;
  idField: string;
  descriptionHint: string;
  values: RecordIdentity;
  errors: Readonly<Record<string, string | undefined>>;
  onChange(change: Partial<RecordIdentity>): void;
}

/**
 * The ID, name and description a live-ops record (a segment, an experiment) starts with: the ID in
 * the lower-case letters, digits and '-' the contracts accept, the name and an optional description.
 */
export function RecordIdentityFields({
  creating,
  idLabel,
  idHint,
  idField,
  descriptionHint,
  values,
  errors,
  onChange,
}: RecordIdentityFieldsProps) {
  return (
    <>
      {creating && (
        <FormField
          label={idLabel}
          value={values.id}
          error={errors[idField]}
          hint={idHint}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange({ id: event.target.value.toLowerCase() })}
        />
      )}
      <FormField
        label="Name"
        value={values.name}
        error={errors.name}
        autoComplete="off"
        onChange={(event) => onChange({ name: event.target.value })}
      />
      <TextAreaField
        label="Description (optional)"
        value={values.description}
        error={errors.description}
        hint={descriptionHint}
        rows={2}
        onChange={(event) => onChange({ description: event.target.value })}
      />
    </>
  );
}

/** Someone else's save, over the form it makes stale: what happened, and the way back to their version. */
export function NewerSaveNote({ text, loadLabel, onLoad }: { text: string; loadLabel: string; onLoad(): void }) {
  return (
    <div className={styles.newer} role="status">
      <p>{text}</p>
      <button type="button" className="button" onClick={onLoad}>
        {loadLabel}
      </button>
    </div>
  );
}
