import styles from './form.module.css';

export type FormNotice = { tone: 'ok' | 'error'; text: string };

/**
 * A form's outcome, in a role="alert" region that is always in the page (an alert region added
 * together with its text is not announced by every screen reader). Spec §8's messages go here word for word.
 */
export function FormAlert({ notice }: { notice: FormNotice | null }) {
  return (
    <div role="alert" className={notice?.tone === 'ok' ? styles.ok : styles.error}>
      {notice && <p>{notice.text}</p>}
    </div>
  );
}
