import fs from 'node:fs';
import type { AccountDataExport } from '@outpost/contracts/account-lifecycle';
import {
  ACCOUNT_DELETION_MESSAGES,
  ERASED_BY_DELETION,
  KEPT_AFTER_DELETION,
} from '@outpost/contracts/account-lifecycle-text';
import { ADMIN_ROUTES, adminUserPath } from '@outpost/contracts/admin-routes';
import { AUTH_MESSAGES } from '@outpost/contracts/identity';
import { ROUTES } from '@outpost/contracts/routes';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { logInThroughUi, newAccount, signUpThroughUi, useRoleSessions } from './accounts-helpers';
import { openPage, seriousAxeViolations, useSite } from './harness';

// Few sign-ups from one address, under the server's default auth rate limits; no demo data needed.
const fixture = useSite({ SEED_DEMO_DATA: 'false' });
const { sessions } = useRoleSessions(fixture, ['staff'] as const);
const url = (path: string) => `${fixture.site.url}${path}`;

/** The login form's alert once it says something. */
async function loginAlert(page: Page): Promise<string> {
  const alert = page.getByRole('tabpanel').getByRole('alert');
  await alert.filter({ hasText: /\S/ }).waitFor();
  return (await alert.innerText()).trim();
}

async function logInAt(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto(url(`${ROUTES.login}?next=${encodeURIComponent(ROUTES.account)}`));
  await logInThroughUi(page, account);
}

