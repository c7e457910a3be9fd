import { type FormEvent, type ReactNode, type Ref, useId } from 'react';
import styles from './admin-screen.module.css';

interface ToolFormProps {
  /** The heading, which names the form: "Give items", "Lift the suspension". */
  title: string;
  formRef?: Ref<HTMLFormElement>;
  /** Whether this form's change is on its way: the form is busy for assistive technology. */
  busy: boolean;
  /** Whether a change is on its way, this form's or a sibling's: the button says it does nothing now. */
  blocked: boolean;
  /** The button's words (saying so while the change is on its way). */
  submitLabel: string;
  /** Checks and sends the form; the page does not reload. */
  onSubmit: () => void;
  /** The fields, then the outcome's alert if the form has its own. */
  children: ReactNode;
  /** After the button: the production confirmation (useGuardedSave's `dialog`). */
  dialog?: ReactNode;
}

/** A narrow form of one change to one record (a player's credits, a suspension): its heading, fields and button. */
export function ToolForm({ title, formRef, busy, blocked, submitLabel, onSubmit, children, dialog }: ToolFormProps) {
  const titleId = `${useId()}-title`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      ref={formRef}
      className={styles.narrowForm}
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      aria-busy={busy}
    >
      <h3 id={titleId}>{title}</h3>
      {children}
      <div className={styles.submitRow}>
        <button type="submit" className={`button ${styles.submit}`} aria-disabled={blocked}>
          {submitLabel}
        </button>
      </div>
      {dialog}
    </form>
  );
}
