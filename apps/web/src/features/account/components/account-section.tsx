import { type ReactNode, useId, useState } from 'react';
import styles from '../account.module.css';
import { useSectionNavEntry } from './section-nav';

/** "Report a problem" → "report-a-problem": the section's anchor when it names none. */
const anchorOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface AccountSectionProps {
  title: string;
  intro?: ReactNode;
  /** The section's fragment (`/account#credits`); its title in lower case with dashes by default. */
  anchor?: string;
  children: ReactNode;
}

/**
 * One section of the account page: a titled region (h2) the page lists in order and links to from
 * its section navigation. Each domain adds its own.
 */
export function AccountSection({ title, intro, anchor, children }: AccountSectionProps) {
  const titleId = useId();
  const [element, setElement] = useState<HTMLElement | null>(null);
  const id = anchor ?? anchorOf(title);
  useSectionNavEntry(id, title, element);
  return (
    <section ref={setElement} id={id} className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </section>
  );
}
