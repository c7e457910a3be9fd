import type { ComponentProps } from 'react';
import { useFieldDescription } from './field-description';
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
  const field = useFieldDescription(hint, error);
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={field.id}>{label}</label>
      <input {...input} {...field.controlProps} className={styles.input} />
      {field.messages}
    </div>
  );
}
