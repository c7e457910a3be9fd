import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useRoleSessions } from './accounts-helpers';
import { callApi, useSite } from './harness';

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
  it('drops the referral reward being edited when the environment changes', async () => {
    const { page } = sessions.admin;
    await page.goto(url(ADMIN_ROUTES.adminReferralRewards));
    await page.getByRole('button', { name: 'Edit referral reward standard-partner-reward' }).click();
    const editing = page.getByRole('form', { name: 'Edit referral reward standard-partner-reward' });
    await editing.getByLabel('Name').fill(`Typed in development ${tag}`);

    // The reward picked in development is not beta's: beta's form starts blank.
    await chooseEnvironment(page, 'beta');
    const blank = page.getByRole('form', { name: 'New referral reward' });
    await blank.waitFor();
    expect(await blank.getByLabel('Name').inputValue()).toBe('');
    expect(await page.getByRole('form', { name: /^Edit referral reward/ }).count()).toBe(0);
    // Nor does it come back with development.
    await chooseEnvironment(page, 'development');
    await page.getByRole('form', { name: 'New referral reward' }).waitFor();
    expect(await page.getByRole('form', { name: /^Edit referral reward/ }).count()).toBe(0);
  });

  it('closes the form of a partner invite deleted while it was open', async () => {
    const { page } = sessions.admin;
    const [one, two] = [`gone-1-${tag}`, `gone-2-${tag}`];
    for (const inviteID of [one, two]) {
      await callApi(page, 'POST', '/api/admin/development/partner-invites', { inviteID });
    }
    await page.goto(url(ADMIN_ROUTES.adminPartnerInvites));

    // Deleted on its own.
    await page.getByRole('button', { name: `Edit partner invite ${one}` }).click();
    await page.getByRole('form', { name: `Edit partner invite ${one}` }).waitFor();
    await page.getByRole('button', { name: `Delete partner invite ${one}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete invite' }).click();
    await page.getByRole('alert').getByText(`Partner invite ${one} deleted.`).waitFor();
    await page.getByRole('form', { name: 'New partner invite' }).waitFor();
    expect(await page.getByRole('form', { name: `Edit partner invite ${one}` }).count()).toBe(0);

    // Deleted in bulk, among the undelivered.
    await page.getByRole('button', { name: `Edit partner invite ${two}` }).click();
    await page.getByRole('form', { name: `Edit partner invite ${two}` }).waitFor();
    await page.getByLabel(`Select partner invite ${two}`).check();
    await page.getByRole('button', { name: 'Delete undelivered' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete undelivered' }).click();
    await page.getByRole('alert').getByText('Deleted 1 partner invite.').waitFor();
    await page.getByRole('form', { name: 'New partner invite' }).waitFor();
    expect(await page.getByRole('form', { name: `Edit partner invite ${two}` }).count()).toBe(0);
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
