import { connect, createServer, type Socket } from 'node:net';
import type { AdminEpisode } from '@outpost/contracts/theater';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useRoleSessions } from './accounts-helpers';
import { callApi, MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from './harness';

// Live updates (docs/decisions/0040-live-updates-in-the-web-app.md): screens open on one page change when something
// changes elsewhere, without a reload. 2 sign-ups from one address: under the server's default auth rate
// limits. The demo data is seeded: the shop has its machines.
const fixture = useSite();
const ROLES = ['staff', 'player'] as const;
const { sessions } = useRoleSessions(fixture, ROLES);

const url = (path: string) => `${fixture.site.url}${path}`;
const tag = Date.now().toString(36).slice(-5);
/** How soon a change must show on a page that follows it. */
const LIVE_WITHIN_MS = 2_000;

/** The stream's state, as the screen's status region tells it. */
const liveState = (page: Page) => page.locator('[data-live-state]');
async function waitUntilLive(page: Page): Promise<void> {
  await page.locator('[data-live-state="live"]').waitFor({ state: 'attached' });
}

/** Marks the document, so a test can tell the page was not reloaded meanwhile. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveTestMark: boolean }).liveTestMark = true;
  });
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveTestMark?: boolean }).liveTestMark === true);

/** Waits for `locator` to reach `state`, and says how long that took from `since`. */
async function msUntil(locator: Locator, state: 'visible' | 'detached', since: number): Promise<number> {
  await locator.waitFor({ state, timeout: LIVE_WITHIN_MS });
  return Date.now() - since;
}

const machineCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

async function openShop(page: Page): Promise<void> {
  await page.goto(url('/shop/'));
  await page.getByRole('heading', { level: 2, name: 'Mystery-ball machines' }).waitFor();
  await waitUntilLive(page);
  await markDocument(page);
}

/** Turns a machine on or off the floor through its back-office screen, as staff do. */
async function setMachineAvailable(page: Page, machineID: string, available: boolean): Promise<void> {
  // The tab in front: a background tab's animation frames are throttled, which slows every action in it.
  await page.bringToFront();
  await page.goto(url(`/admin/shop/machines/${machineID}`));
  const box = page.getByLabel('Available to players');
  await box.waitFor();
  await box.setChecked(available);
  await page.getByRole('button', { name: 'Save machine' }).click();
  await page.getByRole('alert').filter({ hasText: 'Machine saved!' }).waitFor();
}

/**
 * A TCP relay to the server on `port`: the network between a page and the site, which a test can
 * cut (open connections dropped, new ones refused) and restore.
 */
async function relayTo(port: string) {
  const open = new Set<Socket>();
  let down = false;
  const relay = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(port), '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  if (typeof address !== 'object' || !address) throw new Error('The relay has no port');
  return {
    port: address.port,
    cut() {
      down = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}

const timings: Record<string, number> = {};
afterAll(() => {
  console.info('live updates seen after (ms):', timings);
});

describe('live updates', () => {
  it('takes a machine an admin turns unavailable off a player’s open shop, and marks it in the back office’s open list', async () => {
    const shopper = sessions.player.page;
    await openShop(shopper);
    const scrapyard = machineCard(shopper, 'Scrapyard Capsules');
    await scrapyard.waitFor();
    // Nothing to say while updates flow: the status region is there, empty.
    expect(await liveState(shopper).innerText()).toBe('');

    // The back office's list of machines, open on another page of the admin's, follows its environment.
    const list = await sessions.staff.context.newPage();
    try {
      await list.goto(url('/admin/shop/machines'));
      const row = list.getByRole('row').filter({ hasText: 'scrapyard' });
      await row.getByText('Available', { exact: true }).waitFor();
      await waitUntilLive(list);

      await setMachineAvailable(sessions.staff.page, 'scrapyard', false);
      const saved = Date.now();
      timings.shopDropsMachine = await msUntil(scrapyard, 'detached', saved);
      timings.backOfficeMarksIt = await msUntil(row.getByText('Unavailable', { exact: true }), 'visible', saved);
      expect(await sameDocument(shopper)).toBe(true);

      // And back on the floor: it comes back the same way.
      await setMachineAvailable(sessions.staff.page, 'scrapyard', true);
      timings.shopBringsItBack = await msUntil(scrapyard, 'visible', Date.now());
      expect(await sameDocument(shopper)).toBe(true);
    } finally {
      await list.close();
    }
  });

  it('shows an episode an admin adds on an open theater page, a visitor’s', async () => {
    const visitor = await openPage(fixture.browser, { viewport: MOBILE_VIEWPORT });
    try {
      const { page } = visitor;
      await page.goto(url('/story/'));
      await page.getByRole('heading', { level: 1, name: 'The Story Theater' }).waitFor();
      await waitUntilLive(page);
      await markDocument(page);

      const title = `Live from the relay ${tag}`;
      await callApi<AdminEpisode>(sessions.staff.page, 'POST', '/api/admin/development/theater/episodes', {
        season: 9,
        episode: 1,
        title,
        url: 'https://media.example.com/relay.mp4',
      });
      timings.theaterShowsEpisode = await msUntil(
        page.getByRole('heading', { level: 3, name: title }),
        'visible',
        Date.now(),
      );
      expect(await sameDocument(page)).toBe(true);
      expect(visitor.consoleErrors).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });

  it('shows an order profile saved in one tab in the player’s other tab, and keeps what is being typed there', async () => {
    const { context, page: first } = sessions.player;
    const second = await context.newPage();
    try {
      const openForm = async (page: Page) => {
        await page.goto(url('/account'));
        const form = page.getByRole('form', { name: 'Order profile' });
        await form.getByLabel('First name').waitFor();
        await waitUntilLive(page);
        return form;
      };
      const there = await openForm(second);
      await markDocument(second);
      // The player types in this tab; the other one waits behind it.
      await first.bringToFront();
      const here = await openForm(first);

      await here.getByLabel('First name').fill('Ash');
      await here.getByLabel('Last name').fill('Rowan');
      await here.getByLabel('Phone country code').fill('+44');
      await here.getByLabel('Phone number').fill('020 7946 0958');
      await here.getByLabel('Address line 1').fill('1 Relay Road');
      await here.getByLabel('City').fill('London');
      await here.getByLabel('Postcode or ZIP code').fill('E1 6AN');
      await here.getByLabel('Country', { exact: true }).selectOption({ label: 'United Kingdom' });
      await here.getByRole('button', { name: 'Save order profile' }).click();
      await here
        .getByRole('alert')
        .getByText(/^Saved on .+\. Orders ship to Ash Rowan, 1 Relay Road/)
        .waitFor();
      const saved = Date.now();

      // The other tab, untouched, shows what was saved.
      await expect
        .poll(() => there.getByLabel('Address line 1').inputValue(), { timeout: LIVE_WITHIN_MS, interval: 50 })
        .toBe('1 Relay Road');
      timings.otherTabShowsProfile = Date.now() - saved;
      expect(await there.getByLabel('First name').inputValue()).toBe('Ash');
      expect(await there.getByLabel('Country', { exact: true }).inputValue()).toBe('GB');
      expect(await sameDocument(second)).toBe(true);

      // Once something is typed there, a save here does not overwrite it: the tab says what happened.
      await second.bringToFront();
      await there.getByLabel('City').fill('Leeds');
      await first.bringToFront();
      await here.getByLabel('Address line 1').fill('2 Relay Road');
      await here.getByRole('button', { name: 'Save order profile' }).click();
      await here
        .getByRole('alert')
        .getByText(/Orders ship to Ash Rowan, 2 Relay Road/)
        .waitFor();
      await there
        .getByRole('alert')
        .getByText(/^Your order profile was saved elsewhere \(another tab or device\) while you were editing it\./)
        .waitFor({ timeout: LIVE_WITHIN_MS });
      expect(await there.getByLabel('City').inputValue()).toBe('Leeds');
      expect(await there.getByLabel('Address line 1').inputValue()).toBe('1 Relay Road');
      // The first tab, whose own save came back on its stream, still says it saved.
      expect(await here.getByRole('alert').innerText()).toMatch(/^Saved on /);

      await second.bringToFront();
      await there.getByRole('button', { name: 'Show the saved profile (discards your changes here)' }).click();
      expect(await there.getByLabel('Address line 1').inputValue()).toBe('2 Relay Road');
      expect(await there.getByLabel('City').inputValue()).toBe('London');
      expect(await there.getByRole('alert').innerText()).toBe('');
    } finally {
      await second.close();
    }
  });

  it('says it is reconnecting while the network is gone, then catches up on what changed meanwhile', async () => {
    // Playwright's setOffline fails new requests only: an open EventSource stays connected through
    // it. So this page reaches the server through a relay that stands for its network: cutting it
    // drops the open connections and refuses new ones, while the server runs on.
    const network = await relayTo(new URL(fixture.site.url).port);
    const { context, page } = sessions.player;
    try {
      await page.goto(`http://127.0.0.1:${network.port}/shop/`);
      await page.getByRole('heading', { level: 2, name: 'Mystery-ball machines' }).waitFor();
      await waitUntilLive(page);
      await markDocument(page);
      const aurora = machineCard(page, 'Aurora Drop');
      await aurora.waitFor();

      network.cut();
      await context.setOffline(true);
      const cut = Date.now();
      const status = page.getByRole('status').filter({ hasText: 'Reconnecting…' });
      await status.waitFor({ timeout: LIVE_WITHIN_MS });
      timings.saysReconnecting = Date.now() - cut;
      expect(await status.innerText()).toBe('Reconnecting… Updates are paused until the connection is back.');
      expect(await liveState(page).getAttribute('data-live-state')).toBe('reconnecting');
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Changed while this player is away.
      await setMachineAvailable(sessions.staff.page, 'aurora', false);
      expect(await aurora.count()).toBe(1);

      await context.setOffline(false);
      network.restore();
      const back = Date.now();
      // The browser reopens the stream (the server asks for a 2 s retry) and the server replays what it missed.
      await page.locator('[data-live-state="live"]').waitFor({ state: 'attached', timeout: 5_000 });
      timings.liveAgain = Date.now() - back;
      await aurora.waitFor({ state: 'detached', timeout: LIVE_WITHIN_MS });
      timings.caughtUpAfterReconnect = Date.now() - back;
      expect(await liveState(page).innerText()).toBe('');
      expect(await sameDocument(page)).toBe(true);
    } finally {
      await context.setOffline(false);
      await network.close();
    }
  });
});
