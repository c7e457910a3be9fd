import type { ComponentProps } from 'react';
import { useFieldDescription } from './field-description';
import styles from './form.module.css';

export interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled multi-line field with its hint and inline error, like FormField. */
export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaFieldProps) {
  const field = useFieldDescription(hint, error);
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={field.id}>{label}</label>
      <textarea {...textarea} {...field.controlProps} className={styles.input} />
      {field.messages}
    </div>
  );
}
