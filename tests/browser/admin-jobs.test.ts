import { hostname } from 'node:os';
import type { JobRunPage } from '@outpost/contracts/jobs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { JobRunner } from '../../apps/server/src/platform/jobs/runner';
import { useRoleSessions } from './accounts-helpers';
import { consoleScreen } from './admin-pages';
import { MOBILE_VIEWPORT, seriousAxeViolations, useSite } from './harness';

/*
 * The background jobs' history as staff read it: the runs the app's own runner made since the server started
 * (its periodic jobs run once at start), and two runs that failed for real. No job of the app fails on
 * demand, so a second runner over the same store, with jobs of this test that throw, makes them: the runner's
 * own retry, backoff and give-up write what the screen shows.
 */

// 2 sign-ups from one address: under the server's default auth rate limits.
const fixture = useSite();
const ROLES = ['staff', 'moderator'] as const;
const { sessions } = useRoleSessions(fixture, ROLES);

const url = (path: string) => `${fixture.site.url}${path}`;
const HOUR = 60 * 60_000;

const BROKEN = 'test.carrier-sync';
const FLAKY = 'test.warehouse-export';
const TEST_INSTANCE = 'browser-test-runner';
const BROKEN_ERROR =
  'POST https://carrier.invalid/api/v2/shipments/batch?include=labels,tracking,customs-declarations,' +
  'insurance-certificates,proof-of-delivery answered 503 Service Unavailable; the carrier asks to retry ' +
  'after its maintenance window, which ends at 04:00 UTC';
const FLAKY_ERROR = 'the warehouse answered 429 Too Many Requests';

beforeAll(async () => {
  const { identity } = fixture.site.server.stores;
  // The app's runner made its first runs at start; wait until they are history.
  await vi.waitFor(
    async () => {
      const done = await identity.selectFrom('jobs').select('name').where('status', '=', 'done').execute();
      expect(done.map((row) => row.name)).toEqual(
        expect.arrayContaining(['changes.prune', 'accounts.sweep-deletions', 'jobs.prune-history']),
      );
    },
    { timeout: 15_000, interval: 200 },
  );

  const runner = new JobRunner({
    db: identity,
    definitions: [
      // Given up after its second attempt, retried at once.
      {
        name: BROKEN,
        maxAttempts: 2,
        backoffMs: () => 0,
        run: async () => {
          throw new Error(BROKEN_ERROR);
        },
      },
      // Failed once, due again in an hour.
      {
        name: FLAKY,
        maxAttempts: 3,
        backoffMs: () => HOUR,
        run: async () => {
          throw new Error(FLAKY_ERROR);
        },
      },
    ],
    log: { info() {}, error() {} },
    instanceId: TEST_INSTANCE,
  });
  await runner.enqueue(BROKEN, null);
  await runner.enqueue(FLAKY, null);
  // Three attempts in all: the broken job's two, the flaky job's first.
  expect(await runner.runDue()).toBe(3);
});

const runs = (page: Page) => page.getByRole('table', { name: 'Job runs' });
const bodyRows = (page: Page) => runs(page).locator('tbody tr');
const rowOf = (page: Page, name: string) => bodyRows(page).filter({ hasText: name });
const jobNames = (page: Page) => bodyRows(page).locator('td:first-child').allInnerTexts();

async function applyFilters(page: Page, filters: { job?: string; status?: string }, expectUrl: RegExp) {
  const search = page.getByRole('search', { name: 'Filter Job runs' });
  await search.getByRole('searchbox', { name: 'Job' }).fill(filters.job ?? '');
  await search.getByLabel('Status').selectOption({ label: filters.status ?? 'Every status' });
  await search.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL(expectUrl);
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
}

