import {
  type Column,
  type ColumnDef,
  createColumnHelper,
  metaHelper,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import type { CellLayout, ColumnPriority } from './data-table';

/** What a column may say about itself beyond TanStack's own options. */
export interface AdminListColumnMeta {
  /** The CSV header when the column's `header` is not plain text (defaults to the column id). */
  csvHeader?: string;
  /** Leaves the column out of the CSV (it is always left out when it has no accessor). */
  csvExclude?: boolean;
  /** 1 (the default) always shown; 2 gives way below 48rem of room, 3 below 64rem; a phone's card shows all. */
  priority?: ColumnPriority;
  /** A short value read as one (a date, a sum, a status): kept on one line. */
  nowrap?: boolean;
  /** The value's name in a card when the header is not plain text; '' for a cell that names itself. */
  cardLabel?: string;
  /** The header holds a control (a "select all" checkbox) that a card list keeps above its cards. */
  headerControl?: boolean;
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

/** How a column's cells sit in the table (data-table.tsx): its priority, its card label, whether it wraps. */
export function columnLayout<Row extends RowData>(column: Column<AdminListFeatures, Row, unknown>): CellLayout {
  const { header, meta } = column.columnDef;
  return {
    label: meta?.cardLabel ?? (typeof header === 'string' ? header : (meta?.csvHeader ?? '')),
    priority: meta?.priority,
    nowrap: meta?.nowrap,
  };
}
