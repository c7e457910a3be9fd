import { describe, expect, it } from 'vitest';
import { countEmailSignups, findEmailSignup } from '../../apps/server/src/site/queries';
import { openPage, useSite } from './harness';

const fixture = useSite({ SEED_DEMO_DATA: 'false' });
const db = () => fixture.site.server.stores.game.development;

describe('email signup on the landing page', () => {
  it('refuses an invalid address with the message of docs/product.md §5.1, then signs up, then accepts a repeat', async () => {
    const { page, context, consoleErrors } = await openPage(fixture.browser);
    await page.goto(`${fixture.site.url}/`);
    const form = page.locator('#signup');
    const input = form.getByLabel('Email address');
    expect(await input.getAttribute('type')).toBe('email');
    const alert = form.getByRole('alert');

    for (const bad of ['', 'a@b.c', 'nobody.example.com']) {
      await page.reload();
      expect(await alert.textContent()).toBe('');
      await input.fill(bad);
      await form.getByRole('button', { name: 'Sign up' }).click();
      await alert.getByText('Please enter a valid email address.').waitFor();
    }
    expect(await countEmailSignups(db())).toBe(0);

    await input.fill('Scout@Example.com');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await alert.getByText("Thank you for signing up! We'll keep you updated on our launch.").waitFor();
    expect(await input.inputValue()).toBe('');
    expect(await findEmailSignup(db(), 'scout@example.com')).toMatchObject({ source: 'landing' });

    await page.reload();
    await input.fill('scout@example.com');
    await input.press('Enter');
    await alert.getByText("Thank you for signing up! We'll keep you updated on our launch.").waitFor();
    expect(await countEmailSignups(db())).toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('says so and logs the error when the signup cannot reach the server', async () => {
    const { page, context, consoleErrors } = await openPage(fixture.browser);
    await page.goto(`${fixture.site.url}/`);
    await page.route('**/api/callable/signupForEmails', (route) => route.abort('internetdisconnected'));
    const form = page.locator('#signup');
    await form.getByLabel('Email address').fill('offline@example.com');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await form.getByRole('alert').getByText('There was an error signing up. Please try again later.').waitFor();
    expect(await form.getByLabel('Email address').inputValue()).toBe('offline@example.com');
    expect(consoleErrors.some((line) => line.includes('signupForEmails failed'))).toBe(true);
    expect(await findEmailSignup(db(), 'offline@example.com')).toBeUndefined();
    await context.close();
  });
});
