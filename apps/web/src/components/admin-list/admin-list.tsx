/**
 * # AdminList: the one list of the back office
 *
 * Every admin list (admin log, products, codes, reports, invites, episodes, pushes) is this component with
 * three declarations: its columns, its filters and its fetchPage. It speaks the admin list protocol of
 * `@outpost/contracts/admin-list` (docs/decisions/0085-admin-lists.md): the server pages, sorts and filters;
 * the table only shows what it answers. The view (page, page size, sort, order, filters) lives in the URL, so
 * reload and back/forward keep it.
 *
 * ```tsx
 * import { type AdminLogEntry, adminLogPageSchema } from '@outpost/contracts/backoffice';
 * import type { Environment } from '@outpost/contracts/environments';
 * import { AdminList } from '../../components/admin-list/admin-list';
 * import { adminColumnHelper } from '../../components/admin-list/columns';
 * import { type AdminListFilter, adminListSearchParams } from '../../components/admin-list/list-view';
 * import { requestJson } from '../../lib/api';
 *
 * // Module scope: the table and the URL parser start over whenever these change identity.
 * const column = adminColumnHelper<AdminLogEntry>();
 * const columns = column.columns([
 *   // Sortable, because its id is one of `sortable`; the first press sorts newest first.
 *   column.accessor('timestamp', {
 *     header: 'When',
 *     sortDescFirst: true,
 *     cell: (cell) => new Date(cell.getValue()).toLocaleString(),
 *   }),
 *   column.accessor('action', { header: 'Action' }),
 *   column.accessor('admin', { header: 'Admin' }),
 *   // Not sortable. The CSV gets the accessor's value (here the object, as JSON), not the cell.
 *   column.accessor('data', { header: 'Details', cell: (cell) => <code>{JSON.stringify(cell.getValue())}</code> }),
 * ]);
 * const sortable = ['timestamp', 'action', 'admin'] as const;
 * const filters: readonly AdminListFilter[] = [
 *   { kind: 'text', param: 'action', label: 'Action' },
 *   { kind: 'text', param: 'admin', label: 'Admin', hint: 'The admin’s user id.' },
 *   // The URL holds days; the server gets `from`/`to` as ISO instants bounding them.
 *   { kind: 'dateRange', label: 'Date', from: 'from', to: 'to' },
 * ];
 *
 * export function AdminLogList({ environment }: { environment: Environment }) {
 *   return (
 *     <AdminList
 *       label="Admin log"
 *       hideCaption
 *       columns={columns}
 *       sortable={sortable}
 *       filters={filters}
 *       // Everything fetchPage depends on besides the query: here the environment.
 *       queryKey={['admin', environment, 'admin-log']}
 *       fetchPage={(query) =>
 *         requestJson(`/api/admin/${environment}/admin-log?${adminListSearchParams(query)}`, adminLogPageSchema)
 *       }
 *       getRowId={(entry) => String(entry.id)}
 *       rowAction={{ header: 'Entry', cell: (entry) => <Link to={`…/${entry.id}`}>Open</Link> }}
 *       csvFileName={`admin-log-${environment}`}
 *       emptyText="No admin action matches these filters."
 *     />
 *   );
 * }
 * ```
 *
 * Filters come in three kinds: `text`, `select` (`options: [{ value, label }]`, `allLabel`) and
 * `dateRange`. Options: `defaultSort` (else the first of `sortable`) and `defaultOrder` (else `desc`, as
 * the contract's default); `rowAction` adds a last column, e.g. a link to the row's page;
 * `hideCaption` keeps the caption for screen readers only when the screen's heading says the
 * same; `pageSizes` and `defaultPageSize` change the rows-per-page choices. A column may set
 * TanStack's `sortDescFirst` (first click sorts descending) and `meta: { csvHeader, csvExclude }`, and
 * how it sits in the table (data-table.tsx, docs/decisions/0129-tables-that-fit.md): `priority` (2 gives
 * way below 48rem of room, 3 below 64rem), `nowrap` for a short value read as one (a date, a sum, a
 * status) and `cardLabel` when a phone's card should name the value otherwise than the header.
 */
import { ADMIN_LIST_DEFAULT_PAGE_SIZE, type SortOrder } from '@outpost/contracts/admin-list';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import {
  type Column,
  functionalUpdate,
  type PaginationState,
  type RowData,
  type SortingState,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo } from 'react';
