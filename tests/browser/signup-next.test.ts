import { describe, expect, it } from 'vitest';
import { newAccount } from './accounts-helpers';
import { MOBILE_VIEWPORT, openPage, useSite } from './harness';

/*
 * Sign-up keeps where the visitor was going: from the shop's "Sign in" (`/login?next=/shop/`), a new account
 * made through the sign-up panel lands on the shop, whichever way the panel was opened.
 */

const fixture = useSite({ SEED_DEMO_DATA: 'false' });

describe.each([
  ['a desktop', { width: 1280, height: 900 }, 'tab'],
  ['a phone', MOBILE_VIEWPORT, 'link'],
] as const)('sign-up on %s', (_, viewport, opened) => {
  it('goes to ?next= once the new account is made', async () => {
    const { context, page } = await openPage(fixture.browser, { viewport });
    try {
      context.setDefaultTimeout(15_000);
      const account = newAccount('next');
      await page.goto(`${fixture.site.url}/login?next=/shop/`);
      if (opened === 'tab') await page.getByRole('tab', { name: 'Sign up' }).click();
      else await page.getByRole('button', { name: 'New here? Create an account' }).click();
      expect(new URL(page.url()).searchParams.get('next')).toBe('/shop/');
      const panel = page.getByRole('tabpanel');
      await panel.getByLabel('Display name').fill(account.displayName);
      await panel.getByLabel('Email').fill(account.email);
      await panel.getByLabel('Password').fill(account.password);
      await panel.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL((url) => url.pathname === '/shop/');
      await page.getByRole('banner').getByText(`@${account.displayName}`).waitFor();
    } finally {
      await context.close();
    }
  });
});
