import type { AdminListPage } from '@outpost/contracts/admin-list';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StaticRouter } from '../../lib/router/router';
import { AdminList } from './admin-list';
import { adminColumnHelper } from './columns';
import { type AdminListFilter, type AdminListQuery, parseListView, toQuery } from './list-view';

/*
 * What the list renders for a given URL and cache: the markup of each state. Interaction
 * (sorting, paging, filtering, export) is the admin screens' browser tests' part.
 */

type Entry = { id: number; action: string; admin: string };
const column = adminColumnHelper<Entry>();
const columns = column.columns([
  column.accessor('action', { header: 'Action' }),
  column.accessor('admin', { header: 'Admin', meta: { priority: 3, cardLabel: 'Admin’s id' } }),
  column.accessor('id', { header: 'Id', meta: { priority: 2, nowrap: true } }),
]);
const sortable = ['id', 'action'] as const;
const filters: readonly AdminListFilter[] = [
  { kind: 'text', param: 'admin', label: 'Admin', hint: 'A user id.' },
  { kind: 'select', param: 'kind', label: 'Kind', options: [{ value: 'code', label: 'Codes' }] },
  { kind: 'dateRange', label: 'Date', from: 'from', to: 'to' },
];
const KEY = ['test', 'entries'];
const CONFIG = {
  sortable,
  defaultSort: 'id',
  defaultOrder: 'desc',
  pageSizes: [10, 25, 50, 100],
  defaultPageSize: 25,
  filters,
} as const;

function render(path: string, page?: AdminListPage<Entry>, error?: Error) {
  // Fresh data and a settled error, as a browser would hold them once the requests are answered.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } },
  });
  const query = toQuery(parseListView(new URL(path, 'http://test.invalid').searchParams, CONFIG), CONFIG);
  if (page) client.setQueryData([...KEY, 'list', query], page);
  if (error) {
    client
      .getQueryCache()
      .build(client, { queryKey: [...KEY, 'list', query] })
      .setState({ status: 'error', error });
  }
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <StaticRouter location={path}>
        <AdminList
          label="Entries"
          columns={columns}
          sortable={sortable}
          filters={filters}
          queryKey={KEY}
          fetchPage={(_query: AdminListQuery) => new Promise<AdminListPage<Entry>>(() => {})}
          getRowId={(entry) => String(entry.id)}
          rowAction={{ header: 'Open', cell: (entry) => <a href={`/entries/${entry.id}`}>Open {entry.id}</a> }}
          csvFileName="entries"
          emptyText="No entry matches these filters."
        />
      </StaticRouter>
    </QueryClientProvider>,
  );
}

const entries = (count: number, from = 1): Entry[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, action: `action ${from + i}`, admin: 'u1' }));

describe('AdminList', () => {
  it('is a busy, captioned, scrollable region while the first page loads', () => {
    const html = render('/entries');
    expect(html).toMatch(/<section aria-label="Entries" tabindex="0" aria-busy="true"/);
    expect(html).toContain('<caption');
    expect(html).toContain('>Entries</caption>');
    expect(html).toContain('Loading…');
    expect(html).not.toContain('Page 1 of');
  });

  it('shows the rows, the total, the page and buttons on the sortable headers only', () => {
    const html = render('/entries?page=2&pageSize=10', { rows: entries(10, 11), total: 42, page: 2, pageSize: 10 });
    expect(html).toMatch(/<section aria-label="Entries" tabindex="0" aria-busy="false"/);
    expect(html).toContain('42 results');
    expect(html).toContain('Page 2 of 5');
    expect(html).toContain('action 11');
    expect(html).toContain('action 20');
    expect(html).toContain('<a href="/entries/11">Open 11</a>');
    expect(html).toMatch(
      /<th scope="col" data-priority="2" data-control="true" aria-sort="descending"><button type="button"[^>]*>Id/,
    );
    expect(html).toMatch(/<th scope="col" data-control="true"><button type="button"[^>]*>Action/);
    expect(html).toContain('<th scope="col" data-priority="3">Admin</th>');
    expect(html).toContain('<th scope="col">Open</th>');
    expect(html).toMatch(/<option value="10" selected="">10<\/option>/);
    expect(html).toMatch(/aria-disabled="false"[^>]*>Previous/);
    expect(html).toContain('Export CSV');
  });

  it('labels each cell for a phone’s card and marks the columns that give way and the values kept on one line', () => {
    const html = render('/entries', { rows: entries(1, 7), total: 1, page: 1, pageSize: 25 });
    const row = html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>'));
    expect(row).toMatch(/<td data-label="Action"><div class="[^"]+">action 7<\/div><\/td>/);
    // The card's label may differ from the header; the priority hides the cell with its header.
    expect(row).toMatch(/<td data-label="Admin’s id" data-priority="3"><div class="[^"]+">u1<\/div><\/td>/);
    expect(row).toMatch(/<td data-label="Id" data-priority="2" class="[^"]+"><div class="[^"]+">7<\/div><\/td>/);
    // The row's action names itself: no label before it.
    expect(row).toContain('<td><a href="/entries/7">Open 7</a></td>');
  });

  it('marks the sort the URL asks for and disables Next on the last page', () => {
    const html = render('/entries?sort=action&order=asc&page=5&pageSize=10', {
      rows: entries(2, 41),
      total: 42,
      page: 5,
      pageSize: 10,
    });
    expect(html).toMatch(/<th scope="col" data-control="true" aria-sort="ascending"><button type="button"[^>]*>Action/);
    expect(html).not.toContain('aria-sort="descending"');
    expect(html).toMatch(/aria-disabled="true"[^>]*>Next/);
    expect(html).toMatch(/aria-disabled="false"[^>]*>Previous/);
  });

  it('says the empty text when the filters match nothing, and fills the filters from the URL', () => {
    const html = render('/entries?admin=u9&kind=code&from=2026-11-01', { rows: [], total: 0, page: 1, pageSize: 25 });
    expect(html).toContain('No entry matches these filters.');
    expect(html).toContain('0 results');
    expect(html).toContain('Page 1 of 1');
    expect(html).not.toContain('Export CSV');
    expect(html).toContain('<search aria-label="Filter Entries"><form');
    expect(html).toMatch(/<label for="([^"]+)">Admin<\/label><input id="\1" type="search"[^>]*name="admin" value="u9"/);
    expect(html).toMatch(/<option value="code" selected="">Codes<\/option>/);
    expect(html).toMatch(/<legend>Date<\/legend>/);
    expect(html).toMatch(/type="date"[^>]*name="from" value="2026-11-01"/);
    expect(html).toMatch(/type="date"[^>]*min="2026-11-01" name="to" value=""/);
  });

  it('says what failed and offers to try again', () => {
    const html = render('/entries', undefined, new Error('You are not allowed to read this list.'));
    expect(html).toContain('role="alert"');
    expect(html).toContain('Entries could not be loaded: You are not allowed to read this list.');
    expect(html).toContain('Try again');
    expect(html).not.toContain('<table');
  });
});
