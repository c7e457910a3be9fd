import { type ReactNode, useId } from 'react';
import styles from './form.module.css';

/** What a labelled control needs: its id, its invalid state and what describes it, and the text that does. */
export interface FieldDescription {
  id: string;
  controlProps: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
  /** The hint and the error, to render under the control. */
  messages: ReactNode;
}

/**
 * A field's hint and inline error, both read out with the control (aria-describedby); an error
 * marks the control invalid. An error that repeats the standing rule replaces it rather than
 * saying it twice.
 */
export function useFieldDescription(hint: string | undefined, error: string | undefined): FieldDescription {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const showHint = Boolean(hint) && hint !== error;
  const describedBy = [showHint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return {
    id,
    controlProps: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined },
    messages: (
      <>
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
      </>
    ),
  };
}