import styles from './admin-list.module.css';
import { type AdminListColumns, type AdminListFeatures, adminListFeatures, columnLayout } from './columns';
import { toCsv } from './csv';
import { csvColumns, downloadCsv, type FetchPage, fetchAllRows } from './csv-export';
import { CellValue, cellProps, DataTable, MessageRow } from './data-table';
import { ExportButton } from './export-button';
import { FilterForm } from './filter-form';
import { type AdminListFilter, DEFAULT_PAGE_SIZES, listConfig, toQuery } from './list-view';
import { Pagination } from './pagination';
import { useListView } from './use-list-view';

export interface AdminListProps<Row extends RowData, Sort extends string> {
  /** The table's caption and the name of its scrolling region. */
  label: string;
  /** Keeps the caption for assistive technology only, when a heading above says the same. */
  hideCaption?: boolean;
  columns: AdminListColumns<Row>;
  /** The server's sort keys; a column whose id is one of them gets a sort button. */
  sortable: readonly [Sort, ...Sort[]];
  defaultSort?: Sort;
  defaultOrder?: SortOrder;
  filters?: readonly AdminListFilter[];
  /** The cache key prefix: it must name everything fetchPage depends on besides the query. */
  queryKey: QueryKey;
  fetchPage: FetchPage<Row, Sort>;
  /** The export's file name (".csv" is added when missing). */
  csvFileName: string;
  /** What the table says when the filters match nothing. */
  emptyText: string;
  /** A stable id per row (React keys); the row's index on its page otherwise. */
  getRowId?: (row: Row) => string;
  /** A last column per row, e.g. a link to the row's own page, or a button. Not exported. */
  rowAction?: { header: string; cell: (row: Row) => ReactNode };
  pageSizes?: readonly number[];
  defaultPageSize?: number;
}

const NO_FILTERS: readonly AdminListFilter[] = [];
// One empty array for every render without data: a new one would rebuild the row model each time.
const NO_ROWS: never[] = [];
const count = new Intl.NumberFormat('en-US');

