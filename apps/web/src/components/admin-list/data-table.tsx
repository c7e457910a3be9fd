import type { ReactNode } from 'react';
import styles from './data-table.module.css';

/**
 * # DataTable: the frame of every back-office table
 *
 * The admin list draws its table in it, and so does a short table that is not a paged list (an order's
 * lines, its refunds, a player's suspensions). The frame is a size container (data-table.module.css):
 * columns of priority 3 give way below 64rem of room, those of priority 2 below 48rem, and below 40rem
 * each row becomes a card that names every value with its column's `data-label`. No cell breaks a word.
 *
 * ```tsx
 * <DataTable label="Refunds of this order">
 *   <thead><tr><th scope="col">When</th><th scope="col" {...cellProps({ priority: 3 })}>By</th></tr></thead>
 *   <tbody>
 *     <tr>
 *       <td {...cellProps({ label: 'When', nowrap: true })}>Dec 1, 2026, 10:00 AM</td>
 *       <td {...cellProps({ label: 'By', priority: 3 })}>Ada</td>
 *     </tr>
 *   </tbody>
 * </DataTable>
 * ```
 */

/** The class of a value inside a cell that may break inside its long tokens (data-table.module.css). */
export const breakableValue = styles.breakable;

/** 1: always shown (the default); 2: gives way below 48rem; 3: below 64rem (a 1,280 px window's list has 60rem). A card shows every column. */
export type ColumnPriority = 1 | 2 | 3;

/** How one column's cells sit in a DataTable. */
export interface CellLayout {
  /** The column's name before each value in a card; none for a cell that names itself (a row's action, a checkbox). */
  label?: string;
  priority?: ColumnPriority;
  /** A short value read as one (a date, a sum, a status): kept on one line. An amount is, unless this is false. */
  nowrap?: boolean;
  /** Right-aligned on one line, for figures; `nowrap: false` lets a long one (or its column's long header) wrap. */
  amount?: boolean;
}

/** The attributes of a header or data cell of a column laid out as `layout`. */
export function cellProps({ label, priority, nowrap, amount }: CellLayout) {
  const classes = [(nowrap ?? amount) && styles.nowrap, amount && styles.amount].filter(Boolean);
  return {
    'data-label': label || undefined,
    'data-priority': priority && priority > 1 ? priority : undefined,
    className: classes.length > 0 ? classes.join(' ') : undefined,
  };
}

interface DataTableProps {
  /** The table's caption and its region's name. */
  label: string;
  /** Keeps the caption for assistive technology only, when a heading above says the same. */
  hideCaption?: boolean;
  /** The rows on screen are being replaced (dimmed, and announced as busy). */
  busy?: boolean;
  /** The table's own class beside the frame's, for what its cells hold (a form's inputs). */
  className?: string;
  /** The table's head, body and foot. */
  children: ReactNode;
}

/**
 * A table inside its own named region. Should a cell hold a value wider than any room (a long code), the
 * region scrolls rather than the page, and it takes focus so the keyboard can scroll it.
 */
export function DataTable({ label, hideCaption = false, busy, className, children }: DataTableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
    <section aria-label={label} tabIndex={0} aria-busy={busy} className={styles.scroller}>
      <table className={className ? `${styles.table} ${className}` : styles.table}>
        <caption className={hideCaption ? 'visually-hidden' : styles.caption}>{label}</caption>
        {children}
      </table>
    </section>
  );
}

/**
 * A cell's value, kept in one box: in a card it sits beside its label, or below it when its first word needs
 * the whole line, and never runs back under the label. Cells of more than a word or two use it.
 */
export function CellValue({ children }: { children: ReactNode }) {
  return <div className={styles.value}>{children}</div>;
}

/** A row that says something instead of the rows (loading, nothing matches), across every column. */
export function MessageRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className={styles.message}>
        {children}
      </td>
    </tr>
  );
}
