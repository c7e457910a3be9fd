import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useRoleSessions } from './accounts-helpers';
import { openNewForm } from './admin-pages';
import { callApi, MOBILE_VIEWPORT, useSite } from './harness';

// Budget per client address (server defaults): 1 sign-up here, no sign-in.
const fixture = useSite();
const { sessions } = useRoleSessions(fixture, ['admin'] as const);

const tag = Date.now().toString(36).slice(-5);
const url = (path: string) => `${fixture.site.url}${path}`;
const deliveredInProduction = async (inviteID: string) =>
  (
    await fixture.site.server.stores.game.production
      .selectFrom('partner_invites')
      .select('delivered')
      .where('invite_id', '=', inviteID)
      .executeTakeFirstOrThrow()
  ).delivered;

async function chooseEnvironment(page: Page, environment: string): Promise<void> {
  await page.getByLabel('Environment').selectOption(environment);
  await page.locator(`[data-environment="${environment}"]`).waitFor();
}

afterEach(async () => {
  // Each test starts in development, whatever the last one switched to.
  await chooseEnvironment(sessions.admin.page, 'development');
});

describe('partner screens, as an admin', () => {
  it('opens a referral reward over the list, and Escape closes it unsaved with the focus back on Edit', async () => {
    const { page } = sessions.admin;
    await page.goto(url(ADMIN_ROUTES.adminReferralRewards));
    const edit = page.getByRole('button', { name: 'Edit referral reward standard-partner-reward', exact: true });
    await edit.click();
    const title = 'Edit referral reward standard-partner-reward';
    const sheet = page.getByRole('dialog', { name: title, exact: true });
    const editing = sheet.getByRole('form', { name: title, exact: true });
    // The form's heading takes the focus, so a screen reader says what opened.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(title);
    await editing.getByLabel('Name', { exact: true }).fill(`Typed in development ${tag}`);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await edit.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await page.getByText(`Typed in development ${tag}`).count()).toBe(0);

    // Another environment's form starts blank.
    await chooseEnvironment(page, 'beta');
    const blank = await openNewForm(page, 'New referral reward');
    expect(await blank.getByLabel('Name', { exact: true }).inputValue()).toBe('');
  });

  it('opens a partner invite’s form as the whole screen of a phone, which Close closes', async () => {
    const { page } = sessions.admin;
    const inviteID = `phone-${tag}`;
    await callApi(page, 'POST', '/api/admin/development/partner-invites', { inviteID });
    await page.setViewportSize(MOBILE_VIEWPORT);
    try {
      await page.goto(url(ADMIN_ROUTES.adminPartnerInvites));
      await page.getByRole('button', { name: `Edit partner invite ${inviteID}`, exact: true }).click();
      const sheet = page.getByRole('dialog', { name: `Edit partner invite ${inviteID}`, exact: true });
      await sheet.getByRole('form', { name: `Edit partner invite ${inviteID}`, exact: true }).waitFor();
      const box = await sheet.boundingBox();
      expect(box?.x).toBe(0);
      expect(box?.width).toBe(MOBILE_VIEWPORT.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        MOBILE_VIEWPORT.width,
      );
      await sheet.getByRole('button', { name: 'Close', exact: true }).click();
      await sheet.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: '+ New partner invite', exact: true }).waitFor();
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('marks partner invites delivered in production only after the admin confirms', async () => {
    const { page } = sessions.admin;
    const inviteID = `prod-${tag}`;
    await callApi(page, 'POST', '/api/admin/production/partner-invites', { inviteID });
    await page.goto(url(ADMIN_ROUTES.adminPartnerInvites));
    await chooseEnvironment(page, 'production');
    await page.getByLabel(`Select partner invite ${inviteID}`).check();

    await page.getByRole('button', { name: 'Mark delivered' }).click();
    const dialog = page.getByRole('dialog', { name: 'You are changing production' });
    await dialog.getByText('This marks 1 partner invite delivered in production.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await deliveredInProduction(inviteID)).toBe(0);

    await page.getByRole('button', { name: 'Mark delivered' }).click();
    await dialog.getByRole('button', { name: 'Mark in production' }).click();
    await page.getByRole('alert').getByText('Marked 1 partner invite delivered.').waitFor();
    expect(await deliveredInProduction(inviteID)).toBe(1);
  });
});
