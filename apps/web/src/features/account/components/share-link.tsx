import { useId, useRef, useState } from 'react';
import styles from '../account.module.css';

/**
 * A link to share: shown in a read-only field (selectable by hand on any device) with a Copy
 * button. Where the browser refuses the clipboard, the text is selected and the player is told
 * to copy it themselves.
 */
export function ShareLink({ label, url }: { label: string; url: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied.');
    } catch {
      input.current?.select();
      setStatus('Your browser did not let us copy: the link is selected, copy it from there.');
    }
  };

  return (
    <div className={styles.shareLink}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.shareRow}>
        <input
          ref={input}
          id={id}
          className={styles.shareInput}
          value={url}
          readOnly
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </button>
      </div>
      <p role="status" className={styles.note}>
        {status}
      </p>
    </div>
  );
}
