import { ADMIN_ROUTES, adminReportPath, adminUserPath } from '@outpost/contracts/admin-routes';
import type { Feedback, FeedbackInput } from '@outpost/contracts/beta';
import type { Me } from '@outpost/contracts/identity';
import { type FiledReport, REPORT_MESSAGES, type Report } from '@outpost/contracts/moderation';
import { ROUTES } from '@outpost/contracts/routes';
import { USER_KEYS_MESSAGES, type UserSearchResult } from '@outpost/contracts/user-search';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUnresolvedReports } from '../../apps/server/src/moderation/queries';
import { type Account, type RoleSession, signUpThroughUi, useRoleSessions } from './accounts-helpers';
import { callApi, MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from './harness';

// 3 sign-ups from one address: under the server's default auth rate limits. No demo data: the
// reports, feedback and accounts are the ones this file makes.
const fixture = useSite({ SEED_DEMO_DATA: 'false' });
const ROLES = ['admin', 'moderator'] as const;
const { sessions, accounts } = useRoleSessions(fixture, ROLES);

const url = (path: string) => `${fixture.site.url}${path}`;
const ADMIN_API = '/api/admin/development';
const tag = Date.now().toString(36).slice(-5);
/** The player who reports, sends feedback and is searched for, by a name no other account shares. */
const player: Account = {
  displayName: `Marigold${tag}`,
  email: `marigold.${tag}@example.com`,
  password: `pw-marigold-${tag}-secret`,
};
let playerSession: RoleSession;
let playerID: string;

beforeAll(async () => {
  playerSession = await openPage(fixture.browser, { viewport: { width: 1280, height: 900 } });
  playerSession.context.setDefaultTimeout(8_000);
  await signUpThroughUi(playerSession.page, fixture.site, player);
  const me = await callApi<Me>(playerSession.page, 'GET', '/api/auth/me');
  playerID = me.user?.id ?? '';
});

afterAll(async () => {
  await playerSession?.context.close();
});

const fileReport = (target: string, text: string) =>
  callApi<FiledReport>(playerSession.page, 'POST', '/api/account/reports', { category: 'cheating', target, text });

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** The form's outcome, word for word, in its role="alert" region. */
async function expectAlert(scope: Page | Locator, text: string): Promise<void> {
  const alert = scope.getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  expect((await alert.innerText()).trim()).toBe(text);
}

/** A tile's figure: the definition that follows its term. */
const figureText = async (page: Page, label: string) =>
  (await page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText()).trim();

async function dashboardFigure(page: Page, label: string): Promise<number> {
  await page.goto(url(ROUTES.adminHome));
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.locator('dl[aria-busy="false"]').first().waitFor();
  return Number(await figureText(page, label));
}

describe('reports', () => {
  it('a moderator resolves a player’s report and the dashboard’s Unresolved Reports drops by one', async () => {
    const { page } = sessions.moderator;
    const text = `Teleports across the market to grab every crate first.\nSeen it three times tonight (${tag}).`;
    const report = await fileReport(`@speedhack_${tag}`, text);
    expect(report.resolved).toBe(false);

    const before = await dashboardFigure(page, 'Unresolved Reports');
    expect(before).toBe(await countUnresolvedReports(fixture.site.server.stores.game.development));
    expect(before).toBeGreaterThanOrEqual(1);

    // The hub shows the same figure and leads to the reports.
    await page.goto(url(ROUTES.adminModeration));
    await page.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
    await page.locator('dl[aria-busy="false"]').waitFor();
    expect(Number(await figureText(page, 'Unresolved Reports'))).toBe(before);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Read and resolve them' }).click();

    // The list: unresolved by default, each row with its ID, category, target, excerpt, reporter and time.
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    // Named by its number; its id only on its own page.
    const reportName = `#${report.reportNumber}`;
    const reportRow = () =>
      page.getByRole('row').filter({ has: page.getByRole('link', { name: reportName, exact: true }) });
    const row = reportRow();
    await row.waitFor();
    expect(await row.innerText()).not.toContain(report.reportID);
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      reportName,
      'Cheating or exploits',
      `@speedhack_${tag}`,
      `Teleports across the market to grab every crate first. Seen it three times tonight (${tag}).`,
      // The player by name and email, linking to their page; never their raw id.
      `@${player.displayName}\n${player.email}\nfrom the account area`,
      expect.any(String),
      'Unresolved',
    ]);
    expect(await row.getByRole('link', { name: `@${player.displayName}` }).getAttribute('href')).toBe(
      adminUserPath(playerID),
    );
    await page.getByRole('region', { name: 'Trending issues' }).waitFor();
    await expectNoSeriousAxeViolations(page);

    // The whole report, then Resolve after the confirmation.
    await row.getByRole('link', { name: reportName, exact: true }).click();
    await page.waitForURL(url(adminReportPath(report.reportID)));
    await page.getByRole('heading', { level: 2, name: 'Unresolved report' }).waitFor();
    await page.getByRole('heading', { level: 1, name: `Report ${reportName}` }).waitFor();
    await page.getByRole('button', { name: 'Copy the report ID' }).waitFor();
    expect(await page.locator('p', { hasText: 'Teleports across' }).innerText()).toBe(text);
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('What was done (optional)').fill('Warned the player; watching their next sessions.');
    await page.getByRole('button', { name: 'Resolve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve this report?' });
    await dialog.waitFor();
    // Cancel first: nothing is resolved.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await callApi<Report>(page, 'GET', `${ADMIN_API}/reports/${report.reportID}`)).resolved).toBe(false);
    await page.getByRole('button', { name: 'Resolve', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resolve report' }).click();
    await expectAlert(page, REPORT_MESSAGES.resolved);
    await page.getByRole('heading', { level: 2, name: 'Resolved report' }).waitFor();
    await page.getByText('Warned the player; watching their next sessions.').waitFor();

    const moderatorID = (await callApi<Me>(page, 'GET', '/api/auth/me')).user?.id;
    expect(await callApi<Report>(page, 'GET', `${ADMIN_API}/reports/${report.reportID}`)).toMatchObject({
      resolved: true,
      resolvedBy: moderatorID,
      resolution: 'Warned the player; watching their next sessions.',
    });
    expect(await dashboardFigure(page, 'Unresolved Reports')).toBe(before - 1);

    // Off the default list, on the resolved one.
    await page.goto(url(ADMIN_ROUTES.adminReports));
    await page
      .getByRole('status')
      .filter({ hasText: /results?$/ })
      .waitFor();
    expect(await reportRow().count()).toBe(0);
    await page.getByLabel('Show').selectOption('resolved');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await reportRow().getByText('Resolved', { exact: true }).waitFor();
  });

  it('shows who resolved a report first when a second moderator presses Resolve (409), and the report as they left it', async () => {
    const report = await fileReport(`@duper_${tag}`, 'Duplicates rare items through the trade window.');
    const admin = sessions.admin.page;
    await admin.goto(url(adminReportPath(report.reportID)));
    await admin.getByRole('heading', { level: 2, name: 'Unresolved report' }).waitFor();

    // The page follows the report live: the moderator resolves it while the admin's confirmation is open.
    await admin.getByRole('button', { name: 'Resolve', exact: true }).click();
    await admin.getByRole('dialog').waitFor();
    await callApi(sessions.moderator.page, 'POST', `${ADMIN_API}/reports/${report.reportID}/resolve`, {
      resolution: 'Items removed.',
    });
    await admin.getByRole('heading', { level: 2, name: 'Resolved report' }).waitFor();
    await admin.getByRole('dialog').getByRole('button', { name: 'Resolve report' }).click();
    // The moderator who was first, by name (never a raw user id), and when in words (never ISO text).
    const refusal = admin.getByRole('alert').filter({
      hasText: new RegExp(
        `This report was already resolved by @${accounts.moderator.displayName} on \\d{1,2} [A-Z][a-z]+ \\d{4} at \\d{2}:\\d{2} UTC\\.`,
      ),
    });
    await refusal.waitFor();
    await admin.getByRole('heading', { level: 2, name: 'Resolved report' }).waitFor();
    await admin.getByText('Items removed.').waitFor();
    expect(await admin.getByRole('button', { name: 'Resolve', exact: true }).count()).toBe(0);
  });

  it('lists a trending issue and links to its reports', async () => {
    const target = `@griefer_${tag}`;
    for (const n of [1, 2, 3]) await fileReport(target, `Blocks the spawn point again (${n}).`);
    const { page } = sessions.moderator;
    await page.goto(url(ADMIN_ROUTES.adminReports));
    const trending = page.getByRole('region', { name: 'Trending issues' });
    const link = trending.getByRole('link', { name: `${target}: Cheating or exploits` });
    await link.click();
    await page.waitForURL(/category=cheating/);
    await page.getByRole('status').filter({ hasText: '3 results' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: target }).count()).toBe(3);
  });
});

