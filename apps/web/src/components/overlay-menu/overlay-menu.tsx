import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from '../../lib/router/router';
import styles from './overlay-menu.module.css';

/** Keeps Tab and Shift+Tab cycling inside the dialog; a modal <dialog> alone lets focus leave to the browser UI. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export interface OverlayMenuProps {
  /** The dialog's id, named by the open button's aria-controls. */
  id: string;
  /** Accessible names: the dialog, its navigation landmark, the open and close buttons. */
  label: string;
  navLabel: string;
  openLabel: string;
  closeLabel: string;
  /** Decides where the open button shows (typically only below a breakpoint). */
  buttonClassName: string | undefined;
  /** The menu's `<li>` items. */
  children: ReactNode;
}

/**
 * A full-screen menu: a modal <dialog>, so the page behind is inert, focus stays inside and
 * Escape closes it; focus returns to the open button when it closes. Following any link in it
 * closes it, also a link to the page already shown (no navigation happens then).
 */
export function OverlayMenu({
  id,
  label,
  navLabel,
  openLabel,
  closeLabel,
  buttonClassName,
  children,
}: OverlayMenuProps) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(false), [pathname]);

  const closeOnLink = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) setOpen(false);
  };

  return (
    <>
      <button
        type="button"
        className={`${styles.iconButton} ${buttonClassName ?? ''}`}
        aria-label={openLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
      <dialog
        id={id}
        ref={dialog}
        className={styles.overlay}
        aria-label={label}
        onClose={() => setOpen(false)}
        onKeyDown={trapTab}
        onClick={closeOnLink}
      >
        <button
          type="button"
          className={`${styles.iconButton} ${styles.closeButton}`}
          aria-label={closeLabel}
          onClick={() => setOpen(false)}
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
        <nav aria-label={navLabel}>
          <ul className={styles.links}>{children}</ul>
        </nav>
      </dialog>
    </>
  );
}
