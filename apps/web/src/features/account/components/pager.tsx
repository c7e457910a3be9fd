import styles from '../account.module.css';

interface PagerProps {
  /** What the pages are of, for the navigation's name: "your orders". */
  of: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  newer: string;
  older: string;
}

/**
 * Newer/older buttons for a list the server pages. They stay focusable at either end
 * (aria-disabled), so the keyboard focus is not lost on the last page.
 */
export function Pager({ of, page, pages, onPage, newer, older }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={`Pages of ${of}`}>
      <button type="button" className="button" aria-disabled={page <= 1} onClick={() => page > 1 && onPage(page - 1)}>
        {newer}
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="button"
        aria-disabled={page >= pages}
        onClick={() => page < pages && onPage(page + 1)}
      >
        {older}
      </button>
    </nav>
  );
}

/** How many pages a list of `total` rows makes at `pageSize` (at least one). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
