import { ADMIN_ROUTES, adminReportPath, adminUserPath } from '@outpost/contracts/admin-routes';
import { BETA_PLATFORM_LABELS } from '@outpost/contracts/beta';
import type { Me } from '@outpost/contracts/identity';
import type { FiledReport } from '@outpost/contracts/moderation';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useRoleSessions } from './accounts-helpers';
import { callApi, seriousAxeViolations, useSite, visibleUserIds } from './harness';

/*
 * People by name on the moderation and beta screens (docs/decisions/0087-people-and-things-by-name.md): with
 * the demo data and a player who filed a report, sent feedback and asked to join the beta, every screen names
 * people (their @name linking to their page) and never shows a raw user id but on that page; stored keys read
 * as words.
 */

// 2 sign-ups from one address: under the server's default auth rate limits.
const fixture = useSite();
const { sessions, accounts } = useRoleSessions(fixture, ['admin', 'player'] as const);

const url = (path: string) => `${fixture.site.url}${path}`;
const tag = Date.now().toString(36).slice(-5);
const ADMIN_API = '/api/admin/development';
let playerID: string;
let adminID: string;
let filed: FiledReport;

beforeAll(async () => {
  const player = sessions.player.page;
  playerID = (await callApi<Me>(player, 'GET', '/api/auth/me')).user?.id ?? '';
  adminID = (await callApi<Me>(sessions.admin.page, 'GET', '/api/auth/me')).user?.id ?? '';
  expect(playerID).toMatch(/^[A-Za-z0-9]{32}$/);
  filed = await callApi<FiledReport>(player, 'POST', '/api/account/reports', {
    category: 'cheating',
    target: `@wallhack_${tag}`,
    text: `Shoots through the container walls (${tag}).`,
  });
  // The demo's objective and beta-config/v1's keys: the review shows their words.
  await callApi(player, 'POST', '/api/account/feedback', {
    mission: 'first-base',
    category: 'bug',
    sentiment: 'positive',
    text: `The crane is great fun ${tag}.`,
  });
  await callApi(player, 'PUT', '/api/account/beta/request', {
    data: { platform: 'ios', heardFrom: `A friend at school ${tag}`, why: null },
  });
});

const playerName = () => `@${accounts.player.displayName}`;

/** What every screen owes its reader: its title, no raw user id in the main region, no serious axe violation. */
async function expectNamedScreen(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.title()).toBe(`${title} — Admin — Outpost`);
  expect(await visibleUserIds(page)).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** A person's name in `scope`, a link to their page in the moderation hub. */
async function expectPersonLink(scope: Locator, name: string, userID: string): Promise<void> {
  const link = scope.getByRole('link', { name, exact: true });
  await link.waitFor();
  expect(await link.getAttribute('href')).toBe(adminUserPath(userID));
}

/** A cell of a row by its column's header. */
async function cellOf(page: Page, row: Locator, header: string): Promise<Locator> {
  const headers = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const index = headers.findIndex((text) => text === header || text.startsWith(`${header}\n`));
  expect(index, `no column ${header} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

/** The definition a fact's term (`dt`) introduces. */
const fact = (scope: Page | Locator, term: string) =>
  scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

describe('the reports, by name', () => {
  it('names the player who filed a report and the game for the demo’s, the same on the list and the report', async () => {
    const { page } = sessions.admin;
    await page.goto(url(ADMIN_ROUTES.adminReports));
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    // Reports are named by their numbers.
    const rowOf = (reportNumber: number) =>
      page.getByRole('row').filter({ has: page.getByRole('link', { name: `#${reportNumber}`, exact: true }) });
    const row = rowOf(filed.reportNumber);
    await row.waitFor();
    const filedBy = await cellOf(page, row, 'Filed by');
    await expectPersonLink(filedBy, playerName(), playerID);
    const listed = (await filedBy.innerText()).trim();
    expect(listed.split('\n')).toEqual([playerName(), accounts.player.email, 'from the account area']);
    // The demo report the game filed: "The game", here and on its page.
    const demo = await callApi<FiledReport>(page, 'GET', `${ADMIN_API}/reports/demoreport000001`);
    const demoRow = rowOf(demo.reportNumber);
    const demoFiler = (await (await cellOf(page, demoRow, 'Filed by')).innerText()).trim();
    expect(demoFiler).toBe('The game');
    await expectNamedScreen(page, 'Reports');

    await page.goto(url(adminReportPath('demoreport000001')));
    await page.getByRole('heading', { level: 2, name: 'Unresolved report' }).waitFor();
    expect((await fact(page, 'Filed by').innerText()).trim()).toBe(demoFiler);
    await expectNamedScreen(page, `Report #${demo.reportNumber}`);

    // The player's report, resolved by the admin: both people named on its page, as on the list.
    await callApi(page, 'POST', `${ADMIN_API}/reports/${filed.reportID}/resolve`, { resolution: 'Warned.' });
    await page.goto(url(adminReportPath(filed.reportID)));
    await page.getByRole('heading', { level: 2, name: 'Resolved report' }).waitFor();
    expect((await fact(page, 'Filed by').innerText()).trim()).toBe(listed);
    await expectPersonLink(fact(page, 'Filed by'), playerName(), playerID);
    await expectPersonLink(fact(page, 'Resolved by'), `@${accounts.admin.displayName}`, adminID);
    expect((await fact(page, 'Resolved by').innerText()).split('\n')).toEqual([
      `@${accounts.admin.displayName}`,
      accounts.admin.email,
    ]);
    await expectNamedScreen(page, `Report #${filed.reportNumber}`);
  });
});

