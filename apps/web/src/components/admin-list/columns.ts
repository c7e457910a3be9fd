import {
  type ColumnDef,
  createColumnHelper,
  metaHelper,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';

/** What a column may say about itself beyond TanStack's own options. */
export interface AdminListColumnMeta {
  /** The CSV header when the column's `header` is not plain text (defaults to the column id). */
  csvHeader?: string;
  /** Leaves the column out of the CSV (it is always left out when it has no accessor). */
  csvExclude?: boolean;
}

/**
 * The table features every admin list registers: sorting and pagination state only, no row
 * models, because the server sorts, filters and pages (the table runs in manual mode).
 */
export const adminListFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnMeta: metaHelper<AdminListColumnMeta>(),
});

export type AdminListFeatures = typeof adminListFeatures;

/** The column helper of a list's rows: `const column = adminColumnHelper<AdminLogEntry>()`. */
export function adminColumnHelper<Row extends RowData>() {
  return createColumnHelper<AdminListFeatures, Row>();
}

export type AdminListColumns<Row extends RowData> = ReadonlyArray<ColumnDef<AdminListFeatures, Row, unknown>>;
