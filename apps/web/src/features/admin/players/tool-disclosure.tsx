import { type ReactNode, useId, useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import styles from './players.module.css';

/** A tool of the player page a button away (a form), so the record it changes stays in view until it is wanted. */
export function ToolDisclosure({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={styles.tools}>
      <button
        type="button"
        className={listStyles.plainButton}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? `Close: ${label}` : label}
      </button>
      <div id={id} hidden={!open} className={styles.toolBody}>
        {children}
      </div>
    </div>
  );
}
