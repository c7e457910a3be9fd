import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRoleSessions } from './accounts-helpers';
import { consoleScreen } from './admin-pages';
import { noSidewaysScroll, openPlayerFromSearch } from './admin-player-helpers';
import { MOBILE_VIEWPORT, openPage, useSite } from './harness';

/*
 * The player page for support (docs/decisions/0130-the-player-page.md): staff open a player from the back
 * office's search, give or take back credits with a reason, and see the change in the page's ledger with its
 * running balance, in the admin log, and, signed in as the player, in the player's own credit history; an
 * open page follows another admin's change live; on a phone, the account is deleted from the page. The tests
 * run in order on one player: each starts from the balance the one before left (0, 250, 350).
 */

const fixture = useSite();
const { sessions, accounts } = useRoleSessions(fixture, ['staff', 'player'] as const);
const url = (path: string) => `${fixture.site.url}${path}`;
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

/** Gives (or takes back) credits from the page's form and waits for its outcome. */
async function changeCredits(page: Page, direction: 'Give' | 'Take back', amount: number, reason: string) {
  const form = consoleScreen(page).getByRole('form', { name: 'Give or take back credits' });
  // The form is a button away; opened once, it stays open.
  if (!(await form.isVisible())) {
    await consoleScreen(page).getByRole('button', { name: 'Give or take back credits', exact: true }).click();
  }
  await form.getByRole('radio', { name: direction, exact: true }).check();
  await form.getByRole('spinbutton', { name: 'Credits' }).fill(String(amount));
  await form.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await form.getByRole('button', { name: direction === 'Give' ? 'Give credits' : 'Take back credits' }).click();
  return form;
}

