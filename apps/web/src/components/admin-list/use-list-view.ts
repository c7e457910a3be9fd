import type { SortOrder } from '@outpost/contracts/admin-list';
import { useMemo } from 'react';
import { useSearchParams } from '../../lib/router/router';
import { type FilterValues, type ListConfig, type ListView, parseListView, writeListView } from './list-view';

export interface ListViewControls<Sort extends string> {
  view: ListView<Sort>;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** Back to page 1: the old page number means nothing at another size. */
  setPageSize: (pageSize: number) => void;
  /** Back to page 1: the page on screen was a page of the old order. */
  setSort: (sort: Sort, order: SortOrder) => void;
  /** Back to page 1: the old page number may be past the end of what the new filters match. */
  setFilters: (filters: FilterValues) => void;
}

/**
 * The list's view, kept in the URL's search params: every change is a history entry, so back
 * and forward step through views and a reload shows the same one.
 */
export function useListView<Sort extends string>(config: ListConfig<Sort>): ListViewControls<Sort> {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseListView(params, config), [params, config]);
  const show = (next: ListView<Sort>, replace = false) => setParams(writeListView(next, config, params), { replace });
  return {
    view,
    setPage: (page, options) => show({ ...view, page }, options?.replace),
    setPageSize: (pageSize) => show({ ...view, pageSize, page: 1 }),
    setSort: (sort, order) => show({ ...view, sort, order, page: 1 }),
    setFilters: (filters) => show({ ...view, filters, page: 1 }),
  };
}
