import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import styles from './confirm-dialog.module.css';

/** The confirmation's title before any change to production, where destructive actions ask first. */
export const PRODUCTION_TITLE = 'You are changing production';

export interface ConfirmRequest {
  title: string;
  /** What the action does, in a sentence or two. */
  message: ReactNode;
  /** The parts of the change that cannot be taken back, one per line (none: no list). */
  items?: readonly string[];
  /** The confirming button's text, naming the action ("Save to production"). */
  confirmLabel: string;
  cancelLabel?: string;
}

interface ConfirmDialogProps extends ConfirmRequest {
  onClose: (confirmed: boolean) => void;
}

/**
 * A confirmation before a change that cannot be taken back: a native modal <dialog> (the page
 * behind is inert), focus on Cancel when it opens so Enter never confirms by accident, Tab
 * kept between its two buttons, Escape cancels, and focus back where it was when it closes.
 */
export function ConfirmDialog({ title, message, items, confirmLabel, cancelLabel, onClose }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element?.showModal();
    cancel.current?.focus();
    return () => {
      if (element?.open) element.close();
      previous?.focus();
    };
  }, []);

  const keepTabInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    event.preventDefault();
    (document.activeElement === cancel.current ? confirm : cancel).current?.focus();
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(event) => {
        // Escape: the dialog closes through onClose, so its state and the DOM never disagree.
        event.preventDefault();
        onClose(false);
      }}
      onKeyDown={keepTabInside}
    >
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
      </h2>
      <div id={`${id}-message`} className={styles.message}>
        {message}
      </div>
      {items && items.length > 0 && (
        <ul className={styles.items}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <button ref={cancel} type="button" className={listStyles.plainButton} onClick={() => onClose(false)}>
          {cancelLabel ?? 'Cancel'}
        </button>
        <button ref={confirm} type="button" className={`button ${styles.confirm}`} onClick={() => onClose(true)}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

/**
 * `confirm(request)` opens the dialog and resolves true when the admin confirms, false when
 * they cancel (button or Escape); `dialog` is the element to render somewhere in the screen.
 *
 * ```tsx
 * const { confirm, dialog } = useConfirmDialog();
 * const save = async () => {
 *   if (environment === 'production' && !(await confirm({ title, message, confirmLabel }))) return;
 *   mutation.mutate(...);
 * };
 * return <form onSubmit={save}>…{dialog}</form>;
 * ```
 */
export function useConfirmDialog(): { confirm: (request: ConfirmRequest) => Promise<boolean>; dialog: ReactNode } {
  const [open, setOpen] = useState<{ request: ConfirmRequest; resolve: (confirmed: boolean) => void } | null>(null);
  const confirm = (request: ConfirmRequest) =>
    new Promise<boolean>((resolve) => {
      setOpen({ request, resolve });
    });
  const dialog = open && (
    <ConfirmDialog
      {...open.request}
      onClose={(confirmed) => {
        setOpen(null);
        open.resolve(confirmed);
      }}
    />
  );
  return { confirm, dialog };
}
