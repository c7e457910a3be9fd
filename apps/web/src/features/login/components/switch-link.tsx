import type { ReactNode } from 'react';
import styles from './forms.module.css';

/** "Forgot your password?" and the like: switches the login screen's panel. */
export function SwitchLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={styles.linkButton} onClick={onClick}>
      {children}
    </button>
  );
}
