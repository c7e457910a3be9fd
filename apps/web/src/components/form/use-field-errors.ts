import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { FieldErrors } from './field-errors';

/**
 * A form's inline field errors. `show` renders them at once and moves focus to the first invalid
 * field in the form's order, so a screen reader reads that field together with its message
 * (aria-describedby).
 */
export function useFieldErrors() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const show = (next: FieldErrors) => {
    flushSync(() => setErrors(next));
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return { formRef, errors, show };
}
