import { type ComponentProps, useId } from 'react';
import formStyles from '../../../components/form/form.module.css';

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
}

/** A labelled multi-line field, styled like the form fields beside it. */
export function TextAreaField({ label, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>{label}</label>
      <textarea {...textarea} id={id} className={formStyles.input} />
    </div>
  );
}
