import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * A form's inline field errors. `show` renders them at once and moves focus to the first invalid
 * field, so a screen reader reads that field together with its message (aria-describedby).
 */
export function useFieldErrors<Field extends string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const show = (next: Partial<Record<Field, string>>) => {
    flushSync(() => setErrors(next));
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return { formRef, errors, show };
}
