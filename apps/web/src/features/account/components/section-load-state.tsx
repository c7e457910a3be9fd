import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import styles from '../account.module.css';

interface SectionLoadStateProps<Data> {
  query: UseQueryResult<Data>;
  /** What the section loads, as a player reads it: "your credits", "the avatars". */
  what: string;
  children: (data: Data) => ReactNode;
}

/**
 * An account section's content once its query has answered: "Loading …" until then, and where the
 * first load failed, why with a Try again button, so one section's hiccup costs no page reload.
 * Data already shown stays while a later page or refresh loads.
 */
export function SectionLoadState<Data>({ query, what, children }: SectionLoadStateProps<Data>) {
  if (query.data !== undefined) return children(query.data);
  if (!query.isError) return <p role="status">Loading {what}…</p>;
  return (
    <div className={styles.loadFailed}>
      <p role="alert">
        {what.charAt(0).toUpperCase()}
        {what.slice(1)} could not be loaded. Check your connection and try again.
      </p>
      <button
        type="button"
        className="button"
        aria-disabled={query.isFetching || undefined}
        onClick={() => !query.isFetching && query.refetch()}
      >
        {query.isFetching ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
