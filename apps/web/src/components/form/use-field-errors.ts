import { type RefObject, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { FieldErrors } from './field-errors';

/**
 * Where focus goes once a form is refused: its first field marked invalid, in the form's order,
 * so a screen reader reads that field with its message (aria-describedby); or `fallback` (the
 * form's alert) when no field is at fault. Answers the element focused.
 */
export function focusFirstInvalid(form: ParentNode | null, fallback?: HTMLElement | null): HTMLElement | null {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? fallback ?? null;
  target?.focus();
  return target;
}

/**
 * A form's inline field errors. `show` renders them at once and moves focus to the first invalid
 * field in the form's order (focusFirstInvalid), or to `fallback` when none is. A form with a
 * fixed set of fields names them (`useFieldErrors<'email'>()`); one checked with `checkFields`
 * takes its FieldErrors as they come. Spread `formRef` on the <form>.
 */
export function useFieldErrors<Field extends string = string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const show = (next: FieldErrors<Field>, fallback?: RefObject<HTMLElement | null>) => {
    flushSync(() => setErrors(next));
    focusFirstInvalid(formRef.current, fallback?.current);
  };

  return { formRef, errors, show };
}
