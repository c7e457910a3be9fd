import { useId } from 'react';
import formStyles from '../form/form.module.css';
import styles from './admin-list.module.css';

interface PaginationProps {
  label: string;
  page: number;
  pageCount: number;
  pageSize: number;
  pageSizes: readonly number[];
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onPageSize: (pageSize: number) => void;
}

/**
 * "Page X of Y", rows per page, previous and next. At the ends the buttons are aria-disabled
 * rather than disabled: a disabled button drops the focus of whoever just pressed it to reach
 * the last page, and keyboard users would start again from the top of the document.
 */
export function Pagination(props: PaginationProps) {
  const { label, page, pageCount, pageSize, pageSizes, canPrevious, canNext } = props;
  const sizeId = useId();
  return (
    <nav className={styles.pagination} aria-label={`${label}: pages`}>
      <p className={styles.pageOf}>
        Page {page} of {pageCount}
      </p>
      <div className={styles.pageSize}>
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          className={formStyles.input}
          value={pageSize}
          onChange={(event) => props.onPageSize(Number(event.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.pageButtons}>
        <button
          type="button"
          className={styles.plainButton}
          aria-disabled={!canPrevious}
          onClick={() => canPrevious && props.onPrevious()}
        >
          Previous
        </button>
        <button
          type="button"
          className={styles.plainButton}
          aria-disabled={!canNext}
          onClick={() => canNext && props.onNext()}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
