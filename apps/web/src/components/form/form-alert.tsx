import type { Ref } from 'react';
import styles from './form.module.css';

export type FormNotice = { tone: 'ok' | 'error'; text: string };

/**
 * A form's outcome, in a role="alert" region that is always in the page (an alert region added
 * together with its text is not announced by every screen reader). The messages of docs/product.md §8.4 go here word
 * for word.
 */
export function FormAlert({ notice, ref }: { notice: FormNotice | null; ref?: Ref<HTMLDivElement> }) {
  // With a ref, the outcome can take the focus: where the control that acted is gone after it (a
  // Claim that became "Claimed"), focus moves here rather than to the page's start.
  return (
    <div
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      role="alert"
      className={notice?.tone === 'ok' ? styles.ok : styles.error}
    >
      {notice && <p>{notice.text}</p>}
    </div>
  );
}
