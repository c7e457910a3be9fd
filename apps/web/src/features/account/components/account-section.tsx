import { type ReactNode, useId, useState } from 'react';
import styles from '../account.module.css';
import { useSectionNavEntry } from './section-nav';

/** "Report a problem" → "report-a-problem": the section's anchor (`/account#report-a-problem`). */
const anchorOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface AccountSectionProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * One section of the account page: a titled region (h2) the page lists in order and links to from
 * its section navigation. Each domain adds its own.
 */
export function AccountSection({ title, intro, children }: AccountSectionProps) {
  const titleId = useId();
  const [element, setElement] = useState<HTMLElement | null>(null);
  const id = anchorOf(title);
  useSectionNavEntry(id, title, element);
  return (
    <section ref={setElement} id={id} className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </section>
  );
}
