import type { Environment } from '@outpost/contracts/environments';
import { type ReactNode, useRef, useState } from 'react';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import adminStyles from './admin-screen.module.css';
import { PRODUCTION_TITLE, useConfirmDialog } from './confirm-dialog';
import styles from './delete-section.module.css';

interface DeleteSectionProps {
  environment: Environment;
  /** The section's heading, e.g. "Delete this item"; also the confirmation's title outside production. */
  heading: string;
  /** What deleting means, shown above the button. */
  description: ReactNode;
  /** What the confirmation says the delete does. */
  confirmMessage: ReactNode;
  /** The confirmation's title outside production; the heading when absent. */
  confirmTitle?: string;
  confirmLabel: string;
  /** Runs the delete; a refusal's message (in use, gone) is shown here. */
  onDelete: () => Promise<unknown>;
  /** After the delete succeeded, e.g. back to the list. */
  onDeleted: () => void;
}

/**
 * The delete of one row, apart from the form that saves it. A delete cannot be taken back, so
 * it always asks first, in every environment; in production the dialog says so.
 */
export function DeleteSection(props: DeleteSectionProps) {
  const { environment, heading, description, confirmMessage, confirmTitle, confirmLabel, onDelete, onDeleted } = props;
  const { confirm, dialog } = useConfirmDialog();
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [pending, setPending] = useState(false);
  const running = useRef(false);

  const run = async () => {
    if (running.current) return;
    running.current = true;
    try {
      const confirmed = await confirm({
        title: environment === 'production' ? PRODUCTION_TITLE : (confirmTitle ?? heading),
        message: confirmMessage,
        confirmLabel,
      });
      if (!confirmed) return;
      setNotice(null);
      setPending(true);
      await onDelete();
      onDeleted();
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      running.current = false;
      setPending(false);
    }
  };

  return (
    <section className={styles.danger} aria-labelledby="delete-section-title">
      <h2 id="delete-section-title">{heading}</h2>
      <div className={adminStyles.note}>{description}</div>
      <FormAlert notice={notice} />
      <button type="button" className={styles.deleteButton} disabled={pending} onClick={() => void run()}>
        {confirmLabel}
      </button>
      {dialog}
    </section>
  );
}