describe('the background jobs, as staff', () => {
  it('are reached from the dashboard and list the runner’s real runs, newest first', async () => {
    const { page } = sessions.staff;
    await page.goto(url('/admin'));
    await consoleScreen(page).getByRole('link', { name: 'Background jobs' }).click();
    await page.waitForURL(/\/admin\/log\?tab=jobs$/);
    await page.getByRole('heading', { level: 1, name: 'Background jobs' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Background jobs' }).getAttribute('aria-selected')).toBe('true');

    // The app's periodic jobs: done once at start by the app's instance, the next run waiting.
    const prune = rowOf(page, 'changes.prune');
    await prune.first().waitFor();
    const done = prune.filter({ hasText: 'Done' });
    // On a busy machine the page may come before the first runs end: the live list catches up.
    await expect.poll(() => done.count()).toBe(1);
    // Every cell, those of columns that give way at this width too (data-table.tsx): the row holds them all.
    const cells = await done.locator('td').allInnerTexts();
    expect(cells[2]).toBe('1 of 5');
    for (const time of cells.slice(3, 6)) expect(time).toMatch(/\d{1,2}:\d{2}:\d{2}/);
    // No error; the app's instance, named by its host and a short random part, not this test's runner.
    expect(cells[6]).toBe('—');
    expect(cells[7]).toBe(`${hostname()} ${cells[7]?.slice(-6)}`);
    expect(cells[7]).toMatch(/ [a-z0-9]{6}$/);
    expect(await prune.filter({ hasText: 'Waiting' }).count()).toBe(1);
    // Every periodic job's rows, not only the first page's (each job has a run done and one waiting).
    await page.goto(url('/admin/log?tab=jobs&pageSize=100'));
    await prune.first().waitFor();
    for (const name of [
      'accounts.sweep-deletions',
      'merch.return-lapsed-reservations',
      'merch.announce-opened-drops',
    ]) {
      await expect.poll(() => rowOf(page, name).filter({ hasText: 'Done' }).count()).toBeGreaterThanOrEqual(1);
    }
    // Newest first by due time: the demo's scheduled remote-config publish, a week away (queued by the
    // requeue pass at start), leads; the history pruning's next run, a day away, follows.
    expect(await runs(page).getByRole('columnheader', { name: 'Due' }).getAttribute('aria-sort')).toBe('descending');
    const leading = async (index: number) =>
      (await bodyRows(page).nth(index).locator('td').allInnerTexts()).slice(0, 3);
    await expect.poll(() => leading(0)).toEqual(['remote-config.publish-scheduled', 'Waiting', '0 of 5']);
    expect(await leading(1)).toEqual(['jobs.prune-history', 'Waiting', '0 of 5']);

    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows why a run was given up, whole, and filters by status and job on the server', async () => {
    const { page } = sessions.staff;
    await page.goto(url('/admin/log?tab=jobs'));
    await rowOf(page, BROKEN).waitFor();

    await applyFilters(page, { status: 'Given up' }, /status=failed/);
    // The list may still show the last answer a moment after the URL moved: wait for the filtered one.
    await expect.poll(() => jobNames(page)).toEqual([BROKEN]);
    const broken = await bodyRows(page).locator('td').allInnerTexts();
    expect(broken.slice(0, 3)).toEqual([BROKEN, 'Given up', '2 of 2']);
    expect(broken[6]).toBe(`Error: ${BROKEN_ERROR}`);
    expect(broken[7]).toBe(TEST_INSTANCE);
    // Wrapped inside its cell, not cut: nothing of it overflows, it takes several lines, and on a
    // desktop screen it is in view without scrolling the table sideways.
    const error = bodyRows(page).getByText(BROKEN_ERROR);
    const box = await error.evaluate((element) => {
      const region = element.closest('section')?.getBoundingClientRect();
      const own = element.getBoundingClientRect();
      return {
        overflow: element.scrollWidth - element.clientWidth,
        lines: Math.round(own.height / Number.parseFloat(getComputedStyle(element).lineHeight)),
        inView: region !== undefined && own.left >= region.left && own.right <= region.right,
      };
    });
    expect(box).toMatchObject({ inView: true });
    expect(box.overflow).toBeLessThanOrEqual(0);
    expect(box.lines).toBeGreaterThan(1);

    // Failed once and due again: waiting to retry, with the reason.
    await applyFilters(page, { job: FLAKY, status: 'Waiting' }, /status=pending/);
    await expect.poll(() => jobNames(page)).toEqual([FLAKY]);
    const flaky = await bodyRows(page).locator('td').allInnerTexts();
    expect(flaky[0]).toBe(FLAKY);
    expect(flaky[1]).toMatch(/^Waiting\s+to retry$/);
    expect(flaky[2]).toBe('1 of 3');
    expect(flaky[5]).toBe('—');
    expect(flaky[6]).toBe(`Error: ${FLAKY_ERROR}`);

    // By job name alone: every run of that job, whatever its status.
    await applyFilters(page, { job: 'changes.prune' }, /name=changes\.prune$/);
    await expect.poll(async () => new Set(await jobNames(page))).toEqual(new Set(['changes.prune']));
    expect((await jobNames(page)).length).toBeGreaterThanOrEqual(2);

    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('switches between the admin log and the jobs with the keyboard, and fits a phone', async () => {
    const { page } = sessions.staff;
    await page.goto(url('/admin/log?tab=jobs'));
    await runs(page).waitFor();
    await page.getByRole('tab', { name: 'Background jobs' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('heading', { level: 1, name: 'Admin Log' }).waitFor();
    await page.getByRole('table', { name: 'Admin log' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.keyboard.press('ArrowRight');
    await runs(page).waitFor();
    expect(new URL(page.url()).search).toBe('?tab=jobs');

    await page.setViewportSize(MOBILE_VIEWPORT);
    await page.reload();
    await rowOf(page, BROKEN).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('the background jobs, as a moderator', () => {
  it('are neither linked nor shown, and the server refuses them', async () => {
    const { page } = sessions.moderator;
    await page.goto(url('/admin'));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await consoleScreen(page).getByRole('link', { name: 'Admin Log' }).waitFor();
    expect(await page.getByRole('link', { name: 'Background jobs' }).count()).toBe(0);

    await page.goto(url('/admin/log'));
    await page.getByRole('table', { name: 'Admin log' }).waitFor();
    expect(await page.getByRole('tablist').count()).toBe(0);

    await page.goto(url('/admin/log?tab=jobs'));
    await page.getByText('The background jobs are read by staff and admins; your role cannot see them.').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByText(BROKEN).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/admin/development/jobs');
      return { status: response.status, body: (await response.json()) as Partial<JobRunPage> };
    });
    expect(answer.status).toBe(403);
    expect(answer.body.rows).toBeUndefined();
  });
});
