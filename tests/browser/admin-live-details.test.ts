import { ADMIN_ROUTES, adminMerchOrderPath, adminReportPath } from '@outpost/contracts/admin-routes';
import type { MerchOrder } from '@outpost/contracts/merch';
import type { Page, Request } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { credit } from '../../apps/server/src/ledger/ledger';
import { putTestProduct, validOrderProfile } from '../../apps/server/src/merch/testing';
import { useRoleSessions } from './accounts-helpers';
import { consoleScreen } from './admin-pages';
import { callApi, MOBILE_VIEWPORT, seriousAxeViolations, useSite } from './harness';

/*
 * The back office's work under way and its records' own pages, live: the push outbox and history after a
 * send, a reward to everyone as its job moves, a report resolved and an order changed by someone else. Each
 * screen is open in one tab while another tab (or another staff member) acts, and shows the change without
 * a reload; a form with something typed in it keeps it and says the record changed. The screens that used
 * to poll are shown not to: their page's clock jumps a minute ahead (a timer would fire), and they ask
 * their server again only for the change that came.
 */

// 3 sign-ups from one address: under the server's default auth rate limits.
const fixture = useSite();
const { sessions, accounts } = useRoleSessions(fixture, ['admin', 'staff', 'player'] as const);

const ENV = 'development';
const ADMIN_API = `/api/admin/${ENV}`;
const tag = Date.now().toString(36).slice(-5);
const url = (path: string) => `${fixture.site.url}${path}`;
const game = () => fixture.site.server.stores.game[ENV];
let adminID: string;
let playerID: string;

const userIdOf = async (email: string) => {
  const id = await findUserIdByEmail(fixture.site.server.stores.identity, email);
  if (!id) throw new Error(`${email} has no account`);
  return id;
};

beforeAll(async () => {
  adminID = await userIdOf(accounts.admin.email);
  playerID = await userIdOf(accounts.player.email);
  // The player's phone, registered for push as the game's client does.
  await callApi(sessions.player.page, 'POST', '/api/push/devices', { token: `live-details-${tag}`, platform: 'ios' });
});

const opened: Page[] = [];
afterEach(async () => {
  for (const page of opened.splice(0)) await page.close();
});

/**
 * Opens `path` in a new tab of the admin's session, its clock in the test's hand (it runs as time does
 * until the test moves it), and waits until the screen follows its live stream; marks the page, which a
 * reload would lose.
 */
async function openWatched(path: string, heading: string | RegExp, viewport = { width: 1280, height: 900 }) {
  const page = await sessions.admin.context.newPage();
  opened.push(page);
  await page.setViewportSize(viewport);
  await page.clock.install();
  await page.goto(url(path));
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.locator('[data-live-state="live"]').first().waitFor({ state: 'attached' });
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  return page;
}
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/** Counts the page's reads of one API path (its pathname exactly) from now on. */
function countReads(page: Page, pathname: string): () => number {
  let count = 0;
  page.on('request', (request: Request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === pathname) count += 1;
  });
  return () => count;
}

/** A minute passes at once on the page's clock: a screen reading its server on a timer would read it now. */
const aMinuteLater = (page: Page) => page.clock.fastForward(60_000);

