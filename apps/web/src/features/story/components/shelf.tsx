import type { ReactNode } from 'react';
import styles from './theater.module.css';

/** A titled row of cards on the theater home (a season, the favourites, a collection); `id` is its jump target. */
export function Shelf({
  id,
  title,
  kicker,
  children,
}: {
  id: string;
  title: string;
  kicker?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={styles.shelf} aria-labelledby={`${id}-title`}>
      {kicker && <p className="kicker">{kicker}</p>}
      <h2 id={`${id}-title`}>{title}</h2>
      <ul className={styles.grid}>{children}</ul>
    </section>
  );
}
