import { ADMIN_LIST_DEFAULT_PAGE_SIZE } from '@outpost/contracts/admin-list';
import type { JobRun, JobRunPage } from '@outpost/contracts/jobs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZES, listConfig, parseListView, toQuery } from '../../../components/admin-list/list-view';
import { StaticRouter } from '../../../lib/router/router';
import { jobRunsQueryKey } from '../api/get-job-runs';
import { JOB_RUN_FILTERS, JOB_RUN_SORTABLE, JobRuns } from './job-runs';

/*
 * What the jobs' history shows of each run, rendered for real from a cached page (the browser test
 * has the runner make the runs and filters them through the server).
 */

const CONFIG = listConfig({
  sortable: JOB_RUN_SORTABLE,
  defaultSort: 'runAt',
  defaultOrder: 'desc',
  pageSizes: DEFAULT_PAGE_SIZES,
  defaultPageSize: ADMIN_LIST_DEFAULT_PAGE_SIZE,
  filters: JOB_RUN_FILTERS,
});

function render(path: string, page?: JobRunPage, error?: Error) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } },
  });
  const query = toQuery(parseListView(new URL(path, 'http://test.invalid').searchParams, CONFIG), CONFIG);
  const key = [...jobRunsQueryKey('development'), 'list', query];
  if (page) client.setQueryData(key, page);
  if (error) client.getQueryCache().build(client, { queryKey: key }).setState({ status: 'error', error });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <StaticRouter location={path}>
        <JobRuns environment="development" />
      </StaticRouter>
    </QueryClientProvider>,
  );
}

const LONG_ERROR =
  'Error: POST https://carrier.invalid/api/v2/shipments/batch?include=labels,tracking,customs-declarations ' +
  'answered 503 Service Unavailable\nretry-after: 120';

const given: JobRun = {
  id: 7,
  name: 'merch.announce-opened-drops',
  status: 'failed',
  runAt: '2026-12-01T12:00:00.000Z',
  attempts: 5,
  maxAttempts: 5,
  instance: '019300aa-0000-7000-8000-000000000001',
  startedAt: '2026-12-01T12:25:10.000Z',
  finishedAt: '2026-12-01T12:25:11.000Z',
  lastError: LONG_ERROR,
};
const retrying: JobRun = {
  id: 6,
  name: 'accounts.sweep-deletions',
  status: 'pending',
  runAt: '2026-12-01T12:01:20.000Z',
  attempts: 1,
  maxAttempts: 5,
  instance: '019300aa-0000-7000-8000-000000000002',
  startedAt: '2026-12-01T12:01:09.000Z',
  finishedAt: null,
  lastError: 'Error: database is locked',
};
const waiting: JobRun = {
  id: 5,
  name: 'changes.prune',
  status: 'pending',
  runAt: '2026-12-01T13:00:00.000Z',
  attempts: 0,
  maxAttempts: 5,
  instance: null,
  startedAt: null,
  finishedAt: null,
  lastError: null,
};

describe('the background jobs’ history', () => {
  it('shows each run’s name, status, attempts, times in the viewer’s zone, instance and whole last error', () => {
    const html = render('/admin/log?tab=jobs', { rows: [given, retrying, waiting], total: 3, page: 1, pageSize: 25 });
    expect(html).toContain('>Job runs</caption>');
    expect(html).toContain('3 results');
    for (const header of ['Status', 'Attempts', 'Last error']) expect(html).toContain(`<th scope="col">${header}</th>`);
    // When it started and ended and where it ran give way first on a narrower table (data-table.tsx).
    for (const header of ['Started', 'Finished', 'Instance']) {
      expect(html).toContain(`<th scope="col" data-priority="3">${header}</th>`);
    }
    // Newest first by due time; the job name sorts too.
    expect(html).toMatch(/<th scope="col"[^>]* aria-sort="descending"><button type="button"[^>]*>Due/);
    expect(html).toMatch(/<th scope="col"[^>]*><button type="button"[^>]*>Job/);

    // Given up after its fifth attempt, with the error whole (its line break kept), not cut.
    // The name may break after its dots.
    expect(html).toContain('merch.<wbr/>announce-opened-drops');
    expect(html).toMatch(/<span class="[^"]*failed[^"]*">Given up<\/span>/);
    expect(html).toContain('5 of 5');
    expect(html).toMatch(
      /<p class="[^"]*error[^"]*">Error: POST https:\/\/carrier\.invalid[^<]*\nretry-after: 120<\/p>/,
    );
    // In the viewer's zone, to the second, the date and the time each kept whole.
    const finished = new Date('2026-12-01T12:25:11.000Z');
    const date = finished.toLocaleDateString(undefined, { dateStyle: 'medium' });
    const time = finished.toLocaleTimeString(undefined, { timeStyle: 'medium' });
    expect(html).toMatch(
      new RegExp(
        `<time dateTime="2026-12-01T12:25:11.000Z"><span class="[^"]*">${date}</span> <span class="[^"]*">${time}</span></time>`,
      ),
    );
    expect(html).toContain('019300aa-0000-7000-8000-000000000001');

    // Back in the queue after a failed attempt: waiting, to retry, and why.
    expect(html).toMatch(/>Waiting<\/span><span class="[^"]*">to retry<\/span>/);
    expect(html).toContain('1 of 5');
    expect(html).toContain('Error: database is locked');

    // Not run yet: no start, finish, error or instance, and no retry note.
    expect(html).toContain('0 of 5');
    expect(html.match(/to retry/g)).toHaveLength(1);
    expect(html).toMatch(
      /(<td[^>]*><div[^>]*>—<\/div><\/td>){3}<td[^>]*><div[^>]*><span class="[^"]*">—<\/span><\/div><\/td><\/tr><\/tbody>/,
    );
  });

  it('filters by job name and status, from the URL', () => {
    const html = render('/admin/log?tab=jobs&status=failed&name=changes.prune', {
      rows: [],
      total: 0,
      page: 1,
      pageSize: 25,
    });
    expect(html).toContain('<search aria-label="Filter Job runs">');
    expect(html).toMatch(
      /<label for="([^"]+)">Job<\/label><input id="\1" type="search"[^>]*name="name" value="changes.prune"/,
    );
    expect(html).toMatch(/<option value="failed" selected="">Given up<\/option>/);
    expect(html).toContain('<option value="">Every status</option>');
    for (const label of ['Waiting', 'Running', 'Done']) expect(html).toContain(`>${label}</option>`);
    expect(html).toContain('No job run matches these filters.');
  });

  it('says what failed and offers to try again', () => {
    const html = render('/admin/log?tab=jobs', undefined, new Error('You are not allowed to read the jobs.'));
    expect(html).toContain('role="alert"');
    expect(html).toContain('Job runs could not be loaded: You are not allowed to read the jobs.');
    expect(html).toContain('Try again');
  });
});
