import type { ReactNode } from 'react';
import styles from './admin-fields.module.css';

/** Tells a moderator what they may not do here; the server refuses it anyway. */
export function ReadOnlyNotice({ children }: { children: ReactNode }) {
  return <p className={styles.readOnly}>{children}</p>;
}
