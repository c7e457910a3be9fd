import fs from 'node:fs';
import { noAudienceDevicesMessage, PUSH_MAX_SCHEDULE_DAYS, PUSH_MESSAGES } from '@outpost/contracts/push-messages';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/server/src/platform/config';
import { PUSH_SEND_JOB } from '../../apps/server/src/push/send-job';
import { startServer } from '../../apps/server/src/server';
import { type Account, grantKeys, newAccount, signUpThroughUi } from './accounts-helpers';
import { consoleScreen, expectAlert } from './admin-pages';
import { descriptionOf, isFocused } from './field-marks';
import {
  callApi,
  freePort,
  launchBrowser,
  MOBILE_VIEWPORT,
  openPage,
  ownBuild,
  type Site,
  seriousAxeViolations,
  startSite,
  visibleUserIds,
} from './harness';

/*
 * Push notifications as an admin sends them: the test notification's answer on the screen, and a message
 * scheduled a minute ahead that goes out once, with its counts, although the server restarts while it waits.
 * The server stays on one port and one data folder, so the restarted one is the same site with the same
 * stores and sessions.
 */

let site: Site;
let browser: Browser;
let admin: Account;
let session: { context: BrowserContext; page: Page };
let port: number;

const url = (path: string) => `http://127.0.0.1:${port}${path}`;
/** The devices the admin's phone and tablet registered in development. */
const DEVICES = ['push-browser-phone-token', 'push-browser-tablet-token'];
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots/web';

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  port = await freePort();
  site = await startSite({ PORT: String(port) });
  browser = await launchBrowser();
  admin = newAccount('push');
  session = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  session.context.setDefaultTimeout(8_000);
  await signUpThroughUi(session.page, site, admin);
  await grantKeys(site, admin.email, ['admin']);
  // The admin's phone and tablet register for push as the game's client does.
  for (const token of DEVICES) {
    await callApi(session.page, 'POST', '/api/push/devices', { token, platform: 'android' });
  }
});

afterAll(async () => {
  await session?.context.close();
  await browser?.close();
  await site?.close();
});

