import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { useRoleSessions } from './accounts-helpers';
import { consoleScreen } from './admin-pages';
import { MOBILE_VIEWPORT, seriousAxeViolations, useSite } from './harness';

/*
 * The game, live: an admin makes a game server key on its screen, a game server (this test, over HTTP)
 * reports a batch with it, and the live stats open in the admin's tab move without a reload; a revoked key is
 * refused at once. A moderator reads neither screen.
 */

// 2 sign-ups from one address: under the server's default auth rate limits.
const fixture = useSite();
const { sessions, accounts } = useRoleSessions(fixture, ['admin', 'moderator'] as const);

const url = (path: string) => `${fixture.site.url}${path}`;

/** A game server's batch to development with `key`; answers the HTTP status and body. */
async function report(key: string, events: unknown[]) {
  const response = await fetch(url('/api/ingest/development/events'), {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ events }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A tile's figure: the definition that follows its term. */
const figureText = async (page: Page, label: string) =>
  (await page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText()).trim();
const figureOf = async (page: Page, label: string) => Number((await figureText(page, label)).replace(/\D/g, ''));

/** The maps' counts that are current (a stale map says it had no report lately instead of a number). */
async function currentMapsTotal(page: Page): Promise<number> {
  const counts = await page
    .getByRole('table', { name: 'Presence per map' })
    .locator('tbody tr td:nth-of-type(1)')
    .allInnerTexts();
  return counts
    .filter((text) => /^[\d,]+$/.test(text.trim()))
    .reduce((sum, text) => sum + Number(text.replace(/\D/g, '')), 0);
}

async function makeKey(page: Page, name: string): Promise<string> {
  await page.goto(url('/admin/ingest-keys'));
  await page.getByRole('heading', { level: 1, name: 'Game server keys' }).waitFor();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Make a key' }).click();
  const secret = page.getByLabel('Key', { exact: true });
  await secret.waitFor();
  await page.getByRole('row', { name: new RegExp(name) }).waitFor();
  return secret.inputValue();
}

describe('the live stats and the game server keys', () => {
  let key = '';

  it('makes a key shown once, listed by name with its first characters and never used', async () => {
    const { page } = sessions.admin;
    key = await makeKey(page, 'EU shard 2');
    expect(key).toMatch(/^opk_[A-Za-z0-9_-]{40,}$/);
    const row = page.getByRole('row', { name: /EU shard 2/ });
    expect(await row.innerText()).toContain(`${key.slice(0, 8)}`);
    expect(await row.innerText()).toContain('Never');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Shown once: a reload lists the key without its secret.
    await page.reload();
    await page.getByRole('row', { name: /EU shard 2/ }).waitFor();
    expect(await page.getByLabel('Key', { exact: true }).count()).toBe(0);
    expect(await page.content()).not.toContain(key);
  });

  it('moves the open live stats when a game server reports a batch with that key, without a reload', async () => {
    const { page } = sessions.admin;
    await page.goto(url('/admin/live'));
    await page.getByRole('heading', { level: 1, name: 'Live stats' }).waitFor();
    await page.locator('[data-live-state="live"]').waitFor({ state: 'attached' });
    await page.locator('dl[aria-busy="false"]').waitFor();
    const before = {
      tacos: await figureOf(page, 'Tacos claimed'),
      logins: await figureOf(page, 'Logins'),
    };
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const userID = await findUserIdByEmail(fixture.site.server.stores.identity, accounts.admin.email);
    const at = new Date().toISOString();
    const batch = [
      { id: 'live-1', type: 'presence', at, userID },
      { id: 'live-2', type: 'item-claimed', at, userID, itemID: 'taco', quantity: 3 },
      { id: 'live-3', type: 'objective', at, userID, key: 'login' },
      { id: 'live-4', type: 'map-presence', at, mapID: 'browser-test-map', activeNow: 7 },
      { id: 'live-5', type: 'level', at, userID: 'no-such-player', level: 3 },
    ];
    const sent = await report(key, batch);
    expect(sent).toEqual({
      status: 200,
      body: {
        stored: 4,
        duplicated: 0,
        refused: [{ index: 4, id: 'live-5', reason: 'There is no player no-such-player (userID names an account).' }],
      },
    });

    await expect.poll(() => figureOf(page, 'Tacos claimed'), { timeout: 5_000 }).toBe(before.tacos + 3);
    expect(await figureOf(page, 'Logins')).toBe(before.logins + 1);
    const map = page.getByRole('row', { name: /browser-test-map/ });
    expect(await map.innerText()).toContain('7');
    // The game sent no data for that map: the screen says so (docs/product.md §8.5).
    expect(await map.innerText()).toContain('No map data from the game yet.');
    // Active now is the maps' current reports, summed: the figure and the maps agree, and say how old they are.
    expect(await figureOf(page, 'Active now')).toBe(await currentMapsTotal(page));
    expect(await figureOf(page, 'Active now')).toBeGreaterThanOrEqual(7);
    expect(await page.getByText(/the newest report came just now\./).count()).toBe(1);
    // A map's data as labelled fields, not JSON.
    const plaza = page.getByRole('row', { name: /plaza/ });
    const fields = plaza.getByRole('definition');
    expect(await plaza.getByRole('term').allInnerTexts()).toEqual(['Name', 'Region', 'Capacity']);
    expect(await fields.allInnerTexts()).toEqual(['Central Plaza', 'north', '120']);
    expect(await plaza.innerText()).not.toContain('{');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // The same batch again changes nothing.
    expect((await report(key, batch.slice(0, 4))).body).toEqual({ stored: 0, duplicated: 4, refused: [] });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('draws the charts over the range the admin picks, with the chart library loaded on this screen only', async () => {
    const { page } = sessions.admin;
    // The last test's page may still be fetching its charts: leave it before listening.
    await page.goto('about:blank');
    const chartCode: string[] = [];
    const listen = (request: { url(): string }) => {
      if (/uPlot/i.test(request.url())) chartCode.push(request.url());
    };
    page.on('request', listen);
    try {
      await page.goto(url('/admin'));
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await consoleScreen(page).getByRole('link', { name: 'Live stats' }).waitFor();
      expect(chartCode).toEqual([]);

      await consoleScreen(page).getByRole('link', { name: 'Live stats' }).click();
      const range = page.getByRole('group', { name: 'Range' });
      expect(await range.getByRole('radio', { name: '7 days' }).isChecked()).toBe(true);
      await page.locator('[data-range="7d"] figure[data-series="activePlayers"] canvas').first().waitFor();
      expect(chartCode.length).toBeGreaterThan(0);
      for (const title of ['Active players', 'Playtime', 'Sign-ups', 'Credit purchases', 'Merch purchases']) {
        await page.getByRole('figure', { name: new RegExp(`^${title} `) }).waitFor();
      }

      // A click, not check(): the range changes with the URL, a moment after the click.
      await range.getByRole('radio', { name: '24 hours' }).click();
      await page.locator('[data-range="24h"]').waitFor();
      expect(new URL(page.url()).searchParams.get('range')).toBe('24h');
      // The table under the chart: 24 hours, the admin seen in the game this hour.
      const active = page.getByRole('figure', { name: /^Active players / });
      await active.getByText('Active players as a table').click();
      const rows = active.locator('tbody tr');
      expect(await rows.count()).toBe(24);
      expect(Number(await rows.last().locator('td').innerText())).toBeGreaterThanOrEqual(1);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // A reload keeps the range.
      await page.reload();
      await page.locator('[data-range="24h"]').waitFor();
    } finally {
      page.off('request', listen);
    }
  });

  it('rotates keys: the old one shows its last use and, revoked, is refused while the new one works', async () => {
    const { page } = sessions.admin;
    const next = await makeKey(page, 'EU shard 3');
    const row = page.getByRole('row', { name: /EU shard 2/ });
    expect(await row.innerText()).not.toContain('Never');
    await row.getByRole('button', { name: 'Revoke EU shard 2' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke the key' }).click();
    await page.getByText('The key “EU shard 2” is revoked.').waitFor();
    await row.getByText('Revoked').waitFor();
    const userID = await findUserIdByEmail(fixture.site.server.stores.identity, accounts.admin.email);
    const event = { id: 'live-6', type: 'presence', at: new Date().toISOString(), userID };
    const refused = await report(key, [event]);
    expect(refused).toEqual({
      status: 401,
      body: {
        error: {
          status: 'UNAUTHENTICATED',
          message: expect.stringMatching(/^This service key of development was revoked at \S+: send a key in force\.$/),
          requestId: expect.any(String),
        },
      },
    });
    expect(await report(next, [event])).toEqual({ status: 200, body: { stored: 1, duplicated: 0, refused: [] } });
  });

  it('fits a phone', async () => {
    const { page } = sessions.admin;
    await page.setViewportSize(MOBILE_VIEWPORT);
    try {
      await page.goto(url('/admin/live'));
      await page.getByRole('row', { name: /browser-test-map/ }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('tells a moderator the figures and keys are not theirs, and the server refuses them', async () => {
    const { page } = sessions.moderator;
    await page.goto(url('/admin/live'));
    await page.getByText('The live stats are read by staff and admins; your role cannot see them.').waitFor();
    await page.goto(url('/admin/ingest-keys'));
    await page.getByText('Game server keys are managed by admins; your role cannot see them.').waitFor();
    const status = await page.evaluate(async () => (await fetch('/api/admin/development/live-stats')).status);
    expect(status).toBe(403);
  });
});
