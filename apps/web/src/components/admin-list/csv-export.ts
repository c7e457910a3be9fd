import { ADMIN_LIST_MAX_PAGE_SIZE, type AdminListPage } from '@outpost/contracts/admin-list';
import type { Column, RowData } from '@tanstack/react-table';
import type { AdminListFeatures } from './columns';
import type { CsvColumn } from './csv';
import type { AdminListQuery } from './list-view';

/*
 * CSV export of what the filters match: the same query the table shows, paged through at the
 * protocol's largest page size, so the file holds every matching row and not just the page on
 * screen, and the server stays the only place that filters and sorts.
 */

export type FetchPage<Row, Sort extends string = string> = (query: AdminListQuery<Sort>) => Promise<AdminListPage<Row>>;

/**
 * Every row `query` matches, in its order, from page 1 until `total` is reached. It also stops
 * at a short or empty page: rows deleted while exporting would otherwise leave `total` out of
 * reach and the loop asking forever.
 */
export async function fetchAllRows<Row, Sort extends string>(
  fetchPage: FetchPage<Row, Sort>,
  query: AdminListQuery<Sort>,
  onProgress?: (fetched: number, total: number) => void,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchPage({ ...query, page, pageSize: ADMIN_LIST_MAX_PAGE_SIZE });
    rows.push(...answer.rows);
    onProgress?.(rows.length, answer.total);
    if (rows.length >= answer.total || answer.rows.length < ADMIN_LIST_MAX_PAGE_SIZE) return rows;
  }
}

/**
 * The table's columns as CSV columns: those with an accessor (a display column such as a row's
 * buttons has no value), unless `meta.csvExclude`. The value is the accessor's, not the rendered
 * cell, so a spreadsheet gets the data rather than its on-screen formatting.
 */
export function csvColumns<Row extends RowData>(
  columns: readonly Column<AdminListFeatures, Row, unknown>[],
): CsvColumn<Row>[] {
  return columns.flatMap((column) => {
    const { accessorFn } = column;
    const { header, meta } = column.columnDef;
    if (!accessorFn || meta?.csvExclude) return [];
    return [{ header: meta?.csvHeader ?? (typeof header === 'string' ? header : column.id), value: accessorFn }];
  });
}

/** The file name with one .csv at the end. */
export function csvFileName(name: string): string {
  return name.toLowerCase().endsWith('.csv') ? name : `${name}.csv`;
}

/**
 * Hands `text` to the browser as a download. The byte order mark makes Excel read the file as
 * UTF-8 (it assumes the system's code page otherwise and garbles every accented name).
 */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(fileName);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute later it has started.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
