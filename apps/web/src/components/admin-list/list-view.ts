import {
  ADMIN_LIST_DEFAULT_PAGE_SIZE,
  ADMIN_LIST_MAX_PAGE_SIZE,
  SORT_ORDERS,
  type SortOrder,
} from '@outpost/contracts/admin-list';

/*
 * What an admin list shows (page, page size, sort, order, filters) and its round trip through
 * the URL's search params, so a reload, a shared link and back/forward keep the view. Pure:
 * the hook that reads and writes the router is use-list-view.ts.
 */

/** A free-text filter, sent as typed (trimmed; empty means no filter). */
export interface TextFilter {
  kind: 'text';
  /** The query parameter, in the URL and on the wire. */
  param: string;
  label: string;
  /** A standing hint under the field, e.g. "Exact user id". */
  hint?: string;
}

export interface SelectOption {
  value: string;
  label: string;
}

/** One of a fixed set of values; a value the options do not name is ignored. */
export interface SelectFilter {
  kind: 'select';
  param: string;
  label: string;
  options: readonly SelectOption[];
  /** The option that removes the filter. */
  allLabel?: string;
}

/**
 * A range of whole days in the admin's time zone. The URL holds the days (`2026-11-23`); the
 * server gets instants: `from` the start of its day and `to` the last millisecond of its day,
 * both ISO 8601 in UTC, so an inclusive `to` covers the whole day whatever the zone.
 */
export interface DateRangeFilter {
  kind: 'dateRange';
  label: string;
  from: string;
  to: string;
}

export type AdminListFilter = TextFilter | SelectFilter | DateRangeFilter;

/** A true/false filter (the server reads 'true' and 'false'), with what each choice and both are called. */
export function yesNoFilter(
  param: string,
  label: string,
  names: { yes: string; no: string; both: string },
): SelectFilter {
  return {
    kind: 'select',
    param,
    label,
    allLabel: names.both,
    options: [
      { value: 'true', label: names.yes },
      { value: 'false', label: names.no },
    ],
  };
}

/** Filter values by query parameter; a filter that is not set is absent. */
export type FilterValues = Readonly<Record<string, string>>;

/** What the list shows and what it asks the server for. */
export interface ListView<Sort extends string = string> {
  page: number;
  pageSize: number;
  sort: Sort;
  order: SortOrder;
  filters: FilterValues;
}

/** One request of the admin list protocol; `filters` hold the wire values (date ranges as instants). */
export type AdminListQuery<Sort extends string = string> = ListView<Sort>;

export interface ListConfig<Sort extends string = string> {
  sortable: readonly Sort[];
  defaultSort: Sort;
  defaultOrder: SortOrder;
  pageSizes: readonly number[];
  defaultPageSize: number;
  filters: readonly AdminListFilter[];
}

export const DEFAULT_PAGE_SIZES: readonly number[] = [10, ADMIN_LIST_DEFAULT_PAGE_SIZE, 50, 100];

const PROTOCOL_PARAMS = ['page', 'pageSize', 'sort', 'order'] as const;

/** Every query parameter a filter owns. */
export function filterParams(filters: readonly AdminListFilter[]): string[] {
  return filters.flatMap((filter) => (filter.kind === 'dateRange' ? [filter.from, filter.to] : [filter.param]));
}

/**
 * Checks a list's declaration once: a filter named like a protocol parameter, two filters on one
 * parameter or a default outside the options would silently show the wrong view, so they throw.
 */
export function listConfig<Sort extends string>(config: ListConfig<Sort>): ListConfig<Sort> {
  const params = filterParams(config.filters);
  for (const param of params) {
    if ((PROTOCOL_PARAMS as readonly string[]).includes(param)) {
      throw new Error(`The filter parameter "${param}" is one of the list protocol's own.`);
    }
  }
  if (new Set(params).size !== params.length) throw new Error('Two filters of one list share a query parameter.');
  if (!config.sortable.includes(config.defaultSort)) {
    throw new Error(`The default sort "${config.defaultSort}" is not one of the sortable keys.`);
  }
  if (!config.pageSizes.includes(config.defaultPageSize)) throw new Error('The default page size is not an option.');
  if (config.pageSizes.some((size) => !Number.isInteger(size) || size < 1 || size > ADMIN_LIST_MAX_PAGE_SIZE)) {
    throw new Error(`Page sizes must be whole numbers from 1 to ${ADMIN_LIST_MAX_PAGE_SIZE}.`);
  }
  return config;
}

