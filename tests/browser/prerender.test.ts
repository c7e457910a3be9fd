import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE_VIEWPORT, useSite, waitForHydration } from './harness';

const fixture = useSite();

const LANDING_SECTIONS = [
  'Get Early Access',
  'Incoming transmission',
  'From scrap to stronghold',
  'Build & Decorate',
  'Play & Quest',
  'Your World Your Hangout',
  'Avatar Fashion goes IRL',
  'Help Build the world',
  'Get launch updates',
  'From the field',
  'Get the app',
  'The relay never sleeps',
  'Follow the signal',
];

/** A page in a browser that runs no script at all: what the prerendered HTML and the CSS show. */
async function withoutJavaScript(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return { context, page, consoleErrors };
}

describe('the prerendered public pages, without JavaScript', () => {
  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['mobile', MOBILE_VIEWPORT],
  ])('show the landing page on %s: its heading, every section and the email field', async (_form, viewport) => {
    const { context, page, consoleErrors } = await withoutJavaScript(fixture.browser, viewport);
    const response = await page.goto(`${fixture.site.url}/`);
    expect(response?.status()).toBe(200);
    const main = page.locator('main');
    expect(await main.getByRole('heading', { level: 1, name: 'Join the resistance' }).isVisible()).toBe(true);
    const headings = await main.locator('h2').allTextContents();
    expect(headings.map((heading) => heading.trim())).toEqual(LANDING_SECTIONS);
    for (const name of LANDING_SECTIONS) {
      await main.getByRole('heading', { level: 2, name, exact: true }).scrollIntoViewIfNeeded();
      expect(await main.getByRole('heading', { level: 2, name, exact: true }).isVisible(), name).toBe(true);
    }
    const email = main.getByLabel('Email address');
    expect(await email.isVisible()).toBe(true);
    expect(await email.getAttribute('type')).toBe('email');
    // The radio call's lines are clipped away only while a script waits to reveal them.
    const lines = main.locator('section[aria-labelledby="transmission-title"] li');
    expect(await lines.count()).toBeGreaterThan(3);
    expect(await lines.first().evaluate((line) => getComputedStyle(line).clipPath)).toBe('none');
    // The bar and the footer are there too, and the visitor's links.
    expect(await page.getByRole('banner').getByRole('link', { name: 'Login / Signup' }).count()).toBe(1);
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Outpost — join the resistance');
    // The CSP refuses inline styles and scripts: the prerendered HTML needs neither.
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it.each([
    ['/about/', 'About Outpost', 'The world', 'About — Outpost'],
    ['/terms', 'End-User License Agreement', 'Contents', 'End-User License Agreement — Outpost'],
    ['/privacy', 'Privacy Policy', 'Contents', 'Privacy Policy — Outpost'],
    ['/download/', 'Play Outpost now', null, 'Download — Outpost'],
  ])('show %s with its heading, its text and its title', async (path, heading, section, title) => {
    const { context, page, consoleErrors } = await withoutJavaScript(fixture.browser);
    const response = await page.goto(`${fixture.site.url}${path}`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('main').getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
    if (section) {
      expect(await page.locator('main').getByRole('heading', { level: 2, name: section }).first().isVisible()).toBe(
        true,
      );
    }
    expect(await page.getByText('LOADING', { exact: true }).count()).toBe(0);
    expect(await page.title()).toBe(title);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('show the Not-found screen for an unknown path, with status 404', async () => {
    const { context, page } = await withoutJavaScript(fixture.browser);
    const response = await page.goto(`${fixture.site.url}/no/such/place`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1, name: /Page Not Found/ }).isVisible()).toBe(true);
    expect(await page.getByText('transmission interrupted | directing you home').isVisible()).toBe(true);
    await context.close();
  });

  it('leave the client-rendered screens to the browser: /login is the empty shell', async () => {
    const html = await (await fetch(`${fixture.site.url}/login`)).text();
    expect(html).toContain('<div id="root"></div>');
  });
});

describe('the live figures of a prerendered page', () => {
  it('are not in the HTML and fill in after hydration: the signup count and the session', async () => {
    const html = await (await fetch(`${fixture.site.url}/`)).text();
    expect(html).toContain('Login / Signup');
    expect(html).not.toContain('survivors are already on the list');

    const context = await fixture.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(`${fixture.site.url}/`);
    // The demo data set has 128 addresses on the list.
    await page.locator('#signup').getByText('128 survivors are already on the list.').waitFor();
    await waitForHydration(page, 'header a[href="/login"]');
    expect(requests).toContain('/api/auth/me');
    expect(await page.getByRole('banner').getByRole('link', { name: 'Login / Signup' }).count()).toBe(1);
    await context.close();
  });
});