/** Stops the server and starts it again on the same port and data folder. */
async function restart(): Promise<void> {
  await site.server.shutdown();
  const server = await startServer(
    loadConfig({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: site.dataDir, ...ownBuild() }),
  );
  const { dataDir } = site;
  site = {
    server,
    url: server.url,
    dataDir,
    async close() {
      await server.shutdown();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A datetime-local value (seconds included) `ms` from now, in the browser's (and this machine's) zone. */
/** How far ahead the scheduled message of the restart test is due. */
const SCHEDULE_LEAD_MS = 20_000;

function localInput(ms: number): string {
  const date = new Date(Date.now() + ms);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

describe('push notifications', () => {
  it('sends a test notification and shows its answer', async () => {
    const { page } = session;
    await page.goto(url('/admin/push'));
    await page.getByRole('heading', { level: 1, name: 'Push notifications' }).waitFor();
    // The player is found by name or email and chosen; nobody types a user id.
    const finder = page.getByRole('search', { name: 'Find the player' });
    await finder.getByLabel('Display name or email').fill(admin.email);
    await finder.getByLabel('Display name or email').press('Enter');
    await page.getByRole('button', { name: `Choose @${admin.displayName}` }).click();
    await page.getByText(`To @${admin.displayName} (${admin.email}), on every device they registered.`).waitFor();
    await page.getByRole('button', { name: 'Send test' }).click();
    const answer = page.getByRole('status', { name: 'Test notification answer' });
    await answer.getByText(`Sent to 2 devices of @${admin.displayName}:`).waitFor();
    expect(await visibleUserIds(page)).toEqual([]);
    expect(await answer.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^push-bro… sent \(.+\)$/),
      expect.stringMatching(/^push-bro… sent \(.+\)$/),
    ]);
    // What went out is in the outbox, one per device, and the screen lists it (no FCM credentials here).
    const outbox = await site.server.stores.identity.selectFrom('push_outbox').select('token').execute();
    expect(outbox.map((row) => row.token).sort()).toEqual([...DEVICES].sort());
    const listed = page.getByRole('list', { name: 'Push outbox' }).getByRole('listitem');
    await expect.poll(() => listed.count(), { timeout: 8_000 }).toBe(2);
    expect(await listed.first().innerText()).toContain('Test notification');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('sends to chosen players found by name, counting their devices before sending', async () => {
    const { page } = session;
    await page.goto(url('/admin/push'));
    await page.getByRole('radio', { name: 'Chosen players' }).check();
    const finder = page.getByRole('search', { name: 'Find players' });
    await finder.getByLabel('Display name or email').fill(admin.displayName);
    // Enter searches: it does not submit the composer around the finder.
    await finder.getByLabel('Display name or email').press('Enter');
    await page.getByRole('button', { name: `Add @${admin.displayName}` }).click();
    const picked = page.getByRole('list', { name: 'Players picked' });
    await picked.getByText(`@${admin.displayName}`).waitFor();
    await page.getByText('Reaches 2 devices of 1 player now.').waitFor();
    // Had Enter sent the composer, its check would have said the title is missing.
    expect(await page.getByText(PUSH_MESSAGES.title).count()).toBe(0);
    await picked.getByRole('button', { name: `Remove @${admin.displayName}` }).click();
    expect(await picked.count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('points at each field of an empty message, on a desktop and on a phone, without sideways scrolling', async () => {
    for (const viewport of [{ width: 1280, height: 900 }, MOBILE_VIEWPORT]) {
      const { context, page } = await openPage(browser, {
        viewport,
        storageState: await session.context.storageState(),
      });
      try {
        context.setDefaultTimeout(8_000);
        await page.goto(url('/admin/push'));
        const screen = consoleScreen(page);
        await screen.getByRole('radio', { name: 'At a time' }).check();
        await screen.getByRole('button', { name: 'Schedule push' }).click();
        const title = screen.getByLabel('Title', { exact: true });
        await expect.poll(() => isFocused(title)).toBe(true);
        for (const [label, message] of [
          ['Title', PUSH_MESSAGES.title],
          ['Message', PUSH_MESSAGES.body],
          ['Send at', 'Give the date and time to send it at.'],
        ] as const) {
          const field = screen.getByLabel(label, { exact: true });
          expect(await field.getAttribute('aria-invalid'), label).toBe('true');
          expect(await descriptionOf(field), label).toContain(message);
          // At the field, once: the form's alert does not say it again.
          expect(await screen.getByText(message).count(), label).toBe(1);
        }
        // No confirmation was asked for a message that cannot go.
        expect(await page.getByRole('dialog').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('refuses an audience with no device, with the reason, before any confirmation; the server refuses it too', async () => {
    const { page } = session;
    await page.goto(url('/admin/push'));
    const screen = consoleScreen(page);
    await screen.getByLabel('Title', { exact: true }).fill('Beta weekend');
    await screen.getByLabel('Message', { exact: true }).fill('Servers open all weekend.');
    // No beta tester here has a phone registered.
    await screen.getByRole('radio', { name: 'Beta testers' }).check();
    const reason = noAudienceDevicesMessage('development');
    await screen.getByRole('status').filter({ hasText: reason }).waitFor();
    await screen.getByRole('button', { name: 'Send push' }).click();
    await expectAlert(page, reason);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // The send endpoint refuses it whatever the screen does: 400 with the same reason, nothing recorded.
    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/fn/development-push-sendbatch', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ recipientCategory: 'beta-testers', sendSchedule: 'now', title: 'Beta', body: 'Hi.' }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(answer).toMatchObject({ status: 400, body: { error: { message: reason } } });
  });

  it('schedules a message seconds ahead, keeps it through a restart, and sends it once, at its time, with its counts', async () => {
    const { page } = session;
    await page.goto(url('/admin/push'));
    await page.getByLabel('Title').fill('Double XP tonight');
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Log in after 8 pm for double experience on every run.');
    // The preview shows it as a phone does; the audience is counted before sending.
    const preview = page.getByRole('figure', { name: 'Preview on a phone' });
    await preview.getByText('Double XP tonight').waitFor();
    await page.getByText('Reaches 2 devices of 1 player now.').waitFor();
    await page.getByRole('radio', { name: 'At a time' }).check();
    // Far enough ahead for the restart below (a few seconds) to come first: the contract refuses only
    // a time past, so the test waits seconds, not the minute a person would pick.
    const sendAt = localInput(SCHEDULE_LEAD_MS);
    await page.getByLabel('Send at').fill(sendAt);
    await page.getByRole('button', { name: 'Schedule push' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Schedule push' }).click();
    await page.getByText(/^Scheduled for /).waitFor();
    const row = page.getByRole('row', { name: /Double XP tonight/ });
    await row.getByText('Scheduled').waitFor();

    await restart();
    // The restart was over before the message's time: it is the restarted server that sends it.
    const dueAt = new Date(sendAt).getTime();
    expect(Date.now()).toBeLessThan(dueAt);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Push notifications' }).waitFor();
    // Its time comes on the restarted server; the history follows it without a reload.
    await row.getByText('Sent', { exact: true }).waitFor({ timeout: 120_000 });
    expect(await row.innerText()).toContain('2 sent · 0 failed · 0 pruned');
    const sent = await site.server.stores.identity
      .selectFrom('push_outbox')
      .select('token')
      .where('title', '=', 'Double XP tonight')
      .execute();
    expect(sent.map((item) => item.token).sort()).toEqual([...DEVICES].sort());
    // At its time, not before (the datetime field keeps whole seconds).
    const outbox = await site.server.stores.identity
      .selectFrom('push_outbox')
      .select('created_at')
      .where('title', '=', 'Double XP tonight')
      .execute();
    for (const item of outbox) expect(new Date(item.created_at).getTime()).toBeGreaterThanOrEqual(dueAt);
  }, 90_000);

  it('cancels a scheduled message from the history, and no run waits for it in the background jobs', async () => {
    const { page } = session;
    const waitingPushRuns = async () => {
      await page.goto(url(`/admin/log?tab=jobs&name=${PUSH_SEND_JOB}&status=pending`));
      await page.getByRole('table', { name: 'Job runs' }).waitFor();
      await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
      return page.getByRole('table', { name: 'Job runs' }).locator('tbody tr').filter({ hasText: PUSH_SEND_JOB });
    };
    await page.goto(url('/admin/push'));
    await page.getByLabel('Title').fill('Harbor festival');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Fireworks over the docks tomorrow.');
    await page.getByRole('radio', { name: 'At a time' }).check();
    await page.getByLabel('Send at').fill(localInput(24 * 60 * 60_000));
    await page.getByRole('button', { name: 'Schedule push' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Schedule push' }).click();
    await page.getByText(/^Scheduled for /).waitFor();
    await page
      .getByRole('row', { name: /Harbor festival/ })
      .getByText('Scheduled')
      .waitFor();
    expect(await (await waitingPushRuns()).count()).toBe(1);

    await page.goto(url('/admin/push'));
    const row = page.getByRole('row', { name: /Harbor festival/ });
    await row.getByRole('button', { name: 'Cancel Harbor festival' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel the push' }).click();
    await row.getByText('Cancelled').waitFor();
    await expect.poll(async () => (await waitingPushRuns()).count()).toBe(0);
    await page.getByText('No job run matches these filters.').waitFor();
  });

  it('reschedules a scheduled message from the history: the row, the admin log and its waiting run move, on a desktop and a phone', async () => {
    const { page } = session;
    await page.goto(url('/admin/push'));
    await page.getByLabel('Title').fill('Lantern parade');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Lanterns along the canal at dusk.');
    await page.getByRole('radio', { name: 'At a time' }).check();
    await page.getByLabel('Send at').fill(localInput(24 * 60 * 60_000));
    await page.getByRole('button', { name: 'Schedule push' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Schedule push' }).click();
    await page.getByText(/^Scheduled for /).waitFor();
    const [message] = await site.server.stores.game.development
      .selectFrom('push_messages')
      .select(['message_id', 'send_at'])
      .where('title', '=', 'Lantern parade')
      .execute();
    if (!message) throw new Error('The message was not recorded.');

    const row = page.getByRole('row', { name: /Lantern parade/ });
    const opener = row.getByRole('button', { name: 'Reschedule “Lantern parade”' });
    const sheet = page.getByRole('dialog', { name: 'Reschedule “Lantern parade”' });
    const field = sheet.getByLabel('New send time');
    // Escape puts the sheet away with nothing changed, and the focus back on its button.
    await opener.click();
    await expect.poll(() => isFocused(field)).toBe(true);
    // It starts at the time the message has now (to the minute, in the admin's zone).
    expect(await field.inputValue()).toBe(localInput(new Date(message.send_at).getTime() - Date.now()).slice(0, 16));
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(opener)).toBe(true);

    // A time past is refused at the field; one too far ahead by the server, in push's words; nothing moves.
    await opener.click();
    await field.fill(localInput(-60 * 60_000).slice(0, 16));
    await sheet.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => isFocused(field)).toBe(true);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(field)).toContain('This time has passed: pick a later one.');
    await field.fill(localInput((PUSH_MAX_SCHEDULE_DAYS + 2) * 24 * 60 * 60_000).slice(0, 16));
    await field.press('Enter');
    await expectAlert(page, `It was not rescheduled. ${PUSH_MESSAGES.sendDateTooFar}`);

    for (const viewport of [{ width: 1280, height: 900 }, MOBILE_VIEWPORT]) {
      await page.setViewportSize(viewport);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await sheet.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/push-reschedule-${viewport.width}.png` });
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Two days ahead, saved from the keyboard.
    const later = localInput(2 * 24 * 60 * 60_000).slice(0, 16);
    await field.fill(later);
    await field.press('Enter');
    await row
      .getByRole('status')
      .getByText(/^Rescheduled “Lantern parade” for /)
      .waitFor();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(opener)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/push-rescheduled-1280.png` });
    const movedTo = new Date(later).toISOString();
    const moved = await site.server.stores.game.development
      .selectFrom('push_messages')
      .select(['send_at', 'state'])
      .where('message_id', '=', message.message_id)
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({ send_at: movedTo, state: 'scheduled' });
    // Logged as the calendar's move is, and its waiting run moved with it.
    const logged = await site.server.stores.game.development
      .selectFrom('admin_log')
      .select('data')
      .where('action', '=', 'push.reschedule')
      .execute();
    expect(logged.map((entry) => JSON.parse(entry.data))).toContainEqual(
      expect.objectContaining({ messageID: message.message_id, sendDate: movedTo, previousSendDate: message.send_at }),
    );
    const run = await site.server.stores.identity
      .selectFrom('jobs')
      .select('run_at')
      .where('name', '=', PUSH_SEND_JOB)
      .where('key', '=', `development:${message.message_id}`)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(new Date(run.run_at).toISOString()).toBe(movedTo);
  });

  it('sends to a segment chosen by name, counting it before sending and naming it in the history', async () => {
    const { page } = session;
    const { id } = await site.server.stores.identity
      .selectFrom('auth_users')
      .select('id')
      .where('email', '=', admin.email)
      .executeTakeFirstOrThrow();
    // The admin alone holds this many credits: the segment is them, with their phone and tablet.
    const definition = { match: 'all', rules: [{ attribute: 'creditsHeld', op: 'atLeast', value: 777_777 }] };
    await callApi(page, 'POST', `/api/admin/development/users/${id}/credits`, {
      direction: 'grant',
      amount: 777_777,
      reason: 'A segment for the push screen',
    });
    await callApi(page, 'POST', '/api/admin/development/segments', {
      segmentID: 'push-browser-whales',
      name: 'Push browser whales',
      description: '',
      definition,
    });
    // Read the players again, as the segments screen's recount does: the readings are kept a minute.
    await callApi(page, 'POST', '/api/admin/development/segments/size', { definition, recount: true });

    await page.goto(url('/admin/push'));
    const screen = consoleScreen(page);
    await screen.getByLabel('Title', { exact: true }).fill('Whale weekend');
    await screen.getByLabel('Message', { exact: true }).fill('Double rewards for our biggest savers.');
    await screen.getByRole('radio', { name: 'A segment' }).check();
    // Sending before a segment is chosen points at the choice.
    await screen.getByRole('button', { name: 'Send push' }).click();
    const segment = screen.getByLabel('Segment', { exact: true });
    expect(await segment.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(segment)).toContain('Choose the segment it goes to.');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await segment.selectOption({ label: 'Push browser whales' });
    await screen.getByText('Reaches 2 devices of 1 player now.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screen.getByRole('button', { name: 'Send push' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(/goes now to the segment “Push browser whales” of development: 2 devices of 1 player/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Send push' }).click();
    await page.getByText(/^Sending\./).waitFor();
    const row = page.getByRole('row', { name: /Whale weekend/ });
    await row.getByText('Segment “Push browser whales”').waitFor();
    await row.getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await row.innerText()).toContain('2 sent · 0 failed · 0 pruned');
    const sent = await site.server.stores.identity
      .selectFrom('push_outbox')
      .select('token')
      .where('title', '=', 'Whale weekend')
      .execute();
    expect(sent.map((item) => item.token).sort()).toEqual([...DEVICES].sort());
  }, 60_000);
});