describe('feedback review', () => {
  const lobby = `lobby-${tag}`;
  const market = `market-${tag}`;
  const sent: Feedback[] = [];

  beforeAll(async () => {
    for (const [objectiveID, title] of [
      [lobby, `Lobby chat ${tag}`],
      [market, `Market stalls ${tag}`],
    ] as const) {
      await callApi(sessions.admin.page, 'POST', `${ADMIN_API}/testing-objectives`, { objectiveID, title });
    }
    const entries: FeedbackInput[] = [
      { mission: lobby, sentiment: 'negative', category: 'bug', text: `Chat froze after ten messages ${tag}.` },
      { mission: lobby, sentiment: 'negative', category: 'gameplay', text: `Too many emotes ${tag}.` },
      { mission: lobby, sentiment: 'positive', category: 'gameplay', text: `Love the lobby music ${tag}.` },
      { mission: market, sentiment: 'negative', category: 'bug', text: `A stall sold twice ${tag}.` },
    ];
    for (const entry of entries) {
      sent.push(await callApi<Feedback>(playerSession.page, 'POST', '/api/account/feedback', entry));
    }
  });

  const feedbackOf = (query: Record<string, string>) =>
    callApi<{ rows: Feedback[]; total: number }>(
      sessions.moderator.page,
      'GET',
      `${ADMIN_API}/feedback?${new URLSearchParams(query)}`,
    );

  it('filters by objective and sentiment, and marks several entries reviewed and back with the keyboard', async () => {
    const { page } = sessions.moderator;
    await page.goto(url(ROUTES.adminModeration));
    await page.locator('dl[aria-busy="false"]').waitFor();
    const waiting = (await feedbackOf({ reviewed: 'false' })).total;
    expect(Number(await figureText(page, 'Feedback waiting for review'))).toBe(waiting);
    await page.getByRole('link', { name: 'Review the feedback' }).click();

    await page.getByRole('heading', { level: 1, name: 'Feedback review' }).waitFor();
    await page.getByLabel('Objective').selectOption({ label: `Lobby chat ${tag}` });
    await page.getByLabel('Sentiment').selectOption({ label: 'Not for me' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('status').filter({ hasText: '2 results' }).waitFor();
    const rows = page.getByRole('row').filter({ hasText: tag });
    expect(await rows.count()).toBe(2);
    await expectNoSeriousAxeViolations(page);

    // The page's checkbox, reached and ticked by keyboard, selects both rows.
    const all = page.getByRole('checkbox', { name: 'Select all feedback on this page' });
    await all.focus();
    await page.keyboard.press('Space');
    await page.getByRole('status').filter({ hasText: '2 selected.' }).waitFor();
    for (const entry of sent.slice(0, 2)) {
      expect(await page.getByRole('checkbox', { name: `Select feedback ${entry.feedbackID}` }).isChecked()).toBe(true);
    }
    await page.getByRole('button', { name: 'Mark reviewed' }).click();
    await expectAlert(page, 'Marked 2 feedback entries reviewed.');
    await page.getByRole('status').filter({ hasText: 'No feedback selected.' }).waitFor();
    // The hub's link showed what waits for review: the marked entries leave that view.
    expect(await page.getByLabel('Review', { exact: true }).inputValue()).toBe('false');
    await page.getByRole('status').filter({ hasText: '0 results' }).waitFor();

    expect((await feedbackOf({ mission: lobby, reviewed: 'true' })).rows.map((row) => row.feedbackID).sort()).toEqual(
      [sent[0], sent[1]].map((entry) => entry?.feedbackID).sort(),
    );
    // The others are untouched.
    expect((await feedbackOf({ mission: market })).rows.map((row) => row.reviewed)).toEqual([false]);
    expect((await feedbackOf({ mission: lobby, sentiment: 'positive' })).rows.map((row) => row.reviewed)).toEqual([
      false,
    ]);

    // One back to unreviewed from the reviewed ones: its own checkbox, by keyboard.
    await page.getByLabel('Review', { exact: true }).selectOption({ label: 'Reviewed' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('status').filter({ hasText: '2 results' }).waitFor();
    const first = sent[0]?.feedbackID ?? '';
    const one = page.getByRole('checkbox', { name: `Select feedback ${first}` });
    await one.focus();
    await page.keyboard.press('Space');
    await page.getByRole('status').filter({ hasText: '1 selected.' }).waitFor();
    await page.getByRole('button', { name: 'Mark unreviewed' }).click();
    await expectAlert(page, 'Marked 1 feedback entry waiting for review.');
    await page.getByRole('status').filter({ hasText: '1 result' }).waitFor();
    expect((await feedbackOf({ mission: lobby, reviewed: 'true' })).rows.map((row) => row.feedbackID)).toEqual([
      sent[1]?.feedbackID,
    ]);

    // The hub counts what still waits.
    await page.goto(url(ROUTES.adminModeration));
    await page.locator('dl[aria-busy="false"]').waitFor();
    expect(Number(await figureText(page, 'Feedback waiting for review'))).toBe(waiting - 1);
  });
});

describe('user search', () => {
  async function search(page: Page, query: string): Promise<Locator> {
    await page.getByLabel('Search players').fill(query);
    const hit = page.getByRole('article', { name: `@${player.displayName}` });
    await hit.waitFor();
    await page.waitForURL((address) => address.searchParams.get('q') === query);
    return hit;
  }

  it('finds a player by a prefix and by a typo; an admin gives them the partner key after confirming', async () => {
    const { page } = sessions.admin;
    await page.goto(url(ADMIN_ROUTES.adminUsers));
    await page.getByRole('heading', { level: 1, name: 'User search' }).waitFor();

    const byPrefix = await search(page, 'marigo');
    await byPrefix.getByText('Starts with your search').waitFor();
    const facts = await byPrefix.locator('dt, dd').allInnerTexts();
    expect(facts).toEqual([
      'Email',
      player.email,
      // No raw id on a hit: only the player's own page shows it.
      'Joined',
      // Today in the back office's one date format (the browser's medium date): the player signed up in this test.
      await page.evaluate(() => new Date().toLocaleDateString(undefined, { dateStyle: 'medium' })),
      'Credits',
      '0',
      'Merch orders',
      '0',
      'Invites',
      '0 shared, 0 claimed',
    ]);
    await expectNoSeriousAxeViolations(page);

    // A swap of two letters still finds them, ranked as a close spelling.
    const byTypo = await search(page, 'marigodl');
    await byTypo.getByText('Close spelling').waitFor();

    const partner = byTypo.getByRole('checkbox', { name: 'partner' });
    expect(await partner.isChecked()).toBe(false);
    await partner.check();
    await byTypo.getByRole('button', { name: 'Save keys' }).click();
    const dialog = page.getByRole('dialog', { name: `Change the keys of @${player.displayName}?` });
    await dialog.getByText('Give the partner key.').waitFor();
    await dialog.getByRole('button', { name: 'Save keys' }).click();
    await expectAlert(byTypo, `Keys of @${player.displayName} saved: partner.`);

    // The player's own profile has it.
    const me = await callApi<Me>(playerSession.page, 'GET', '/api/auth/me');
    expect(me.profile?.keys).toEqual(['partner']);
    // The search asked again after a reload ticks what is stored, not what was ticked here.
    await page.reload();
    const reloaded = page.getByRole('article', { name: `@${player.displayName}` });
    await reloaded.getByText('Close spelling').waitFor();
    expect(await reloaded.getByRole('checkbox', { name: 'partner' }).isChecked()).toBe(true);
    expect(await reloaded.getByRole('checkbox', { name: 'moderator' }).isChecked()).toBe(false);
  });

  it('shows the server’s refusal when an admin takes away their own admin key, and keeps it', async () => {
    const { page } = sessions.admin;
    await page.goto(url(`${ADMIN_ROUTES.adminUsers}?q=${encodeURIComponent(accounts.admin.email)}`));
    const hit = page.getByRole('article', { name: `@${accounts.admin.displayName}` });
    await hit.getByText('Exact match').waitFor();
    await hit.getByRole('checkbox', { name: 'admin' }).uncheck();
    await hit.getByRole('button', { name: 'Save keys' }).click();
    await page.getByRole('dialog').getByText('Take away the admin key.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Save keys' }).click();
    await expectAlert(hit, USER_KEYS_MESSAGES.ownAdminKey);
    expect(await hit.getByRole('checkbox', { name: 'admin' }).isChecked()).toBe(true);
    expect((await callApi<Me>(page, 'GET', '/api/auth/me')).profile?.keys).toEqual(['admin']);
  });

  it('shows a moderator the keys read-only, on a phone too', async () => {
    const { page } = sessions.moderator;
    await page.setViewportSize(MOBILE_VIEWPORT);
    await page.goto(url(ADMIN_ROUTES.adminUsers));
    await page.getByText('Only admins change keys; you see them read-only.').waitFor();
    const hit = await search(page, 'marigo');
    expect(await hit.locator('dt', { hasText: 'Keys' }).locator('xpath=following-sibling::dd[1]').innerText()).toBe(
      'partner',
    );
    expect(await hit.getByRole('checkbox').count()).toBe(0);
    expect(await hit.getByRole('button', { name: 'Save keys' }).count()).toBe(0);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);
    await expectNoSeriousAxeViolations(page);

    // The server refuses a moderator's key change all the same.
    const refused = await page.evaluate(async (userID) => {
      const response = await fetch(`/api/admin/development/users/${userID}/keys`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ keys: [] }),
      });
      return response.status;
    }, playerID);
    expect(refused).toBe(403);
    const found = await callApi<UserSearchResult>(page, 'POST', `${ADMIN_API}/user-search`, { query: 'marigold' });
    expect(found.hits.find((hit) => hit.profile.userID === playerID)?.keys).toEqual(['partner']);
  });
});

describe('the moderation hub', () => {
  it('says when a figure could not be loaded, keeps the others, and loads it again on request', async () => {
    const { page } = sessions.moderator;
    const feedbackList = (address: URL) => address.pathname === `${ADMIN_API}/feedback`;
    await page.route(feedbackList, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { status: 'UNAVAILABLE', message: 'The feedback store is resting.' } }),
      }),
    );
    await page.goto(url(ROUTES.adminModeration));
    const alert = page.getByRole('alert').filter({ hasText: 'These figures could not be loaded.' });
    await alert.getByText('These figures could not be loaded. The feedback store is resting.').waitFor();
    expect(await page.locator('dt', { hasText: 'Feedback waiting for review' }).count()).toBe(0);
    // The reports' figures do not depend on it.
    await expect.poll(() => figureText(page, 'Unresolved Reports')).toMatch(/^\d+$/);
    await expectNoSeriousAxeViolations(page);

    await page.unroute(feedbackList);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => figureText(page, 'Feedback waiting for review')).toMatch(/^\d+$/);
    expect(await alert.count()).toBe(0);
  });
});
