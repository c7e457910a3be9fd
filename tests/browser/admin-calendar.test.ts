import fs from 'node:fs';
import { CALENDAR_PATHS } from '@outpost/contracts/calendar/paths';
import { CALENDAR_MESSAGES } from '@outpost/contracts/calendar/schemas';
import type { PushMessage } from '@outpost/contracts/push-messages';
import type { Drop } from '@outpost/contracts/shop';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useRoleSessions } from './accounts-helpers';
import { consoleScreen, expectAlert, openIn } from './admin-pages';
import { callApi, MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from './harness';

/*
 * The back office's calendar in Chromium against the real server, in development: drops and a
 * scheduled push seeded through the API show in the month, the week and the day, the two that
 * happen at once side by side and said so; one moves through its dialog and one is cancelled; a
 * drop made elsewhere appears live; a moderator may look but not change; "New" lands on the drop
 * form with the time filled in; and a phone's width never scrolls sideways.
 */

const fixture = useSite();
const { sessions } = useRoleSessions(fixture, ['admin', 'moderator'] as const);
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots/web';
const API = '/api/admin/development';

// The browser and this process share the machine's time zone: the day is made in it as the screen makes it.
const base = new Date();
const DAY = new Date(base.getFullYear(), base.getMonth(), base.getDate() + 8);
const at = (hour: number, dayOffset = 0) =>
  new Date(DAY.getFullYear(), DAY.getMonth(), DAY.getDate() + dayOffset, hour);
const pad = (value: number) => String(value).padStart(2, '0');
const dayParam = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** A datetime-local value of `date` in the machine's zone. */
const localInput = (date: Date) => `${dayParam(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

const SUMMER = 'Summer drop — Scrapyard Capsules';
const EVENING = 'Evening drop — Aurora Drop';
const PUSH = 'Sale push';
const LIVE = 'Live drop — Scrapyard Capsules';

const calendarPath = (view: 'day' | 'week' | 'month', date = DAY) =>
  `${CALENDAR_PATHS.admin}?view=${view}&date=${dayParam(date)}`;
const open = (page: Page, view: 'day' | 'week' | 'month', date = DAY) =>
  openIn(page, fixture.site.url, 'development', calendarPath(view, date));

/** The entries seeded, by their calendar keys (kind/entryID); the push's once it is sent. */
const KEYS = {
  summer: 'machine-drop/cal-summer',
  evening: 'machine-drop/cal-evening',
  live: 'machine-drop/cal-live',
  push: '',
};

/** An entry's button in the calendar's view (its text: kind, time, title, what it overlaps). */
const entryButton = (page: Page, key: string, scope: Locator = consoleScreen(page).getByRole('tabpanel')) =>
  scope.locator(`[data-entry="${key}"]`);

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function drops(page: Page): Promise<Drop[]> {
  return (await callApi<{ rows: Drop[] }>(page, 'GET', `${API}/drops?pageSize=100`)).rows;
}

/** Where the stream stands, once it follows. */
const liveNow = (page: Page) => page.locator('[data-live-state="live"]').waitFor({ state: 'attached' });

/** What an element says, as written (its innerText is as shown: the kinds are in capitals). */
const textOf = (locator: Locator) => locator.evaluate((element) => element.textContent ?? '');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const { page } = sessions.admin;
  // A phone for the push to reach: a message to no device is refused.
  await callApi(page, 'POST', '/api/push/devices', { token: 'calendar-browser-phone', platform: 'android' });
  const drop = (dropID: string, machineID: string, name: string, opensAt: Date, closesAt: Date) =>
    callApi(page, 'POST', `${API}/drops`, {
      dropID,
      machineID,
      name,
      opensAt: opensAt.toISOString(),
      closesAt: closesAt.toISOString(),
    });
  await drop('cal-summer', 'scrapyard', 'Summer drop', at(10), at(14));
  await drop('cal-evening', 'aurora', 'Evening drop', at(16), at(18));
  const push = await callApi<PushMessage>(page, 'POST', '/api/fn/development-push-sendbatch', {
    recipientCategory: 'everyone',
    sendSchedule: 'scheduled',
    sendDate: at(12).toISOString(),
    title: PUSH,
    body: 'Half price on every capsule today.',
  });
  KEYS.push = `push/${push.messageID}`;
});

describe('the calendar', () => {
  it('shows the seeded things in the month, the week and the day, overlaps side by side and in words', async () => {
    const { page } = sessions.admin;
    await open(page, 'month');
    const screen = consoleScreen(page);
    await screen.getByRole('heading', { level: 1, name: 'Calendar', exact: true }).waitFor();
    const month = screen.getByRole('table');
    const summerChip = entryButton(page, KEYS.summer, month);
    await summerChip.waitFor();
    expect(await textOf(summerChip)).toContain('Machine drop');
    expect(await summerChip.innerText()).toContain(SUMMER);
    expect(await textOf(entryButton(page, KEYS.push, month))).toContain('Scheduled push');
    // The drop and the push at noon happen at once: each says so.
    expect(await entryButton(page, KEYS.summer).innerText()).toContain('2 at once');
    expect(await entryButton(page, KEYS.push).innerText()).toContain('2 at once');
    expect(await entryButton(page, KEYS.evening).innerText()).not.toContain('at once');
    // The view is the selected tab, and the legend names every kind in words.
    expect(await screen.getByRole('tab', { name: 'Month', exact: true }).getAttribute('aria-selected')).toBe('true');
    const legend = screen.getByRole('list', { name: 'Kinds' });
    expect(await legend.innerText()).toContain('Scheduled push');
    await liveNow(page);
    await shoot(page, 'calendar-month-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The week: in the hours, the two at once side by side.
    await screen.getByRole('tab', { name: 'Week', exact: true }).click();
    await page.waitForURL(`${fixture.site.url}${calendarPath('week')}`);
    const hours = screen.getByRole('region', { name: /^Hours of / });
    const summer = entryButton(page, KEYS.summer, hours);
    const push = entryButton(page, KEYS.push, hours);
    await summer.waitFor();
    const [summerBox, pushBox] = [await summer.boundingBox(), await push.boundingBox()];
    if (!summerBox || !pushBox) throw new Error('The entries are not drawn.');
    // Side by side: the push in the column to the right of the drop's, over the drop's hours.
    expect(pushBox.x - summerBox.x).toBeGreaterThan(summerBox.width / 3);
    expect(pushBox.y).toBeGreaterThan(summerBox.y);
    expect(pushBox.y).toBeLessThan(summerBox.y + summerBox.height);
    // A screen reader hears whom it overlaps.
    expect(await textOf(push)).toContain(`Overlaps with ${SUMMER}`);
    await shoot(page, 'calendar-week-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The day, and a reload keeps it.
    await screen.getByRole('tab', { name: 'Day', exact: true }).click();
    await page.waitForURL(`${fixture.site.url}${calendarPath('day')}`);
    await page.reload();
    await entryButton(page, KEYS.evening, hours).waitFor();
    expect(await screen.getByRole('tab', { name: 'Day', exact: true }).getAttribute('aria-selected')).toBe('true');
    await shoot(page, 'calendar-day-1280');

    // Previous and Next step a day; an empty day says so.
    await screen.getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForURL(`${fixture.site.url}${calendarPath('day', at(0, 1))}`);
    await screen.getByText('Nothing is scheduled in this period.').waitFor();
    await screen.getByRole('button', { name: 'Previous', exact: true }).click();
    await entryButton(page, KEYS.summer, hours).waitFor();
  });

  it('moves a drop through its dialog, shows a refusal in the server’s words, and cancels a push', async () => {
    const { page } = sessions.admin;
    await open(page, 'day');
    await entryButton(page, KEYS.evening).click();
    const dialog = page.getByRole('dialog', { name: EVENING });
    // The dialog opens on its title.
    await expect
      .poll(() =>
        dialog.getByRole('heading', { level: 2, name: EVENING }).evaluate((h) => h === document.activeElement),
      )
      .toBe(true);
    expect(await dialog.getByRole('link', { name: 'Open', exact: true }).getAttribute('href')).toBe(
      '/admin/shop/drops',
    );
    await dialog.getByLabel('New start', { exact: true }).fill(localInput(at(9, 1)));
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `Moved “${EVENING}” to ` })
      .waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const moved = (await drops(page)).find((drop) => drop.dropID === 'cal-evening');
    expect(moved).toMatchObject({ opensAt: at(9, 1).toISOString(), closesAt: at(11, 1).toISOString() });
    // Gone from the day, there the next.
    await entryButton(page, KEYS.evening).waitFor({ state: 'detached' });
    await consoleScreen(page).getByRole('button', { name: 'Next', exact: true }).click();
    expect(await textOf(entryButton(page, KEYS.evening))).toContain('Machine drop');
    await consoleScreen(page).getByRole('button', { name: 'Previous', exact: true }).click();

    // Into the past: refused, in the server's words, in the dialog.
    await entryButton(page, KEYS.summer).click();
    const summer = page.getByRole('dialog', { name: SUMMER });
    await summer.getByLabel('New start', { exact: true }).fill(localInput(new Date(base.getTime() - 86_400_000)));
    await summer.getByRole('button', { name: 'Save', exact: true }).click();
    await expectAlert(page, `It was not moved. ${CALENDAR_MESSAGES.past}`);
    expect((await drops(page)).find((drop) => drop.dropID === 'cal-summer')?.opensAt).toBe(at(10).toISOString());
    await summer.getByRole('button', { name: 'Close', exact: true }).click();

    // The push is cancelled after a confirmation that says what that does.
    await entryButton(page, KEYS.push).click();
    const pushDialog = page.getByRole('dialog', { name: PUSH });
    await pushDialog.getByRole('button', { name: 'Cancel…', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Cancel the push “${PUSH}”?` });
    expect(await confirm.innerText()).toContain('it is not sent');
    await confirm.getByRole('button', { name: 'Cancel push', exact: true }).click();
    await expectAlert(page, `Cancelled the push “${PUSH}”.`);
    await entryButton(page, KEYS.push).waitFor({ state: 'detached' });
    const messages = await callApi<{ rows: PushMessage[] }>(page, 'GET', `${API}/push/messages`);
    expect(messages.rows.find((message) => message.title === PUSH)?.state).toBe('cancelled');
    // Alone now: no overlap is said.
    expect(await entryButton(page, KEYS.summer).innerText()).not.toContain('at once');
  });

  it('shows a drop made in another session without a reload', async () => {
    const { page, context } = sessions.admin;
    await open(page, 'week');
    await liveNow(page);
    const other = await context.newPage();
    try {
      await other.goto(`${fixture.site.url}/`);
      await callApi(other, 'POST', `${API}/drops`, {
        dropID: 'cal-live',
        machineID: 'scrapyard',
        name: 'Live drop',
        opensAt: at(20).toISOString(),
        closesAt: at(21).toISOString(),
      });
    } finally {
      await other.close();
    }
    expect(await entryButton(page, KEYS.live).innerText()).toContain(LIVE);
  });

  it('lets a moderator look but not move, cancel or create', async () => {
    const { page } = sessions.moderator;
    await open(page, 'day');
    const screen = consoleScreen(page);
    await entryButton(page, KEYS.summer).click();
    const dialog = page.getByRole('dialog', { name: SUMMER });
    await dialog.getByRole('link', { name: 'Open', exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Cancel…' }).count()).toBe(0);
    expect(await dialog.getByLabel('New start').count()).toBe(0);
    await dialog.getByText('Your role may see it here but not move or cancel it.').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    // Pushes are admins' (their own list takes sendPush): the push at noon beside the drop is not on a
    // moderator's calendar, nor is the kind in its legend.
    expect(await entryButton(page, KEYS.push).count()).toBe(0);
    expect(await screen.getByRole('list', { name: 'Kinds' }).innerText()).not.toContain('Scheduled push');
    expect(await screen.getByRole('button', { name: '+ New' }).count()).toBe(0);
    // Its stream follows only what a moderator may: it is live, not refused.
    await liveNow(page);
  });

  /** The week's first day's own "+", then `what` in its dialog: the form of that thing opens at `form`. */
  async function newFromFirstDay(page: Page, what: string, form: RegExp): Promise<void> {
    await open(page, 'week');
    await consoleScreen(page)
      .getByRole('button', { name: /^New on / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'New in the calendar' }).getByRole('link', { name: what }).click();
    await page.waitForURL(form);
  }

  it('creates from the calendar: the drop form opens with the chosen time', async () => {
    const { page } = sessions.admin;
    await open(page, 'day');
    await consoleScreen(page).getByRole('button', { name: '+ New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New in the calendar' });
    const startsAt = dialog.getByLabel('Starts at', { exact: true });
    // A day not today starts at 9:00.
    expect(await startsAt.inputValue()).toBe(localInput(at(9)));
    await startsAt.fill(localInput(at(11)));
    await dialog.getByRole('link', { name: 'Machine drop', exact: true }).click();
    await page.waitForURL(/\/admin\/shop\/drops\?at=/);
    const form = page.getByRole('form', { name: 'New drop', exact: true });
    await form.waitFor();
    expect(await form.getByLabel('Opens at', { exact: true }).inputValue()).toBe(localInput(at(11)));
    expect(await form.getByLabel('Closes at', { exact: true }).inputValue()).toBe(localInput(at(11, 1)));

    // The push composer, from a day's own "+", schedules at its time.
    await newFromFirstDay(page, 'Scheduled push', /\/admin\/push\?at=/);
    expect(await page.getByRole('radio', { name: 'At a time' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Send at').inputValue()).toMatch(/T09:00$/);

    // A reward to everyone: the reward form, given at that time.
    await newFromFirstDay(page, 'Reward to everyone', /\/admin\/rewards\?at=/);
    expect(await page.getByRole('radio', { name: 'Everyone in development' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'At a time' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Send at').inputValue()).toMatch(/T09:00$/);
  });

  it('fits a phone: the month and the week as a list of days, and no sideways scroll', async () => {
    const { page } = await openPage(fixture.browser, {
      viewport: MOBILE_VIEWPORT,
      storageState: await sessions.admin.context.storageState(),
    });
    try {
      page.context().setDefaultTimeout(8_000);
      for (const view of ['month', 'week', 'day'] as const) {
        await open(page, view);
        await entryButton(page, KEYS.summer).waitFor();
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        if (view !== 'day') expect(await consoleScreen(page).getByRole('table').count()).toBe(0);
        await shoot(page, `calendar-${view}-390`);
      }
      await entryButton(page, KEYS.summer).click();
      await page.getByRole('dialog', { name: SUMMER }).getByLabel('New start').waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/calendar-details-390.png` });
    } finally {
      await page.context().close();
    }
  });
});
