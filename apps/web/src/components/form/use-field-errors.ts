import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { FieldErrors } from './field-errors';

/**
 * A form's inline field errors. `show` renders them at once and moves focus to the first invalid
 * field in the form's order, so a screen reader reads that field together with its message
 * (aria-describedby). A form with a fixed set of fields names them (`useFieldErrors<'email'>()`);
 * one checked with `checkFields` takes its FieldErrors as they come.
 */
export function useFieldErrors<Field extends string = string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const show = (next: FieldErrors<Field>) => {
    flushSync(() => setErrors(next));
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return { formRef, errors, show };
}
