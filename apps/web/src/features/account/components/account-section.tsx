import { type ReactNode, useId } from 'react';
import styles from '../account.module.css';

/**
 * One section of the account page: a titled region (h2) the page lists in order. Each domain
 * adds its own (order profile and orders now; issue 12 more).
 */
export function AccountSection({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </section>
  );
}