const WHOLE_NUMBER = /^\d{1,9}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` that names a real day, as local midnight; anything else is undefined. */
export function parseDay(text: string): Date | undefined {
  const match = DAY.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // Date rolls 2026-02-30 over into March: a day that does not round-trip does not exist.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return undefined;
  return date;
}

function parseFilter(filter: AdminListFilter, params: URLSearchParams, into: Record<string, string>): void {
  if (filter.kind === 'dateRange') {
    for (const param of [filter.from, filter.to]) {
      const value = params.get(param);
      if (value && parseDay(value)) into[param] = value;
    }
    return;
  }
  const value = params.get(filter.param)?.trim();
  if (!value) return;
  if (filter.kind === 'select' && !filter.options.some((option) => option.value === value)) return;
  into[filter.param] = value;
}

/** The view the URL asks for; a missing or bad value falls back to its default rather than failing. */
export function parseListView<Sort extends string>(params: URLSearchParams, config: ListConfig<Sort>): ListView<Sort> {
  const pageText = params.get('page') ?? '';
  const page = WHOLE_NUMBER.test(pageText) ? Number(pageText) : 1;
  const pageSizeText = params.get('pageSize') ?? '';
  const pageSize = WHOLE_NUMBER.test(pageSizeText) ? Number(pageSizeText) : config.defaultPageSize;
  const sortText = params.get('sort');
  const orderText = params.get('order');
  const filters: Record<string, string> = {};
  for (const filter of config.filters) parseFilter(filter, params, filters);
  return {
    page: Math.max(page, 1),
    pageSize: config.pageSizes.includes(pageSize) ? pageSize : config.defaultPageSize,
    sort: config.sortable.find((key) => key === sortText) ?? config.defaultSort,
    order: SORT_ORDERS.find((order) => order === orderText) ?? config.defaultOrder,
    filters,
  };
}

/**
 * `base` (the URL's other params stay) with `view` written over the list's own params. Values
 * equal to their default are left out, so the list's plain address is its default view.
 */
export function writeListView<Sort extends string>(
  view: ListView<Sort>,
  config: ListConfig<Sort>,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const param of [...PROTOCOL_PARAMS, ...filterParams(config.filters)]) params.delete(param);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== config.defaultPageSize) params.set('pageSize', String(view.pageSize));
  if (view.sort !== config.defaultSort) params.set('sort', view.sort);
  if (view.order !== config.defaultOrder) params.set('order', view.order);
  for (const param of filterParams(config.filters)) {
    const value = view.filters[param];
    if (value) params.set(param, value);
  }
  return params;
}

/** The request for `view`: date-range days become the instants that bound them (see DateRangeFilter). */
export function toQuery<Sort extends string>(view: ListView<Sort>, config: ListConfig<Sort>): AdminListQuery<Sort> {
  const filters: Record<string, string> = { ...view.filters };
  for (const filter of config.filters) {
    if (filter.kind !== 'dateRange') continue;
    const from = parseDay(view.filters[filter.from] ?? '');
    const to = parseDay(view.filters[filter.to] ?? '');
    if (from) filters[filter.from] = from.toISOString();
    if (to) {
      const nextDay = new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1);
      filters[filter.to] = new Date(nextDay.getTime() - 1).toISOString();
    }
  }
  return { ...view, filters };
}

/** The query string of `query` for a list's GET: what a list's fetchPage puts after its path. */
export function adminListSearchParams(query: AdminListQuery): URLSearchParams {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    sort: query.sort,
    order: query.order,
  });
  for (const [param, value] of Object.entries(query.filters)) params.set(param, value);
  return params;
}
