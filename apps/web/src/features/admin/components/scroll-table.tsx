import type { ReactNode } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import styles from './scroll-table.module.css';

/** Its amount cells' class: right-aligned, on one line. */
export const amountCell = styles.amount;

/**
 * A table that scrolls sideways inside its own named region on a phone (the admin list's scrolling
 * region), so it never widens the page; the region takes focus so the keyboard can scroll it.
 * `children` are its head, body and foot.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
    <section className={listStyles.scroller} aria-label={label} tabIndex={0}>
      <table className={styles.table}>
        <caption className="visually-hidden">{label}</caption>
        {children}
      </table>
    </section>
  );
}
