import { type ComponentProps, useId } from 'react';
import styles from './form.module.css';

export interface FormFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Shown under the field and tied to it with aria-describedby; also marks the field invalid. */
  error?: string | undefined;
  /** A standing rule, e.g. the password length. */
  hint?: string | undefined;
}

/** A labelled input with its hint and its inline error, both read out with the field. */
export function FormField({ label, error, hint, className, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // An error that repeats the standing rule replaces it rather than saying it twice.
  const showHint = hint && hint !== error;
  const describedBy = [showHint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {showHint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
