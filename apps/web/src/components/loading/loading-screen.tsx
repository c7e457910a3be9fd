import styles from './loading-screen.module.css';

/** The lazy-route fallback (docs/product.md §2.5: it says LOADING). */
export function LoadingScreen() {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.pulse} aria-hidden="true" />
      LOADING
    </div>
  );
}