describe('the back office follows work under way and records changed elsewhere', () => {
  it('shows a push in the outbox and the history as it is sent from another tab, without polling', async () => {
    const page = await openWatched(ADMIN_ROUTES.adminPush, 'Push notifications');
    const other = sessions.admin.page;
    await other.goto(url('/admin'));
    const outbox = page.getByRole('list', { name: 'Push outbox' });
    const outboxReads = countReads(page, `${ADMIN_API}/push/outbox`);
    await aMinuteLater(page);

    // A test notification from the other tab: the outbox (the stand-in phone here) shows it.
    await callApi(other, 'POST', `/api/fn/${ENV}-push-sendtestnotificatio`, { userID: playerID });
    await outbox.getByRole('listitem').filter({ hasText: 'Test notification' }).first().waitFor();
    // Read once, for the change; not again for the minute that passed.
    expect(outboxReads()).toBe(1);

    // A message sent now: the history follows it to Sent, and the outbox shows what the phone got.
    const title = `Live details ${tag}`;
    await callApi(other, 'POST', `/api/fn/${ENV}-push-sendbatch`, {
      recipientCategory: 'users',
      userIDs: [playerID],
      sendSchedule: 'now',
      title,
      body: 'Sent from another tab.',
    });
    const row = consoleScreen(page)
      .getByRole('table', { name: 'Push history' })
      .getByRole('row')
      .filter({ hasText: title });
    await row.getByText('Sent', { exact: true }).waitFor({ timeout: 15_000 });
    await outbox.getByRole('listitem').filter({ hasText: title }).waitFor();
    expect(await notReloaded(page)).toBe(true);
  });

  it("shows a reward to everyone's progress and its end as its job moves, without polling", async () => {
    const page = await openWatched(ADMIN_ROUTES.adminRewards, 'Rewards');
    const list = page.getByRole('region', { name: 'Rewards to everyone' });
    const listReads = countReads(page, `${ADMIN_API}/rewards/everyone`);

    // A run under way, moved as the job moves it (no job here: the test is the job).
    const requestID = `live-details-${tag}`;
    const reason = `Live progress ${tag}`;
    const at = new Date().toISOString();
    await game()
      .insertInto('reward_distributions')
      .values({ request_id: requestID, reason, credits: 1, items: '[]', distributed_at: at, distributed_by: adminID })
      .execute();
    await game()
      .insertInto('reward_everyone')
      .values({
        request_id: requestID,
        state: 'queued',
        players_at_send: 5,
        last_user_id: null,
        started_at: null,
        finished_at: null,
        last_error: null,
        send_at: at,
      })
      .execute();
    const row = list.getByRole('row').filter({ hasText: reason });
    await row.getByText('Queued', { exact: true }).waitFor();
    const readsBefore = listReads();
    await aMinuteLater(page);
    const move = (fields: { state: 'running' | 'done'; reached: number; finished_at?: string }) =>
      game()
        .updateTable('reward_everyone')
        .set({ started_at: at, ...fields })
        .where('request_id', '=', requestID)
        .execute();
    await move({ state: 'running', reached: 2 });
    await row.getByText('Running', { exact: true }).waitFor();
    expect(await row.innerText()).toContain('2 of 5');
    // Read once, for the batch; not again for the minute that passed with a run under way.
    expect(listReads() - readsBefore).toBe(1);
    await move({ state: 'done', reached: 5, finished_at: new Date().toISOString() });
    await row.getByText('Done', { exact: true }).waitFor();
    expect(await row.innerText()).toContain('5 of 5');

    // And a real one, sent from another tab: the job gives it, and the list shows it done.
    const other = sessions.admin.page;
    await other.goto(url('/admin'));
    const sentReason = `Live send ${tag}`;
    await callApi(other, 'POST', `/api/callable/${ENV}-admin-distributereward`, {
      data: { requestID: `live-send-${tag}`, audience: 'everyone', credits: 1, reason: sentReason },
    });
    await list
      .getByRole('row')
      .filter({ hasText: sentReason })
      .getByText('Done', { exact: true })
      .waitFor({ timeout: 15_000 });
    expect(await notReloaded(page)).toBe(true);
  });

  it.each([
    ['1,280 px', { width: 1280, height: 900 }],
    ['390 px', MOBILE_VIEWPORT],
  ] as const)(
    'shows a report resolved by another staff member, keeping a note being typed (%s)',
    async (_size, viewport) => {
      const file = (text: string) =>
        callApi<{ reportID: string }>(sessions.player.page, 'POST', '/api/account/reports', {
          category: 'cheating',
          target: `@live_${tag}`,
          text,
        });
      const resolveElsewhere = (reportID: string, resolution: string) =>
        callApi(sessions.staff.page, 'POST', `${ADMIN_API}/reports/${reportID}/resolve`, { resolution });
      const staffName = `@${accounts.staff.displayName}`;

      // Nothing typed: the page turns to the resolution, and says who resolved it.
      const first = await file(`Speed hacks on the north ridge (${viewport.width}).`);
      const page = await openWatched(adminReportPath(first.reportID), /^Report /, viewport);
      await page.getByRole('heading', { level: 2, name: 'Unresolved report' }).waitFor();
      await resolveElsewhere(first.reportID, `Banned for a week (${viewport.width}).`);
      await page.getByRole('heading', { level: 2, name: 'Resolved report' }).waitFor();
      await page.getByText(`Banned for a week (${viewport.width}).`).waitFor();
      await page
        .getByRole('alert')
        .filter({ hasText: new RegExp(`^${staffName} resolved this report on .+, while it was open here\\.`) })
        .waitFor();
      expect(await page.getByRole('button', { name: 'Resolve', exact: true }).count()).toBe(0);
      expect(await notReloaded(page)).toBe(true);

      // A note being typed: kept, read-only, to copy; the form says it was not saved.
      const second = await file(`Wall hacks at the depot (${viewport.width}).`);
      await page.goto(url(adminReportPath(second.reportID)));
      await page.getByRole('heading', { level: 2, name: 'Unresolved report' }).waitFor();
      await page.locator('[data-live-state="live"]').first().waitFor({ state: 'attached' });
      const note = page.getByLabel('What was done (optional)');
      await note.fill('Sent a warning');
      await resolveElsewhere(second.reportID, 'Nothing needed.');
      await page.getByRole('heading', { level: 2, name: 'Resolved report' }).waitFor();
      await page
        .getByRole('alert')
        .filter({ hasText: `${staffName} resolved this report` })
        .filter({ hasText: 'Your note was not saved; it is kept below to copy.' })
        .waitFor();
      expect(await note.inputValue()).toBe('Sent a warning');
      expect(await note.getAttribute('readonly')).not.toBeNull();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
    },
  );

  it('shows an order packed, shipped and refunded by another staff member, keeping what is being typed', async () => {
    // A paid order of the player's.
    const productID = `live-details-tee-${tag}`;
    await putTestProduct(game(), { productID, varieties: [['m', 5]] });
    await credit(game(), { userId: playerID, amount: 10_000, reason: 'reward', reference: `live-details:${tag}` });
    const player = sessions.player.page;
    await callApi(player, 'POST', '/api/fn/set-order-profile', validOrderProfile());
    const placed = await callApi<MerchOrder>(player, 'POST', '/api/shop/merch/orders', {
      lines: [{ productID, varietyID: 'm', quantity: 1 }],
      payment: 'credits',
    });
    await callApi(player, 'GET', `/api/fn/process-direct-transaction?orderID=${encodeURIComponent(placed.orderID)}`);

    const page = await openWatched(adminMerchOrderPath(placed.orderID), /^Merch order /);
    const fact = (term: string) =>
      page
        .getByRole('region', { name: 'Summary' })
        .locator('dt', { hasText: term })
        .locator('xpath=following-sibling::dd[1]');
    expect(await fact('Status').innerText()).toBe('Paid');
    const staff = sessions.staff.page;
    const orderPath = `${ADMIN_API}/merch/orders/${placed.orderID}`;
    const fulfil = async (status: 'packed' | 'shipped', trackingReference = '') => {
      const { version } = await callApi<{ version: number }>(staff, 'GET', orderPath);
      await callApi(staff, 'PUT', `${orderPath}/fulfilment`, { status, trackingReference, version });
    };

    // Nothing typed: the page follows the order.
    await fulfil('packed');
    await expect.poll(() => fact('Status').innerText()).toBe('Packed');
    await page.getByRole('region', { name: 'Timeline' }).getByRole('listitem').nth(2).getByText('Not yet').waitFor({
      state: 'detached',
    });

    // A reference being typed stays; the form says the order changed, and loads it on request.
    const tracking = page.getByLabel('Tracking reference');
    await tracking.fill('TRACK-MINE');
    await fulfil('shipped', 'TRACK-THEIRS');
    await expect.poll(() => fact('Status').innerText()).toBe('Shipped');
    expect(await fact('Tracking reference').innerText()).toBe('TRACK-THEIRS');
    await page.getByRole('alert').filter({ hasText: 'This order changed while you were typing' }).waitFor();
    expect(await tracking.inputValue()).toBe('TRACK-MINE');
    // Saved from the version it was typed against, it is refused rather than made over theirs.
    await page.getByRole('button', { name: 'Save tracking reference' }).click();
    await page.getByRole('alert').filter({ hasText: 'The order was not changed.' }).waitFor();
    await page.getByRole('button', { name: 'Load the order as it is now (discards the reference typed)' }).click();
    expect(await tracking.inputValue()).toBe('TRACK-THEIRS');
    expect(await page.getByRole('alert').filter({ hasText: 'This order changed' }).count()).toBe(0);

    // A refund being typed while another staff member refunds: kept, with what is left to refund now.
    const refund = page.getByRole('form', { name: 'Refund this order' });
    await refund.getByLabel('Amount (USD)').fill('5.00');
    await callApi(staff, 'POST', `${orderPath}/refunds`, { amountCents: 500, reason: 'Refunded elsewhere' });
    await page
      .getByRole('alert')
      .filter({ hasText: 'This order changed while you were typing the refund' })
      .filter({ hasText: '$5.00 refunded so far, up to $20.00 left to refund.' })
      .waitFor();
    await page.getByRole('table', { name: 'Refunds of this order' }).getByText('Refunded elsewhere').waitFor();
    expect(await refund.getByLabel('Amount (USD)').inputValue()).toBe('5.00');
    await page.getByRole('button', { name: 'Clear the refund form' }).click();
    expect(await refund.getByLabel('Amount (USD)').inputValue()).toBe('');
    expect(await notReloaded(page)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
