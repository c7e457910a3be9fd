import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { credit } from '../../apps/server/src/ledger/ledger';
import { putTestProduct, validOrderProfile } from '../../apps/server/src/merch/testing';
import { enqueueRun } from '../../apps/server/src/platform/jobs/runner';
import { insertScheduledPush } from '../../apps/server/src/push/testing';
import { useRoleSessions } from './accounts-helpers';
import { consoleScreen } from './admin-pages';
import { callApi, MOBILE_VIEWPORT, seriousAxeViolations, useSite } from './harness';

/*
 * Every screen live: each back-office list open in one tab, and the player's account page, show a change made
 * elsewhere (another tab, another person's session, a direct API call, the job runner) without a reload. The
 * tests wait for the change to show, never for a time; a page that reloaded would lose its mark.
 */

// 3 sign-ups from one address: under the server's default auth rate limits.
const fixture = useSite();
const { sessions, accounts } = useRoleSessions(fixture, ['admin', 'staff', 'player'] as const);

const ENV = 'development';
const tag = Date.now().toString(36).slice(-5);
const url = (path: string) => `${fixture.site.url}${path}`;
const game = () => fixture.site.server.stores.game[ENV];
const VIEWPORTS = [
  ['1,280 px', { width: 1280, height: 900 }],
  ['390 px', MOBILE_VIEWPORT],
] as const;

/** Opens a screen and waits until its live stream follows, and marks the page: a reload would lose the mark. */
async function openLive(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(url(path));
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.locator('[data-live-state="live"]').first().waitFor({ state: 'attached' });
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
const row = (page: Page, text: string | RegExp) => consoleScreen(page).getByRole('row').filter({ hasText: text });
const userIdOf = async (email: string) => {
  const id = await findUserIdByEmail(fixture.site.server.stores.identity, email);
  if (!id) throw new Error(`${email} has no account`);
  return id;
};

/** A page size with no sideways scrolling. */
async function fitsItsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('every back-office screen live', () => {
  it.each(VIEWPORTS)('the admin log shows an edit made in another tab (%s)', async (_size, viewport) => {
    const { page, context } = sessions.admin;
    await page.setViewportSize(viewport);
    await openLive(page, ADMIN_ROUTES.adminLog, 'Admin Log');
    const other = await context.newPage();
    try {
      await other.goto(url('/admin'));
      const name = `Live log ${tag} ${viewport.width}`;
      await callApi(other, 'POST', `/api/admin/${ENV}/ingest-keys`, { name });
      await consoleScreen(page).getByText(name).first().waitFor();
      expect(await notReloaded(page)).toBe(true);
      expect(await fitsItsWidth(page)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it.each(VIEWPORTS)('a new beta request shows on the requests list (%s)', async (_size, viewport) => {
    const { page } = sessions.staff;
    await page.setViewportSize(viewport);
    await openLive(page, ADMIN_ROUTES.adminBetaRequests, 'Beta requests');
    // The player asks from their own session (first at one width, then changes their answers at the other).
    const heardFrom = `A live screen ${tag} ${viewport.width}`;
    await callApi(sessions.player.page, 'PUT', '/api/account/beta/request', {
      data: { platform: 'android', heardFrom },
    });
    await consoleScreen(page).getByText(heardFrom).first().waitFor();
    expect(await notReloaded(page)).toBe(true);
    expect(await fitsItsWidth(page)).toBe(true);
  });

  it("the player's account page shows staff accepting their request", async () => {
    const { page } = sessions.player;
    await page.setViewportSize(MOBILE_VIEWPORT);
    await page.goto(url('/account'));
    const beta = page.getByRole('region', { name: 'Beta programme', exact: true });
    await beta.getByText(/^Requested on /).waitFor();
    await page.locator('[data-live-state="live"]').first().waitFor({ state: 'attached' });
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const playerID = await userIdOf(accounts.player.email);
    await callApi(sessions.staff.page, 'POST', `/api/admin/${ENV}/beta-requests/${playerID}/accept`);
    await beta.getByText('Accepted', { exact: true }).waitFor();
    await beta.getByRole('list', { name: 'Your invites' }).getByRole('listitem').first().waitFor();
    expect(await notReloaded(page)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('the merch orders list shows an order the player placed', async () => {
    const { page } = sessions.admin;
    await page.setViewportSize({ width: 1280, height: 900 });
    await openLive(page, ADMIN_ROUTES.adminMerchOrders, 'Merch orders');
    const player = sessions.player.page;
    const playerID = await userIdOf(accounts.player.email);
    const productID = `live-tee-${tag}`;
    await putTestProduct(game(), { productID, varieties: [['m', 5]] });
    await credit(game(), { userId: playerID, amount: 5000, reason: 'reward', reference: `live-screens:${tag}` });
    await callApi(player, 'POST', '/api/fn/set-order-profile', validOrderProfile());
    await callApi(player, 'POST', '/api/shop/merch/orders', {
      lines: [{ productID, varietyID: 'm', quantity: 1 }],
      payment: 'credits',
    });
    await row(page, accounts.player.displayName).first().waitFor();
    expect(await notReloaded(page)).toBe(true);
  });

  it('the background jobs show a run the moment it is queued', async () => {
    const { page } = sessions.admin;
    await openLive(page, `${ADMIN_ROUTES.adminLog}?tab=jobs`, 'Background jobs');
    const name = `live-screens.check-${tag}`;
    // As a domain's route queues its job: a run due in an hour, which no runner here knows.
    await enqueueRun(fixture.site.server.stores.identity, { name }, null, { runAt: new Date(Date.now() + 3_600_000) });
    await row(page, name).first().waitFor();
    expect(await notReloaded(page)).toBe(true);
  });

  it('the push history follows a message as the send job moves it, without asking again on a timer', async () => {
    const { page } = sessions.admin;
    await openLive(page, ADMIN_ROUTES.adminPush, 'Push notifications');
    const title = `Live push ${tag}`;
    const messageID = `live-push-${tag}`;
    const at = new Date().toISOString();
    // Written as the compose route writes a scheduled message, then moved as the send job moves it.
    await insertScheduledPush(game(), { messageID, title, createdBy: await userIdOf(accounts.admin.email) });
    const message = row(page, title).first();
    await message.getByText('Scheduled', { exact: true }).waitFor();
    await game()
      .updateTable('push_messages')
      .set({ state: 'sent', sent_count: 3, started_at: at, finished_at: new Date().toISOString() })
      .where('message_id', '=', messageID)
      .execute();
    await message.getByText('Sent', { exact: true }).waitFor();
    expect(await notReloaded(page)).toBe(true);
  });

  it('the game server keys show a key made and revoked in another tab', async () => {
    const { page, context } = sessions.admin;
    await openLive(page, ADMIN_ROUTES.adminIngestKeys, 'Game server keys');
    const other = await context.newPage();
    try {
      await other.goto(url('/admin'));
      const name = `Live key ${tag}`;
      const made = await callApi<{ key: { keyID: string } }>(other, 'POST', `/api/admin/${ENV}/ingest-keys`, { name });
      const key = row(page, name).first();
      await key.waitFor();
      await callApi(other, 'POST', `/api/admin/${ENV}/ingest-keys/${made.key.keyID}/revoke`);
      await key.getByText(/Revoked/).waitFor();
      expect(await notReloaded(page)).toBe(true);
    } finally {
      await other.close();
    }
  });
});
