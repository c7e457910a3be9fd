import type { ComponentProps } from 'react';
import { useFieldDescription } from './field-description';
import styles from './form.module.css';

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled select with its hint and inline error, like FormField; the options are its children. */
export function SelectField({ label, error, hint, className, children, ...select }: SelectFieldProps) {
  const field = useFieldDescription(hint, error);
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={field.id}>{label}</label>
      <select {...select} {...field.controlProps} className={styles.input}>
        {children}
      </select>
      {field.messages}
    </div>
  );
}