describe('the feedback review, by name', () => {
  it('names the player and says the objective, category and sentiment in words', async () => {
    const { page } = sessions.admin;
    await page.goto(url(ADMIN_ROUTES.adminFeedback));
    await page.getByRole('heading', { level: 1, name: 'Feedback review' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: `The crane is great fun ${tag}.` });
    await row.waitFor();
    expect((await (await cellOf(page, row, 'Objective')).innerText()).trim()).toBe('Build your first container base');
    // beta-config/v1's labels for the stored keys bug and positive.
    expect((await (await cellOf(page, row, 'Category')).innerText()).trim()).toBe('Bug');
    expect((await (await cellOf(page, row, 'Sentiment')).innerText()).trim()).toBe('Loved it');
    await expectPersonLink(await cellOf(page, row, 'Player'), playerName(), playerID);
    await expectNamedScreen(page, 'Feedback review');
  });
});

describe('the beta requests, by name', () => {
  it('names the requester and lists their answers as labelled words', async () => {
    const { page } = sessions.admin;
    await page.goto(url(ADMIN_ROUTES.adminBetaRequests));
    await page.getByRole('heading', { level: 1, name: 'Beta requests' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: accounts.player.email });
    await row.waitFor();
    await expectPersonLink(await cellOf(page, row, 'Player'), playerName(), playerID);
    const answers = await cellOf(page, row, 'Answers');
    expect((await answers.innerText()).split('\n')).toEqual([
      `Platform: ${BETA_PLATFORM_LABELS.ios}`,
      `Heard from: A friend at school ${tag}`,
      'Why they want to join: —',
    ]);
    expect(await answers.locator('dt').allInnerTexts()).toEqual(['Platform:', 'Heard from:', 'Why they want to join:']);
    await expectNamedScreen(page, 'Beta requests');
  });
});

describe('the user search, by name', () => {
  it('shows a hit’s name and email linking to their page, which alone shows the id, with its Copy button', async () => {
    const { page } = sessions.admin;
    await page.goto(url(`${ADMIN_ROUTES.adminUsers}?q=${encodeURIComponent(accounts.player.displayName)}`));
    await page.getByRole('heading', { level: 1, name: 'User search' }).waitFor();
    const hit = page.getByRole('article', { name: playerName() });
    await hit.getByText('Exact match').waitFor();
    await expectPersonLink(hit, playerName(), playerID);
    expect((await fact(hit, 'Email').innerText()).trim()).toBe(accounts.player.email);
    expect(await hit.locator('dt', { hasText: 'User ID' }).count()).toBe(0);
    await expectNamedScreen(page, 'User search');

    await hit.getByRole('link', { name: playerName(), exact: true }).click();
    await page.waitForURL(url(adminUserPath(playerID)));
    await page.getByRole('heading', { level: 2, name: 'Account', exact: true }).waitFor();
    const id = fact(page, 'User ID');
    expect((await id.innerText()).trim().split('\n')[0]).toBe(playerID);
    await id.getByRole('button', { name: 'Copy the user ID' }).waitFor();
    expect(await visibleUserIds(page)).toEqual([playerID]);
    await expect.poll(() => page.title()).toBe(`Player ${playerName()} — Admin — Outpost`);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
