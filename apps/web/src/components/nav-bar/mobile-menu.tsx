import { ROUTES } from '@outpost/contracts/routes';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import styles from './nav-bar.module.css';
import { PRIMARY_LINKS } from './nav-links';

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

/**
 * The mobile menu: a modal <dialog>, so the page behind is inert, focus stays inside and
 * Escape closes it; focus returns to the menu button when it closes.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // Following a link closes the overlay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <button
        type="button"
        className={styles.menuButton}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
      <dialog
        id="mobile-menu"
        ref={dialog}
        className={styles.overlay}
        aria-label="Menu"
        onClose={() => setOpen(false)}
        onKeyDown={trapTab}
      >
        <button type="button" className={styles.closeButton} aria-label="Close menu" onClick={() => setOpen(false)}>
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
        <nav aria-label="Mobile">
          <ul className={styles.overlayLinks}>
            {PRIMARY_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === ROUTES.home} onClick={() => setOpen(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to={ROUTES.download} className={`button ${styles.overlayPlay}`} onClick={() => setOpen(false)}>
                PLAY NOW
              </NavLink>
            </li>
          </ul>
        </nav>
      </dialog>
    </>
  );
}
