import styles from './admin-screen.module.css';

/** A list's "+ New …" button, which opens the form of a new record over the list (FormSheet). */
export function NewRecordButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={`button ${styles.toolbarButton}`} onClick={onClick}>
      + {label}
    </button>
  );
}
