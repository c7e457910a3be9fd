import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { suspendPlayer } from '../../apps/server/src/identity/lifecycle/suspensions';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { credit } from '../../apps/server/src/ledger/ledger';
import { type Account, newAccount, signUpThroughUi } from './accounts-helpers';
import { callApi, openPage, useSite } from './harness';

/*
 * A page whose session ends without the player touching it (a sign-out in another tab, a
 * suspension, a password changed on another device) shows itself signed out on its own: no
 * @name in the bar, no Spin button that acts, and why, when the player did not end it themselves.
 */

const fixture = useSite();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A context of its own (a browser, a device), its first page signed up as a new player with credits. */
async function newPlayer(options: Parameters<typeof openPage>[1] = {}): Promise<{ account: Account; page: Page }> {
  const account = newAccount('ender');
  const { context, page } = await openPage(fixture.browser, { viewport: { width: 1280, height: 800 }, ...options });
  context.setDefaultTimeout(8_000);
  closers.push(() => context.close());
  await signUpThroughUi(page, fixture.site, account);
  const userId = await findUserIdByEmail(fixture.site.server.stores.identity, account.email);
  if (!userId) throw new Error('no account');
  await credit(fixture.site.server.stores.game.development, {
    userId,
    amount: 1_000,
    reason: 'adjustment',
    reference: `session-end:${userId}`,
  });
  return { account, page };
}

const bar = (page: Page) => page.getByRole('banner');
const spin = (page: Page) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Scrapyard Capsules' }) })
    .getByRole('button', { name: /^Spin/ });
/** What the bar's alert region says (empty while nothing ended under the page). */
const barNotice = (page: Page) => bar(page).getByRole('alert').innerText();

/** The shop, signed in: the bar names the player and Spin acts. */
async function openSignedInShop(page: Page, account: Account): Promise<void> {
  await page.goto(`${fixture.site.url}/shop/`);
  await bar(page).getByText(`@${account.displayName}`).waitFor();
  await expect.poll(() => spin(page).isEnabled()).toBe(true);
}

/** The shop as a signed-out page shows it, reached without a click on this page. */
async function expectSignedOut(page: Page, account: Account): Promise<void> {
  await bar(page).getByRole('link', { name: 'Login / Signup' }).waitFor();
  expect(await bar(page).getByText(`@${account.displayName}`).count()).toBe(0);
  await expect.poll(() => spin(page).isDisabled()).toBe(true);
  await page.getByText('Sign in to spin.').first().waitFor();
}

describe('a session that ends under an open page', () => {
  it('shows a tab signed out when the session is signed out in another tab', async () => {
    const { account, page: first } = await newPlayer();
    const second = await first.context().newPage();
    await openSignedInShop(second, account);

    await bar(first).getByRole('button', { name: 'LOGOUT' }).click();
    await expectSignedOut(second, account);
    // The player ended it themselves: nothing more to say.
    expect(await barNotice(second)).toBe('');
  });

  it('shows a suspended player’s open page signed out, with the reason and the end in their own time', async () => {
    const { account, page } = await newPlayer({ locale: 'en-GB', timezoneId: 'Asia/Tokyo' });
    await openSignedInShop(page, account);
    const userId = await findUserIdByEmail(fixture.site.server.stores.identity, account.email);
    await suspendPlayer(
      { identity: fixture.site.server.stores.identity, game: fixture.site.server.stores.game.development },
      { environment: 'development', admin: 'browser-test' },
      userId ?? '',
      { reason: 'Spamming the lobby', endsAt: '2030-01-02T03:00:00.000Z', reportID: null },
    );
    const said = 'Your account is suspended until 2 January 2030 at 12:00. Reason: Spamming the lobby';

    await expectSignedOut(page, account);
    await expect.poll(() => barNotice(page)).toBe(said);
    // Said again on the next visit: the browser still presents the session that was suspended.
    await page.goto(`${fixture.site.url}/about/`);
    await expect.poll(() => barNotice(page)).toBe(said);
  });

  it('shows another device signed out when the password is changed with its other sessions', async () => {
    const { account, page: laptop } = await newPlayer();
    const phone = await openPage(fixture.browser, { viewport: { width: 390, height: 844 } });
    closers.push(() => phone.context.close());
    await phone.page.goto(`${fixture.site.url}/login`);
    const panel = phone.page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(account.email);
    await panel.getByLabel('Password').fill(account.password);
    await panel.getByRole('button', { name: 'Log in' }).click();
    await phone.page.waitForURL(`${fixture.site.url}/`);
    await openSignedInShop(phone.page, account);

    await callApi(laptop, 'POST', '/api/auth/change-password', {
      currentPassword: account.password,
      newPassword: `${account.password}-new`,
      revokeOtherSessions: true,
    });
    await expectSignedOut(phone.page, account);
    await expect
      .poll(() => barNotice(phone.page))
      .toBe('Your password was changed, which signed this session out. Sign in with the new password.');
  });
});
