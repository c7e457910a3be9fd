import { __CONST___PATHS } from '@outpost/contracts/__kebab__/paths';
import { describe, expect, it } from 'vitest';
import { useRoleSessions } from '../../../../../tests/browser/accounts-helpers';
import { openNewForm } from '../../../../../tests/browser/admin-pages';
import { MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from '../../../../../tests/browser/harness';

// The real server and the built web app in Chromium: staff create an entry, a player's open page shows it live.
const fixture = useSite();
const { sessions } = useRoleSessions(fixture, ['staff', 'player'] as const);
const url = (path: string) => `${fixture.site.url}${path}`;

describe('__words__ in the browser', () => {
  it("shows staff's new entry on a player's open page, without a reload", async () => {
    const player = sessions.player.page;
    await player.goto(url(__CONST___PATHS.screen));
    const list = player.getByRole('list', { name: '__Words__' });
    await list.waitFor();
    await player.locator('[data-live-state="live"]').waitFor({ state: 'attached' });

    const { page } = sessions.staff;
    await page.goto(url(__CONST___PATHS.admin));
    await page.getByRole('heading', { level: 1, name: '__Words__' }).waitFor();
    const form = await openNewForm(page, 'New entry');
    await form.getByLabel('Entry ID').fill('top-of-the-board');
    await form.getByLabel('Name', { exact: true }).fill('Top of the board');
    await form.getByLabel('Score').fill('99999');
    await form.getByRole('button', { name: 'Create entry' }).click();
    await page.getByRole('alert').filter({ hasText: 'Entry Top of the board created.' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Top of the board' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await list.getByText('Top of the board: 99,999').waitFor();
    expect(await list.getByRole('listitem').first().innerText()).toBe('Top of the board: 99,999');
  });

  it('says what is wrong with a form at its field, and saves nothing', async () => {
    const { page } = sessions.staff;
    await page.goto(url(__CONST___PATHS.admin));
    const form = await openNewForm(page, 'New entry');
    await form.getByLabel('Entry ID').fill('no-name');
    await form.getByRole('button', { name: 'Create entry' }).click();
    await form.getByRole('alert').filter({ hasText: 'Name is required.' }).waitFor();
    expect(await form.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  });

  it("fits the players' page to a phone, with no sideways scrolling", async () => {
    const phone = await openPage(fixture.browser, { viewport: MOBILE_VIEWPORT });
    await phone.page.goto(url(__CONST___PATHS.screen));
    await phone.page.getByRole('list', { name: '__Words__' }).waitFor();
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);
    expect(phone.consoleErrors).toEqual([]);
    await phone.context.close();
  });
});
