import { useRef, useState } from 'react';
import { useFieldDescription } from '../form/field-description';
import styles from './share-link.module.css';

interface ShareLinkProps {
  /** Names the field and its Copy button ("Copy invite link 1"): unique on the page. */
  label: string;
  url: string;
  /** What else to know about the link ("Valid until …"), read out with the field. */
  hint?: string;
}

/**
 * A link to share: shown in a read-only field (selectable by hand on any device) with a Copy
 * button. Where the browser refuses the clipboard, the text is selected and the reader is told
 * to copy it themselves.
 */
export function ShareLink({ label, url, hint }: ShareLinkProps) {
  const { id, controlProps, messages } = useFieldDescription(hint, undefined);
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
      <div className={styles.row}>
        <input
          ref={input}
          {...controlProps}
          className={styles.input}
          value={url}
          readOnly
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </button>
      </div>
      {messages}
      <p role="status" className={styles.status}>
        {status}
      </p>
    </div>
  );
}
