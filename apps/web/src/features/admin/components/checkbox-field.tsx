import styles from './admin-fields.module.css';

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Marks the box at fault (a refused form's); `describedBy` names the message that says why. */
  invalid?: boolean;
  describedBy?: string | undefined;
}

/** A checkbox with its label beside it, the whole label clickable. */
export function CheckboxField({ label, checked, onChange, invalid, describedBy }: CheckboxFieldProps) {
  return (
    <label className={styles.checkbox}>
      <input
        type="checkbox"
        checked={checked}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? describedBy : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
