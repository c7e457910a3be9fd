import { DISPLAY_NAME_RULE, DISPLAY_NAME_TAKEN } from '@outpost/contracts/identity';
import { REPORT_MESSAGES, type Report } from '@outpost/contracts/moderation';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { logInThroughUi, useRoleSessions } from './accounts-helpers';
import { callApi, MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from './harness';

// Budget per client address (server defaults): 3 sign-ups and 2 sign-ins here.
const fixture = useSite();
const ROLES = ['admin', 'moderator', 'player'] as const;
const { sessions, accounts } = useRoleSessions(fixture, ROLES);

const tag = Date.now().toString(36).slice(-5);
const url = (path: string) => `${fixture.site.url}${path}`;
let playerID: string;

beforeAll(async () => {
  const id = await findUserIdByEmail(fixture.site.server.stores.identity, accounts.player.email);
  if (!id) throw new Error('the player has no account');
  playerID = id;
});

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function openAccount(page: Page): Promise<void> {
  await page.goto(url('/account'));
  await section(page, 'Profile').waitFor();
}

describe('the account area', () => {
  it('is reached from the @name in the bar and lists its sections, signed in and out, on a phone too', async () => {
    const { page } = sessions.player;
    await page.goto(url('/'));
    await page
      .getByRole('banner')
      .getByRole('link', { name: `@${accounts.player.displayName}, your account` })
      .click();
    await page.waitForURL(url('/account'));
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();

    const nav = page.getByRole('navigation', { name: 'Sections of your account' });
    await nav.getByRole('link', { name: 'Report a problem' }).waitFor();
    const links = await nav.getByRole('link').allInnerTexts();
    expect(links.slice(0, 8)).toEqual([
      'Profile',
      'Premium',
      'Credits',
      'Order profile',
      'Your orders',
      'Beta programme',
      'Feedback',
      'Report a problem',
    ]);
    await nav.getByRole('link', { name: 'Credits' }).click();
    await page.waitForURL(url('/account#credits'));
    expect(await page.locator('#credits').getByRole('heading', { level: 2 }).innerText()).toBe('Credits');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A visitor is asked to sign in and comes back here; on a phone nothing runs off the side.
    const visitor = await openPage(fixture.browser, { viewport: MOBILE_VIEWPORT });
    await visitor.page.goto(url('/account'));
    const signIn = visitor.page.getByRole('link', { name: 'Sign in' });
    await signIn.waitFor();
    expect(await signIn.getAttribute('href')).toBe('/login?next=%2Faccount');
    expect(await section(visitor.page, 'Profile').count()).toBe(0);
    expect(await seriousAxeViolations(visitor.page)).toEqual([]);
    await visitor.context.close();

    const phone = await sessions.player.context.newPage();
    await phone.setViewportSize(MOBILE_VIEWPORT);
    await openAccount(phone);
    await phone
      .getByRole('navigation', { name: 'Sections of your account' })
      .getByRole('link', { name: 'Feedback' })
      .click();
    await phone.waitForURL(url('/account#feedback'));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await phone.close();
  });

  it('changes the display name by register’s rules, and the bar follows', async () => {
    const { page } = sessions.player;
    await openAccount(page);
    const form = page.getByRole('form', { name: 'Display name' });
    const field = form.getByLabel('Display name');
    expect(await field.inputValue()).toBe(accounts.player.displayName);

    await field.fill('x');
    await form.getByRole('button', { name: 'Save display name' }).click();
    await form.getByText(DISPLAY_NAME_RULE, { exact: true }).last().waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill(accounts.moderator.displayName.toUpperCase());
    await form.getByRole('button', { name: 'Save display name' }).click();
    await form.getByRole('alert').getByText(DISPLAY_NAME_TAKEN, { exact: true }).waitFor();

    const renamed = `Rae_${tag}`;
    await field.fill(renamed);
    await form.getByRole('button', { name: 'Save display name' }).click();
    await form.getByRole('alert').getByText(`Saved. You are now @${renamed}.`, { exact: true }).waitFor();
    await page
      .getByRole('banner')
      .getByRole('link', { name: `@${renamed}, your account` })
      .waitFor();
    accounts.player.displayName = renamed;
    // The server holds it: a reload shows the new name too.
    await page.reload();
    await page.getByRole('banner').getByText(`@${renamed}`).waitFor();
  });

  it('changes the password only with the right current password, signs out other devices; the new one signs in', async () => {
    const { page } = sessions.player;
    // Another device, signed in with the old password before the change.
    const elsewhere = await openPage(fixture.browser);
    elsewhere.context.setDefaultTimeout(8_000);
    await elsewhere.page.goto(url('/login?next=/account'));
    await logInThroughUi(elsewhere.page, accounts.player);
    await elsewhere.page.waitForURL(url('/account'));
    await section(elsewhere.page, 'Profile').waitFor();
    const signedInAs = async (other: Page) =>
      (await callApi<{ user: { email: string } | null }>(other, 'GET', '/api/auth/me')).user?.email ?? null;
    expect(await signedInAs(elsewhere.page)).toBe(accounts.player.email);

    await openAccount(page);
    const form = page.getByRole('form', { name: 'Change password' });
    const newPassword = `new-${tag}-password`;

    await form.getByLabel('Current password').fill('not my password at all');
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('New password again').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form
      .getByRole('alert')
      .getByText('Your current password is not right, so nothing was changed. Try again.', { exact: true })
      .waitFor();
    expect(await form.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('New password again').fill('something else');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('The two new passwords do not match.').waitFor();

    await form.getByLabel('Current password').fill(accounts.player.password);
    await form.getByLabel('New password again').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form
      .getByRole('alert')
      .getByText('Your password is changed, and your other devices are signed out.', { exact: true })
      .waitFor();
    expect(await form.getByLabel('Current password').inputValue()).toBe('');
    // This session goes on; the other device's is over.
    await page.reload();
    await section(page, 'Profile').waitFor();
    // The auth store ends the other device's session at once; this server's session cache
    // (identity/viewer.ts, 10 s) may let its credential through until that entry expires.
    expect(await callApi(elsewhere.page, 'GET', '/api/auth/get-session')).toBeNull();
    await expect.poll(() => signedInAs(elsewhere.page), { timeout: 15_000, interval: 1_000 }).toBeNull();
    await elsewhere.page.reload();
    await elsewhere.page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await section(elsewhere.page, 'Profile').count()).toBe(0);

    await elsewhere.page.goto(url('/login?next=/account'));
    await logInThroughUi(elsewhere.page, { email: accounts.player.email, password: newPassword });
    await elsewhere.page.waitForURL(url('/account'));
    await elsewhere.page.getByRole('banner').getByText(`@${accounts.player.displayName}`).waitFor();
    await elsewhere.context.close();
    accounts.player.password = newPassword;
  }, 45_000);

  it('shows the credit balance and history, with a reward an admin distributed', async () => {
    await callApi(sessions.admin.page, 'POST', '/api/callable/development-admin-distributereward', {
      data: { requestID: `thanks-${tag}`, userIDs: [playerID], credits: 250, reason: 'Thanks for testing' },
    });
    const { page } = sessions.player;
    await openAccount(page);
    const credits = section(page, 'Credits');
    await credits.getByText('Balance: 250 credits').waitFor();
    const row = credits.getByRole('table', { name: 'Credit history, newest first' }).getByRole('row').nth(1);
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([expect.any(String), 'Reward', '+250', '250']);
  });

  it('files a report and shows its number; moderators find it among the unresolved reports', async () => {
    const { page } = sessions.player;
    await openAccount(page);
    const form = page.getByRole('form', { name: 'Report a problem' });
    await form.getByRole('button', { name: 'Send report' }).click();
    await form.getByText('Say who or what you are reporting.').waitFor();
    await form.getByText('Describe what happened.').waitFor();

    const target = `@griefer_${tag}`;
    await form.getByLabel('What is it about?').selectOption('harassment');
    await form.getByLabel('Who or what are you reporting?').fill(target);
    await form.getByLabel('What happened?').fill('Kept blocking the door of my container base and shouting at me.');
    await form.getByRole('button', { name: 'Send report' }).click();
    const alert = form.getByRole('alert').getByText(REPORT_MESSAGES.filed);
    await alert.waitFor();
    // The player is told the report's short number, not its id.
    const reportNumber = Number((await alert.innerText()).match(/Your report’s number is #(\d+)\.$/)?.[1]);
    expect(reportNumber).toBeGreaterThan(0);
    expect(await form.getByLabel('Who or what are you reporting?').inputValue()).toBe('');

    const reports = await callApi<{ rows: Report[] }>(
      sessions.moderator.page,
      'GET',
      `/api/admin/development/reports?pageSize=500`,
    );
    expect(reports.rows.find((report) => report.reportNumber === reportNumber)).toMatchObject({
      category: 'harassment',
      target,
      source: 'account',
      reporter: playerID,
      resolved: false,
    });
  });
});