export function AdminList<Row extends RowData, Sort extends string>(props: AdminListProps<Row, Sort>) {
  const { label, columns, sortable, filters = NO_FILTERS, fetchPage, emptyText, rowAction } = props;
  const { defaultSort = sortable[0], defaultOrder = 'desc', pageSizes = DEFAULT_PAGE_SIZES } = props;
  const defaultPageSize = props.defaultPageSize ?? ADMIN_LIST_DEFAULT_PAGE_SIZE;
  const config = useMemo(
    () => listConfig({ sortable, defaultSort, defaultOrder, pageSizes, defaultPageSize, filters }),
    [sortable, defaultSort, defaultOrder, pageSizes, defaultPageSize, filters],
  );
  const { view, setPage, setPageSize, setSort, setFilters } = useListView(config);
  const query = useMemo(() => toQuery(view, config), [view, config]);
  const result = useQuery({
    queryKey: [...props.queryKey, 'list', query],
    queryFn: () => fetchPage(query),
    // The page on screen stays while the next one loads (marked busy), instead of flashing empty.
    placeholderData: keepPreviousData,
  });
  const page = result.data;

  const sorting = useMemo<SortingState>(
    () => [{ id: view.sort, desc: view.order === 'desc' }],
    [view.sort, view.order],
  );
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: view.page - 1, pageSize: view.pageSize }),
    [view.page, view.pageSize],
  );
  const table = useTable({
    features: adminListFeatures,
    columns,
    data: page?.rows ?? NO_ROWS,
    rowCount: page?.total ?? 0,
    getRowId: props.getRowId,
    // The server sorts and pages: the table keeps the state and renders the rows as they come.
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    state: { sorting, pagination },
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = functionalUpdate(updater, sorting);
      const key = sortable.find((candidate) => candidate === next?.id);
      if (next && key) setSort(key, next.desc ? 'desc' : 'asc');
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, pagination);
      if (next.pageSize !== pagination.pageSize) setPageSize(next.pageSize);
      else setPage(next.pageIndex + 1);
    },
  });

  const pageCount = Math.max(1, table.getPageCount());
  // Rows deleted elsewhere can leave the URL's page past the end: show the last page instead.
  const pastTheEnd = page !== undefined && !result.isPlaceholderData && view.page > pageCount;
  useEffect(() => {
    if (pastTheEnd) setPage(pageCount, { replace: true });
  }, [pastTheEnd, pageCount, setPage]);

  const exportCsv = async (onProgress: (fetched: number, total: number) => void) => {
    const rows = await fetchAllRows(fetchPage, query, onProgress);
    downloadCsv(props.csvFileName, toCsv(csvColumns(table.getAllLeafColumns()), rows));
    return rows.length;
  };

  const columnCount = table.getAllLeafColumns().length + (rowAction ? 1 : 0);
  const rows = table.getRowModel().rows;
  let message: ReactNode = null;
  if (page === undefined) message = 'Loading…';
  else if (page.total === 0) message = emptyText;

  return (
    <div className={styles.list}>
      {filters.length > 0 && <FilterForm label={label} filters={filters} values={view.filters} onApply={setFilters} />}
      <div className={styles.toolbar}>
        <p role="status" className={styles.total}>
          {page && `${count.format(page.total)} ${page.total === 1 ? 'result' : 'results'}`}
        </p>
        {page !== undefined && page.total > 0 && <ExportButton run={exportCsv} />}
      </div>
      {result.isError ? (
        <div role="alert" className={styles.failure}>
          <p>
            {label} could not be loaded: {result.error.message}
          </p>
          <button type="button" className="button" onClick={() => result.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <DataTable label={label} hideCaption={props.hideCaption} busy={result.isFetching}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} column={header.column} sortable={sortable} colSpan={header.colSpan}>
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </HeaderCell>
                ))}
                {rowAction && <th scope="col">{rowAction.header}</th>}
              </tr>
            ))}
          </thead>
          <tbody>
            {message !== null ? (
              <MessageRow columns={columnCount}>{message}</MessageRow>
            ) : (
              rows.map((row) => (
                <tr key={row.id}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} {...cellProps(columnLayout(cell.column))}>
                      <CellValue>
                        <table.FlexRender cell={cell} />
                      </CellValue>
                    </td>
                  ))}
                  {rowAction && <td>{rowAction.cell(row.original)}</td>}
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
      )}
      {page !== undefined && (
        <Pagination
          label={label}
          page={Math.min(view.page, pageCount)}
          pageCount={pageCount}
          pageSize={view.pageSize}
          pageSizes={pageSizes}
          canPrevious={table.getCanPreviousPage()}
          canNext={table.getCanNextPage()}
          onPrevious={() => table.previousPage()}
          onNext={() => table.nextPage()}
          onPageSize={(size) => table.setPageSize(size)}
        />
      )}
    </div>
  );
}

interface HeaderCellProps<Row extends RowData> {
  column: Column<AdminListFeatures, Row, unknown>;
  sortable: readonly string[];
  colSpan: number;
  children: ReactNode;
}

/**
 * A column header; a sortable one holds a button and carries aria-sort while the list is sorted
 * by it (the WAI-ARIA sortable table pattern). The first press sorts in the column's first
 * direction (TanStack's `sortDescFirst`, else ascending for text and descending otherwise),
 * the next ones flip it.
 */
function HeaderCell<Row extends RowData>({ column, sortable, colSpan, children }: HeaderCellProps<Row>) {
  // Its priority hides it with its cells; a control in it stays above a phone's cards.
  const hides = cellProps({ priority: columnLayout(column).priority });
  const span = colSpan > 1 ? colSpan : undefined;
  if (!sortable.includes(column.id)) {
    return (
      <th scope="col" colSpan={span} {...hides} data-control={column.columnDef.meta?.headerControl || undefined}>
        {children}
      </th>
    );
  }
  const sorted = column.getIsSorted();
  const toggle = () => {
    const next = sorted ? (sorted === 'desc' ? 'asc' : 'desc') : column.getFirstSortDir();
    column.table.setSorting([{ id: column.id, desc: next === 'desc' }]);
  };
  return (
    <th
      scope="col"
      colSpan={span}
      {...hides}
      data-control
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
    >
      <button type="button" className={styles.sortButton} onClick={toggle}>
        {children}
        <span aria-hidden="true" className={sorted ? styles.sortActive : styles.sortIdle}>
          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
