import { useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import styles from './copy-button.module.css';

interface CopyButtonProps {
  text: string;
  /** What is copied, as the button names it to a screen reader: "user ID". */
  what: string;
}

/**
 * Copies `text` (an id shown beside it) to the clipboard and says so; where the browser refuses,
 * the reader is told to select and copy it by hand.
 */
export function CopyButton({ text, what }: CopyButtonProps) {
  const [status, setStatus] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(`The ${what} is copied.`);
    } catch {
      setStatus(`Your browser did not let us copy: select the ${what} and copy it by hand.`);
    }
  };
  return (
    <span className={styles.copy}>
      <button type="button" className={listStyles.plainButton} onClick={() => void copy()}>
        Copy<span className="visually-hidden"> the {what}</span>
      </button>
      <span role="status" className={styles.status}>
        {status}
      </span>
    </span>
  );
}