describe('a player deletes their account', () => {
  it('downloads their data, deletes the account with their password, and cannot sign in again', async () => {
    const account = newAccount('leaver');
    const { context, page } = await openPage(fixture.browser, { viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(8_000);
    try {
      await signUpThroughUi(page, fixture.site, account);
      await page.goto(url(ROUTES.account));
      const yourData = page.getByRole('region', { name: 'Your data' });

      // The download is a file of their own data.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        yourData.getByRole('button', { name: 'Download your data' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^outpost-data-\d{4}-\d{2}-\d{2}\.json$/);
      const saved = JSON.parse(fs.readFileSync((await download.path()) as string, 'utf8')) as AccountDataExport;
      expect(saved.account).toMatchObject({ email: account.email, displayName: account.displayName });
      await yourData.getByRole('alert').getByText(`Your data is saved as ${download.suggestedFilename()}.`).waitFor();

      // The confirmation says what goes and what stays, and starts on the safe choice.
      const opener = yourData.getByRole('button', { name: 'Delete your account' });
      await opener.click();
      const confirm = yourData.getByRole('form', { name: 'Delete your account for good?' });
      await confirm.getByText(ERASED_BY_DELETION).waitFor();
      await confirm.getByText(KEPT_AFTER_DELETION).waitFor();
      const keep = confirm.getByRole('button', { name: 'Keep my account' });
      expect(await keep.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

      // A wrong password deletes nothing and points at the field.
      await opener.click();
      const password = confirm.getByLabel('Your password');
      await password.fill('not the password');
      await confirm.getByRole('button', { name: 'Delete my account' }).click();
      await confirm.getByText(ACCOUNT_DELETION_MESSAGES.wrongPassword).first().waitFor();
      expect(await password.getAttribute('aria-invalid')).toBe('true');
      expect(await password.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await findUserIdByEmail(fixture.site.server.stores.identity, account.email)).toBeDefined();

      await password.fill(account.password);
      await confirm.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByRole('heading', { name: 'Account deleted' }).waitFor();
      await page.getByText(ACCOUNT_DELETION_MESSAGES.deleted).waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Login / Signup' }).waitFor();
      expect(await findUserIdByEmail(fixture.site.server.stores.identity, account.email)).toBeUndefined();

      // Signing in again is refused in the words an unknown account gets.
      await logInAt(page, account);
      expect(await loginAlert(page)).toBe(AUTH_MESSAGES['user-not-found']);
      await logInAt(page, { email: `never-${account.email}`, password: account.password });
      expect(await loginAlert(page)).toBe(AUTH_MESSAGES['user-not-found']);
    } finally {
      await context.close();
    }
  });
});

describe('staff suspend a player and lift it', () => {
  it('while the player has their account open: the page signs them out, sign-in says until when, lifting restores it', async () => {
    const account = newAccount('rowdy');
    const player = await openPage(fixture.browser, { viewport: { width: 390, height: 844 } });
    player.context.setDefaultTimeout(8_000);
    const staff = sessions.staff.page;
    try {
      await signUpThroughUi(player.page, fixture.site, account);
      await player.page.goto(url(ROUTES.account));
      await player.page.getByRole('region', { name: 'Your data' }).waitFor();
      const playerID = (await findUserIdByEmail(fixture.site.server.stores.identity, account.email)) as string;

      // Staff find the player and open their page.
      await staff.goto(url(`${ADMIN_ROUTES.adminUsers}?q=${encodeURIComponent(account.displayName)}`));
      await staff.getByRole('link', { name: `@${account.displayName}` }).click();
      await staff.waitForURL(url(adminUserPath(playerID)));
      await staff.getByRole('heading', { level: 1, name: `@${account.displayName}` }).waitFor();
      await staff.getByText('Not suspended').waitFor();

      const suspendForm = staff.getByRole('form', { name: 'Suspend' });
      await suspendForm.getByLabel('Reason').fill('Griefing the harbour market');
      await suspendForm.getByRole('radio', { name: 'Until a date and time' }).check();
      const endsAtLocal = await staff.evaluate(() => {
        const end = new Date(Date.now() + 3 * 24 * 3_600_000);
        end.setSeconds(0, 0);
        const pad = (value: number) => String(value).padStart(2, '0');
        return `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}T${pad(end.getHours())}:${pad(end.getMinutes())}`;
      });
      await suspendForm.getByLabel('Ends at').fill(endsAtLocal);
      await suspendForm.getByRole('button', { name: 'Suspend' }).click();
      await staff.getByRole('alert').filter({ hasText: 'is suspended until' }).waitFor();
      await staff.getByText(/^Suspended until .+ — reason: Griefing the harbour market/).waitFor();
      expect(await seriousAxeViolations(staff)).toEqual([]);

      // The player's open page finds out by itself (its live stream ends, saying why): it shows them
      // signed out, and the bar says until when and why, in the player's own time; so does signing in.
      await player.page.getByRole('link', { name: 'Sign in' }).waitFor();
      const endsAt = new Date(await player.page.evaluate((local) => new Date(local).toISOString(), endsAtLocal));
      const shown = await player.page.evaluate(
        (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)),
        endsAt.toISOString(),
      );
      const said = `Your account is suspended until ${shown}. Reason: Griefing the harbour market`;
      await expect.poll(() => player.page.getByRole('banner').getByRole('alert').innerText()).toBe(said);
      await logInAt(player.page, account);
      expect(await loginAlert(player.page)).toBe(said);

      // Lifted: the player signs in as before.
      const liftForm = staff.getByRole('form', { name: 'Lift the suspension' });
      await liftForm.getByLabel('Note (optional)').fill('Talked it through');
      await liftForm.getByRole('button', { name: 'Lift the suspension' }).click();
      await staff.getByRole('alert').filter({ hasText: 'is lifted' }).waitFor();
      await staff.getByText('Not suspended').waitFor();
      await staff
        .getByRole('region', { name: `Suspensions of @${account.displayName}` })
        .getByText('Talked it through')
        .waitFor();

      await logInAt(player.page, account);
      await player.page.waitForURL(url(ROUTES.account));
      await player.page.getByRole('banner').getByText(`@${account.displayName}`).waitFor();
      await player.page.getByRole('region', { name: 'Your data' }).waitFor();
    } finally {
      await player.context.close();
    }
  });
});
