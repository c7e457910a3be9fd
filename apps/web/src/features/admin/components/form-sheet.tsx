import { type ReactNode, type SyntheticEvent, useLayoutEffect, useRef } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import styles from './form-sheet.module.css';

interface FormSheetProps {
  /** The sheet's accessible name: the form's title ("New drop", "Edit drop friday"). */
  label: string;
  /** Closes the sheet without a change (its Close button, Escape). */
  onClose: () => void;
  children: ReactNode;
}

/**
 * A create or edit form laid over its list, the way a console opens a record's form: a native
 * modal <dialog> (the list behind is inert, Escape closes), a panel at the side on a desktop and
 * the whole screen on a phone, and focus back on the button that opened it when it closes. The
 * form's own confirmations open over it.
 */
export function FormSheet({ label, onClose, children }: FormSheetProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Before the form's own effects, so the form's heading takes the focus from the dialog's default.
  useLayoutEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element?.showModal();
    return () => {
      if (element?.open) element.close();
      opener?.focus();
    };
  }, []);

  const cancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape in a confirmation opened over the form reaches here through React's tree: only the
    // sheet's own Escape closes the sheet.
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    onClose();
  };

  return (
    <dialog ref={dialog} className={styles.sheet} aria-label={label} onCancel={cancel}>
      <div className={styles.bar}>
        <button type="button" className={listStyles.plainButton} onClick={onClose}>
          Close
        </button>
      </div>
      {children}
    </dialog>
  );
}
