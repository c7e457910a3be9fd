import { ADMIN_LIST_MAX_PAGE_SIZE, type AdminListPage } from '@outpost/contracts/admin-list';
import { type Column, useTable } from '@tanstack/react-table';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type AdminListFeatures, adminColumnHelper, adminListFeatures } from './columns';
import { toCsv } from './csv';
import { csvColumns, csvFileName, fetchAllRows } from './csv-export';
import type { AdminListQuery } from './list-view';

const QUERY: AdminListQuery = { page: 3, pageSize: 10, sort: 'id', order: 'asc', filters: { admin: 'u1' } };

/** A server holding `total` rows 0, 1, 2, … that records the queries it was sent. */
function fakeServer(total: number, shrinkTo?: number) {
  const queries: AdminListQuery[] = [];
  const fetchPage = async (query: AdminListQuery): Promise<AdminListPage<number>> => {
    queries.push(query);
    // Rows deleted while exporting: the total drops under what the first page announced.
    const now = queries.length > 1 && shrinkTo !== undefined ? shrinkTo : total;
    const start = (query.page - 1) * query.pageSize;
    const rows = Array.from({ length: Math.max(0, Math.min(query.pageSize, now - start)) }, (_, i) => start + i);
    return { rows, total: queries.length > 1 ? now : total, page: query.page, pageSize: query.pageSize };
  };
  return { queries, fetchPage };
}

describe('fetchAllRows', () => {
  it('pages through the same query at the largest page size until the total is reached', async () => {
    const total = ADMIN_LIST_MAX_PAGE_SIZE * 2 + 7;
    const server = fakeServer(total);
    const progress: [number, number][] = [];
    const rows = await fetchAllRows(server.fetchPage, QUERY, (fetched, all) => progress.push([fetched, all]));
    expect(rows).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(server.queries.map((query) => query.page)).toEqual([1, 2, 3]);
    for (const query of server.queries) {
      expect(query).toMatchObject({
        pageSize: ADMIN_LIST_MAX_PAGE_SIZE,
        sort: 'id',
        order: 'asc',
        filters: { admin: 'u1' },
      });
    }
    expect(progress).toEqual([
      [500, total],
      [1000, total],
      [total, total],
    ]);
  });

  it('asks once for an empty list and once for an exact page', async () => {
    const empty = fakeServer(0);
    expect(await fetchAllRows(empty.fetchPage, QUERY)).toEqual([]);
    expect(empty.queries).toHaveLength(1);
    const exact = fakeServer(ADMIN_LIST_MAX_PAGE_SIZE);
    expect(await fetchAllRows(exact.fetchPage, QUERY)).toHaveLength(ADMIN_LIST_MAX_PAGE_SIZE);
    expect(exact.queries).toHaveLength(1);
  });

  it('stops at a short page when rows disappear while it pages', async () => {
    const server = fakeServer(ADMIN_LIST_MAX_PAGE_SIZE * 3, ADMIN_LIST_MAX_PAGE_SIZE + 10);
    const rows = await fetchAllRows(server.fetchPage, QUERY);
    expect(rows).toHaveLength(ADMIN_LIST_MAX_PAGE_SIZE + 10);
    expect(server.queries).toHaveLength(2);
  });

  it('passes a failed page on', async () => {
    const failing = async (): Promise<AdminListPage<number>> => {
      throw new Error('pageSize must be at most 500.');
    };
    await expect(fetchAllRows(failing, QUERY)).rejects.toThrow('pageSize must be at most 500.');
  });
});

type Entry = { id: number; action: string; data: Record<string, unknown>; secret: string };
const column = adminColumnHelper<Entry>();
const columns = column.columns([
  column.accessor('id', { header: 'Id' }),
  column.accessor('action', { header: () => 'Action (rendered)', meta: { csvHeader: 'Action' } }),
  column.accessor((entry) => entry.data, { id: 'details', header: () => 'Details' }),
  column.accessor('secret', { header: 'Secret', meta: { csvExclude: true } }),
  column.display({ id: 'open', header: 'Open', cell: () => 'Open' }),
]);

// The columns as the React adapter builds them, taken out of one render.
let leafColumns: Column<AdminListFeatures, Entry, unknown>[] = [];
function ColumnsProbe() {
  leafColumns = useTable({ features: adminListFeatures, columns, data: [] }).getAllLeafColumns();
  return null;
}

describe('csvColumns', () => {
  it('exports the accessor values of the columns that have one, under their text headers', () => {
    renderToStaticMarkup(<ColumnsProbe />);
    const csv = toCsv(csvColumns(leafColumns), [{ id: 7, action: '=evil()', data: { code: 'A' }, secret: 's' }]);
    expect(csv).toBe('Id,Action,details\r\n7,\'=evil(),"{""code"":""A""}"\r\n');
  });
});

describe('csvFileName', () => {
  it('ends the name with one .csv', () => {
    expect(csvFileName('admin-log-beta')).toBe('admin-log-beta.csv');
    expect(csvFileName('products.CSV')).toBe('products.CSV');
  });
});