describe('the player page', () => {
  it('gives credits with a reason: in the page’s ledger with its running balance, the admin log and the player’s history', async () => {
    const { page } = sessions.staff;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url('/admin'));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await openPlayerFromSearch(page, accounts.player, () => page.keyboard.press('Control+k'));

    const screen = consoleScreen(page);
    const reason = 'Sorry for the lost match';
    const form = await changeCredits(page, 'Give', 250, reason);
    await form.getByText(`Gave @${accounts.player.displayName} 250 credits: the balance went from 0 to 250.`).waitFor();

    const ledger = screen.getByRole('region', { name: 'Credits', exact: true });
    await ledger.getByRole('definition').filter({ hasText: '250' }).waitFor();
    const row = ledger.getByRole('row').filter({ hasText: `Adjustment by staff: ${reason}` });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      expect.any(String),
      `Adjustment by staff: ${reason}`,
      '+250',
      '250',
    ]);

    const actions = screen.getByRole('region', { name: 'Admin actions on them' });
    const sentence = `gave 250 credits to @${accounts.player.displayName}: “${reason}”.`;
    await actions.getByText(sentence, { exact: false }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/player-page-1280.png`, fullPage: true });

    // The admin log, filtered by the player from the page's link, says the same with the balance before → after.
    await actions.getByRole('link', { name: 'All of them in the admin log' }).click();
    await page.waitForURL(/\/admin\/log\?record=/);
    const entry = screen.getByText(sentence, { exact: false }).first();
    await entry.waitFor();

    // The player reads the change, with the reason, in their own credit history.
    const player = sessions.player.page;
    await player.goto(url('/account'));
    const history = player.getByRole('region', { name: 'Credit history' });
    const own = history.getByRole('row').filter({ hasText: `Adjustment by staff: ${reason}` });
    await own.waitFor();
    expect(await own.innerText()).toContain('+250');
  });

  it('follows another admin’s change to the player live: the figures, the ledger and the admin actions, without a reload', async () => {
    const { page, context } = sessions.staff;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url('/admin'));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await openPlayerFromSearch(page, accounts.player, () => page.keyboard.press('Control+k'));
    const playerPath = new URL(page.url()).pathname;
    const screen = consoleScreen(page);
    const figures = screen.getByRole('region', { name: /^In / });
    await figures.getByRole('definition').filter({ hasText: /^250$/ }).waitFor();
    await page.locator('[data-live-state="live"]').waitFor({ state: 'attached' });
    // Gone with the document if the page were loaded anew.
    await page.evaluate(() => Object.assign(window, { outpostStillHere: true }));

    // Another tab (another admin at their desk) gives credits; this one only listens.
    const other = await context.newPage();
    try {
      await other.goto(url(playerPath));
      const reason = 'Compensation for the outage';
      const form = await changeCredits(other, 'Give', 100, reason);
      await form
        .getByText(`Gave @${accounts.player.displayName} 100 credits: the balance went from 250 to 350.`)
        .waitFor();
    } finally {
      await other.close();
    }

    await figures.getByRole('definition').filter({ hasText: /^350$/ }).waitFor();
    const ledger = screen.getByRole('region', { name: 'Credits', exact: true });
    await ledger.getByRole('row').filter({ hasText: 'Adjustment by staff: Compensation for the outage' }).waitFor();
    const actions = screen.getByRole('region', { name: 'Admin actions on them' });
    await actions.getByText(`gave 100 credits to @${accounts.player.displayName}`, { exact: false }).waitFor();
    // Read again in place: the page was not loaded anew.
    expect(await page.evaluate(() => 'outpostStillHere' in window)).toBe(true);
    expect(page.url()).toBe(url(playerPath));
  });

  it('works on a phone: the search in the top bar, a take-back refused beyond the balance, cards, the data download and the deletion', async () => {
    const { context, page, consoleErrors } = await openPage(fixture.browser, {
      viewport: MOBILE_VIEWPORT,
      isMobile: true,
      storageState: await sessions.staff.context.storageState(),
    });
    context.setDefaultTimeout(8_000);
    await page.goto(url('/admin'));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await openPlayerFromSearch(page, accounts.player, () => page.getByRole('button', { name: /^Search/ }).click());
    const playerPath = new URL(page.url()).pathname;

    const tooMuch = await changeCredits(page, 'Take back', 9_999, 'Given twice by mistake');
    const amount = tooMuch.getByRole('spinbutton', { name: 'Credits' });
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    await tooMuch
      .getByText('The player holds 350 credits, so 9,999 cannot be taken back. Take back at most 350.')
      .waitFor();

    const form = await changeCredits(page, 'Take back', 50, 'Given twice by mistake');
    await form
      .getByText(`Took back 50 credits from @${accounts.player.displayName}: the balance went from 350 to 300.`)
      .waitFor();
    const ledger = consoleScreen(page).getByRole('region', { name: 'Credits', exact: true });
    const row = ledger.getByRole('row').filter({ hasText: 'Adjustment by staff: Given twice by mistake' });
    await row.waitFor();
    expect(await row.innerText()).toContain('−50');
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/player-page-390.png`, fullPage: true });

    // Their data downloads as the file they would get themselves; then the account goes, asked first.
    const tools = consoleScreen(page).getByRole('region', { name: 'Their data and account' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tools.getByRole('button', { name: 'Download their data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^outpost-data-\d{4}-\d{2}-\d{2}\.json$/);
    await tools.getByRole('button', { name: 'Delete the account' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete the account of @${accounts.player.displayName}?` });
    await confirm.getByRole('button', { name: 'Delete the account' }).click();
    await page.waitForURL(url('/admin/moderation/users'));
    await consoleScreen(page).getByRole('status').filter({ hasText: 'The account was deleted' }).waitFor();
    // The search took the page's place: Back leads to where the admin came from, not to a player who is no more.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // A link to them within the app (as the admin log's would be followed) says at once there is no such player.
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, playerPath);
    const userID = decodeURIComponent(playerPath.split('/').at(-1) ?? '');
    await consoleScreen(page)
      .getByRole('alert')
      .filter({ hasText: `No account has the user ID "${userID}".` })
      .waitFor();
    // The refused take-back's 409 is the browser's own log line; nothing else may be: the deleted player is not read.
    expect(consoleErrors.filter((error) => !error.includes('status of 409'))).toEqual([]);
    await context.close();
  });
});
