import type { ReactNode } from 'react';
import styles from './coming-soon.module.css';

/** An honest screen for a part of the site that has not opened yet. */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={`page ${styles.soon}`} aria-labelledby="coming-soon-title">
      <p className={styles.tag}>Under construction</p>
      <h1 id="coming-soon-title">{title}</h1>
      {children}
    </section>
  );
}
