import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../apps/server/src/platform/mail/queries';
import { logInThroughUi, newAccount, signUpThroughUi } from './accounts-helpers';
import { MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from './harness';

// Budget per client address (server defaults): 10 sign-ups an hour, 10 sign-ins a minute,
// 5 reset requests an hour. This file stays under each: 3 sign-ups, 5 sign-ins, 1 reset.
const fixture = useSite();
const first = newAccount('scout');

describe('accounts', () => {
  it('signs up, shows @name and LOGOUT in the bar, and logs out back to Login / Signup', async () => {
    const { page, context, consoleErrors } = await openPage(fixture.browser, {
      viewport: { width: 1280, height: 800 },
    });
    await signUpThroughUi(page, fixture.site, first);
    await page.waitForURL(`${fixture.site.url}/`);
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'Login / Signup' }).count()).toBe(0);
    expect(await banner.getByRole('link', { name: 'ADMIN PANEL' }).count()).toBe(0);

    // A signed-in user who opens /login is sent on rather than shown the forms again.
    await page.goto(`${fixture.site.url}/login?next=/about/`);
    await page.waitForURL(`${fixture.site.url}/about/`);

    await banner.getByRole('button', { name: 'LOGOUT' }).click();
    await banner.getByRole('link', { name: 'Login / Signup' }).waitFor();
    await page.waitForURL(`${fixture.site.url}/`);
    expect(await banner.getByText(`@${first.displayName}`).count()).toBe(0);
    await page.reload();
    await banner.getByRole('link', { name: 'Login / Signup' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('checks the fields before calling the server and shows its errors word for word', async () => {
    const { page, context } = await openPage(fixture.browser);
    await page.goto(`${fixture.site.url}/login`);
    const panel = page.getByRole('tabpanel');
    const alert = panel.getByRole('alert');

    // Client-side checks: nothing is sent, the message sits at the field and focus moves there.
    await panel.getByLabel('Email').fill('nobody.example.com');
    await panel.getByRole('button', { name: 'Log in' }).click();
    await panel.getByText('Invalid Email', { exact: true }).waitFor();
    await panel.getByText('Enter your password.').waitFor();
    expect(await panel.getByLabel('Email').evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await panel.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await logInThroughUi(page, { email: first.email, password: 'not-the-password' });
    await alert.getByText('Invalid email or password.', { exact: true }).waitFor();

    await logInThroughUi(page, { email: 'ghost@example.com', password: 'whatever-it-is' });
    await alert.getByText('User does not exist. Did you mean to sign up?', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Sign up' }).click();
    await panel.getByLabel('Display name').fill('x');
    await panel.getByLabel('Email').fill('still not an email');
    await panel.getByLabel('Password').fill('short');
    await panel.getByRole('button', { name: 'Create account' }).click();
    // The error replaces the rule shown under the field until then.
    await panel.getByText('Display names are 3 to 20 letters, digits, _ or -.').waitFor();
    await panel.getByText('Invalid Email', { exact: true }).waitFor();
    await panel.getByText('Use at least 8 characters.').waitFor();
    expect(await alert.textContent()).toBe('');

    await panel.getByLabel('Display name').fill(newAccount('dup').displayName);
    await panel.getByLabel('Email').fill(first.email.toUpperCase());
    await panel.getByLabel('Password').fill('long-enough-password');
    await panel.getByRole('button', { name: 'Create account' }).click();
    await alert.getByText('Email is already in use.', { exact: true }).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Login / Signup' }).count()).toBe(1);
    await context.close();
  });

  it('keeps an account whose display name is taken and asks for another one', async () => {
    const { page, context } = await openPage(fixture.browser);
    const second = { ...newAccount('ranger'), displayName: first.displayName.toUpperCase() };
    await page.goto(`${fixture.site.url}/login?mode=signup`);
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Display name').fill(second.displayName);
    await panel.getByLabel('Email').fill(second.email);
    await panel.getByLabel('Password').fill(second.password);
    await panel.getByRole('button', { name: 'Create account' }).click();

    const heading = page.getByRole('heading', { name: 'Choose your display name' });
    await heading.waitFor();
    await page.getByRole('alert').getByText('That display name is taken. Please pick another.').waitFor();
    const name = page.getByLabel('Display name');
    expect(await name.inputValue()).toBe(second.displayName);

    // The account exists without a profile: a reload still shows the form, not the login tabs.
    await page.reload();
    await heading.waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    await name.fill(`${first.displayName}x`);
    await page.getByRole('button', { name: 'Save display name' }).click();
    await page.getByRole('banner').getByText(`@${first.displayName}x`).waitFor();
    await page.waitForURL(`${fixture.site.url}/`);
    await context.close();
  });

  it('resets a forgotten password through the emailed link', async () => {
    const { page, context } = await openPage(fixture.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${fixture.site.url}/login`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    // Focus follows to the new panel, so keyboard and screen-reader users land on it.
    const heading = page.getByRole('heading', { name: 'Reset your password' });
    await heading.waitFor();
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(new URL(page.url()).search).toBe('?mode=reset');

    await page.getByRole('tabpanel').getByLabel('Email').fill(first.email);
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await page
      .getByRole('alert')
      .getByText('If an account uses that address, a reset link is on its way.', { exact: true })
      .waitFor();

    const [mail] = await listOutbox(fixture.site.server.stores.identity, { to: first.email, limit: 1 });
    const link = mail?.text_body.match(/https?:\/\/\S+\/login\?mode=reset&token=\S+/)?.[0];
    expect(link).toBeDefined();
    const { pathname, search } = new URL(link ?? '');
    await page.goto(`${fixture.site.url}${pathname}${search}`);

    const newPassword = 'a-brand-new-password';
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Use at least 8 characters.').waitFor();
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();

    // Back in Log in mode, with the news, the token gone from the address.
    await page.getByRole('alert').getByText('Your password has been changed. Log in with your new password.').waitFor();
    expect(await page.getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).search).toBe('');

    await logInThroughUi(page, { email: first.email, password: first.password });
    await page.getByRole('alert').getByText('Invalid email or password.').waitFor();
    await logInThroughUi(page, { email: first.email, password: newPassword });
    await page.waitForURL(`${fixture.site.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'LOGOUT' }).waitFor();

    // A used link is refused with the catch-all of docs/product.md §8.1 and a way to ask for a new one.
    await page.getByRole('banner').getByRole('button', { name: 'LOGOUT' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Login / Signup' }).waitFor();
    await page.goto(`${fixture.site.url}${pathname}${search}`);
    await page.getByLabel('New password').fill('another-new-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page
      .getByRole('alert')
      .getByText('An error occurred. Please try again later. invalid-action-code', { exact: true })
      .waitFor();
    await context.close();
  });

  it('switches modes from the keyboard with the tab list', async () => {
    const { page, context } = await openPage(fixture.browser);
    await page.goto(`${fixture.site.url}/login?next=/story`);
    const loginTab = page.getByRole('tab', { name: 'Log in' });
    await loginTab.focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { name: 'Join the outpost' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Sign up' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign up');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(new URL(page.url()).search).toBe('?next=%2Fstory');
    // Tab leaves the tab list for the form.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await context.close();
  });

  it.each([
    ['/login', 'Welcome back', 'desktop'],
    ['/login', 'Welcome back', 'mobile'],
    ['/login?mode=signup', 'Join the outpost', 'desktop'],
    ['/login?mode=reset', 'Reset your password', 'desktop'],
    ['/login?mode=reset&token=not-a-real-token', 'Choose a new password', 'mobile'],
  ])('has no serious accessibility violation on %s (%s, %s)', async (path, heading, form) => {
    const { page, context } = await openPage(
      fixture.browser,
      form === 'mobile' ? { viewport: MOBILE_VIEWPORT, isMobile: true } : { viewport: { width: 1280, height: 800 } },
    );
    await page.goto(`${fixture.site.url}${path}`);
    await page.getByRole('heading', { name: heading }).waitFor();
    // With the inline errors showing too.
    await page.locator('form button[type="submit"]').click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
