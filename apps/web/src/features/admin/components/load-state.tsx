import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CallableError } from '../../../lib/callable';
import styles from './load-state.module.css';

interface LoadStateProps<Data> {
  query: UseQueryResult<Data>;
  /** What is loading, for the status line ("credit pack"). */
  what: string;
  /** The status line while loading, when the screen has its own words for it ("Loading product data..."). */
  loading?: string;
  /** The 404's sentence ("There is no credit pack “x” in beta."). */
  missing: string;
  /** Known to be gone without asking (deleted from this screen, so not read again): the 404's sentence at once. */
  gone?: boolean;
  children: (data: Data) => ReactNode;
}

/** A record's screen while it loads, when it is not there, when loading failed, and once it is there. */
export function LoadState<Data>({ query, what, loading, missing, gone = false, children }: LoadStateProps<Data>) {
  if (gone && query.data === undefined) {
    return (
      <div role="alert" className={styles.failure}>
        <p>{missing}</p>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <p role="status" className={styles.loading}>
        {loading ?? `Loading the ${what}…`}
      </p>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof CallableError && query.error.status === 'not-found';
    return (
      <div role="alert" className={styles.failure}>
        <p>{notFound ? missing : `The ${what} could not be loaded: ${query.error.message}`}</p>
        {!notFound && (
          <button type="button" className="button" onClick={() => query.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
