import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { FieldErrors } from './field-errors';
import type { FormNotice } from './form-alert';
import { focusFirstInvalid } from './use-field-errors';

/**
 * A form's outcome and its fields at fault. `refuse(message, fields)` shows the message in the
 * form's alert, marks each field (pass `errors[key]` as the field's `error`) and moves focus to
 * the first one in the form's order, or to the alert when the refusal names no field. `report`
 * shows any other outcome (or none, as a request starts) and unmarks the fields. Spread
 * `formRef` on the <form> and `alertRef` on its FormAlert as `ref`.
 */
export function useFormRefusal(initialNotice: FormNotice | null = null) {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<FormNotice | null>(initialNotice);
  const [errors, setErrors] = useState<FieldErrors>({});

  const refuse = (message: string, fields: FieldErrors = {}) => {
    flushSync(() => {
      setNotice({ tone: 'error', text: message });
      setErrors(fields);
    });
    focusFirstInvalid(formRef.current, alertRef.current);
  };

  /**
   * A refusal every part of which is at a field (the form's own check): each field shows its message and reads it
   * out with it, so the alert does not say it a second time.
   */
  const refuseAtFields = (fields: FieldErrors) => {
    flushSync(() => {
      setNotice(null);
      setErrors(fields);
    });
    focusFirstInvalid(formRef.current, alertRef.current);
  };

  const report = (next: FormNotice | null) => {
    setNotice(next);
    setErrors({});
  };

  return { formRef, alertRef, notice, errors, refuse, refuseAtFields, report };
}
