import { z } from 'zod/mini';

/**
 * The one admin list protocol (docs/decisions/0085-admin-lists.md): every admin list is a GET under
 * `/api/admin/:env/` taking `page`, `pageSize`, `sort`, `order` and its own filters as query
 * parameters, and answering one page of rows with the total the filters match. The web app's
 * admin list component speaks it; CSV export pages through the same query.
 */
export const ADMIN_LIST_DEFAULT_PAGE_SIZE = 25;
/** The largest page a client may ask for; CSV export pages through at this size. */
export const ADMIN_LIST_MAX_PAGE_SIZE = 500;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A whole number from a query parameter (always a string on the wire) or a number. */
const queryInt = (message: string) =>
  z.pipe(
    z.union([z.number(), z.string().check(z.trim(), z.regex(/^\d+$/, { error: message }))]),
    z.transform((value) => Number(value)),
  );

/**
 * The query of a list sortable by `sortable` (the first is the default, newest or largest
 * first unless `defaultOrder` says otherwise), extended with the list's own `filters`.
 */
export function adminListQuerySchema<
  const Sortable extends readonly [string, ...string[]],
  Filters extends z.core.$ZodLooseShape,
>(sortable: Sortable, filters: Filters, defaultOrder: SortOrder = 'desc') {
  return z.object({
    page: z._default(
      z.pipe(queryInt('page must be a whole number.'), z.int().check(z.minimum(1, { error: 'page starts at 1.' }))),
      1,
    ),
    pageSize: z._default(
      z.pipe(
        queryInt('pageSize must be a whole number.'),
        z
          .int()
          .check(
            z.minimum(1, { error: 'pageSize must be at least 1.' }),
            z.maximum(ADMIN_LIST_MAX_PAGE_SIZE, { error: `pageSize must be at most ${ADMIN_LIST_MAX_PAGE_SIZE}.` }),
          ),
      ),
      ADMIN_LIST_DEFAULT_PAGE_SIZE,
    ),
    sort: z._default(z.enum(sortable, { error: `sort must be one of ${sortable.join(', ')}.` }), sortable[0]),
    order: z._default(z.enum(SORT_ORDERS, { error: 'order must be asc or desc.' }), defaultOrder),
    ...filters,
  });
}

/** One page of a list: its rows and how many rows the filters match in all. */
export function adminListPageSchema<Row extends z.core.$ZodType>(row: Row) {
  return z.object({
    rows: z.array(row),
    total: z.int().check(z.nonnegative()),
    page: z.int(),
    pageSize: z.int(),
  });
}

export interface AdminListPage<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
}
