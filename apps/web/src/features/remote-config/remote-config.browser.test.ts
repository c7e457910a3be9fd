import { REMOTE_CONFIG_PATHS } from '@outpost/contracts/remote-config/paths';
import type { RemoteConfigState, RemoteConfigValues } from '@outpost/contracts/remote-config/schemas';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRoleSessions } from '../../../../../tests/browser/accounts-helpers';
import { consoleScreen, expectAlert, openIn, openNewForm } from '../../../../../tests/browser/admin-pages';
import { callApi, MOBILE_VIEWPORT, seriousAxeViolations, useSite } from '../../../../../tests/browser/harness';

// 2 sign-ups from one address: under the server's default auth rate limits.
const fixture = useSite();
const { sessions } = useRoleSessions(fixture, ['staff', 'moderator'] as const);
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

/** What the game gets now (the site's own environment, development, seeded with the demo's version 1). */
async function gameValues(query = 'deviceId=browser-test&platform=ios'): Promise<RemoteConfigValues> {
  const response = await fetch(`${fixture.site.url}/api/remote-config?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as RemoteConfigValues;
}

const open = (page: Page) => openIn(page, fixture.site.url, 'development', REMOTE_CONFIG_PATHS.admin);

/** The version players get, as the screen's summary says it ("2", "3 (rollback of version 1)"). */
const liveVersion = (page: Page) => consoleScreen(page).getByRole('definition').first().innerText();

/** How far each table's region scrolls sideways (none should: its columns give way first). */
const cutTables = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main table')].flatMap((table) => {
      const region = table.parentElement;
      const over = region ? region.scrollWidth - region.clientWidth : 0;
      return over > 1 ? [`${table.querySelector('caption')?.textContent}: ${over}px`] : [];
    }),
  );

/** Opens "Publish…", and answers the form in its sheet. */
async function openPublish(page: Page) {
  await consoleScreen(page).getByRole('button', { name: 'Publish…', exact: true }).click();
  const form = page.getByRole('form', { name: 'Publish the draft', exact: true });
  await form.waitFor();
  return form;
}

describe('the remote config editor', () => {
  it('lets staff add a condition and a parameter, publish them, and the game and another page get them', async () => {
    const { page } = sessions.staff;
    const watcher = sessions.moderator.page;
    await open(watcher);
    // The demo's draft changes daily_reward_credits; it has a publish scheduled for next week too.
    await consoleScreen(watcher).getByText('1 unpublished change', { exact: true }).waitFor();
    expect(await liveVersion(watcher)).toBe('1');
    // A mark the page loses on a reload: the publish must reach it live.
    await watcher.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });

    await open(page);
    const screen = consoleScreen(page);
    await screen.getByText('1 unpublished change', { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/remote-config-1280.png`, fullPage: true });
    expect(await cutTables(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const condition = await openNewForm(screen, 'New condition');
    await condition.getByLabel('Name', { exact: true }).fill('Half of Android');
    await condition.getByLabel('Android', { exact: true }).check();
    await condition.getByLabel('From (%)', { exact: true }).fill('0');
    await condition.getByLabel('To (%)', { exact: true }).fill('50');
    await condition.getByRole('button', { name: 'Add condition', exact: true }).click();
    await condition.waitFor({ state: 'detached' });
    await expectAlert(page, 'Added the condition “Half of Android” to the draft.');

    const parameter = await openNewForm(screen, 'New parameter');
    await parameter.getByLabel('Key', { exact: true }).fill('shop_discount');
    await parameter.getByLabel('Type', { exact: true }).selectOption('number');
    await parameter.getByLabel('Default value', { exact: true }).fill('15');
    await parameter.getByLabel('A value for “Half of Android”', { exact: true }).check();
    await parameter.getByLabel('Value for “Half of Android”', { exact: true }).fill('25');
    await page.screenshot({ path: `${SHOTS}/remote-config-parameter-form-1280.png` });
    await parameter.getByRole('button', { name: 'Add parameter', exact: true }).click();
    await parameter.waitFor({ state: 'detached' });
    await expectAlert(page, 'Added the parameter shop_discount to the draft.');

    await screen.getByText('3 unpublished changes', { exact: true }).waitFor();
    const row = screen.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'shop_discount' }) });
    expect(await row.getByRole('cell', { name: 'New', exact: true }).count()).toBe(1);
    // The other page follows the draft too.
    await consoleScreen(watcher).getByText('3 unpublished changes', { exact: true }).waitFor();

    const publish = await openPublish(page);
    const changes = publish.getByRole('list', { name: 'What changes for players' });
    expect(await changes.innerText()).toBe(
      'Parameters: added shop_discount; changed daily_reward_credits\nConditions: added Half of Android',
    );
    await publish.getByLabel('Description', { exact: true }).fill('Shop discount test');
    await page.screenshot({ path: `${SHOTS}/remote-config-publish-1280.png` });
    await publish.getByRole('button', { name: 'Publish now', exact: true }).click();
    await publish.waitFor({ state: 'detached' });
    await expectAlert(page, 'Published version 2: players get it now.');
    await screen.getByText('No unpublished changes', { exact: true }).waitFor();
    expect(await liveVersion(page)).toBe('2');

    const values = await gameValues();
    expect(values.version).toBe(2);
    expect(values.values.shop_discount).toBe(15);
    expect(values.values.daily_reward_credits).toBe(60);

    await expect.poll(() => liveVersion(watcher)).toBe('2');
    await consoleScreen(watcher).getByText('No unpublished changes', { exact: true }).waitFor();
    expect(await watcher.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    const newest = consoleScreen(watcher).getByRole('region', { name: 'Published versions' }).getByRole('row').nth(1);
    await expect.poll(() => newest.innerText()).toContain('Shop discount test');
  });

  it('shows the server’s refusal of a JSON value that breaks its schema in the form', async () => {
    const { page } = sessions.staff;
    const screen = consoleScreen(page);
    await screen.getByRole('button', { name: 'Edit parameter event_banner', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit parameter event_banner', exact: true });
    const value = form.getByLabel('Default value', { exact: true });
    await value.fill('{"title": ');
    await form.getByRole('button', { name: 'Save parameter', exact: true }).click();
    // Not JSON: said at the field, before anything is sent.
    expect(await value.getAttribute('aria-invalid')).toBe('true');

    await value.fill('{"title": ""}');
    await form.getByRole('button', { name: 'Save parameter', exact: true }).click();
    await expectAlert(
      page,
      'The draft was not saved. Parameter "event_banner": its default value does not match its schema (value/title must NOT have fewer than 1 characters).',
    );

    // Someone else saves the draft while the form is open: the save is refused, then made on the latest draft.
    await value.fill('{"title": "Radio Season", "color": "#123456"}');
    const state = await callApi<RemoteConfigState>(page, 'GET', '/api/admin/development/remote-config');
    await callApi(page, 'PUT', '/api/admin/development/remote-config/draft', {
      template: { ...state.draft, parameters: state.draft.parameters.filter((one) => one.key !== 'shop_discount') },
      revision: state.draftRevision,
    });
    await form.getByRole('button', { name: 'Save parameter', exact: true }).click();
    await expectAlert(
      page,
      'The draft was not saved. Someone saved the draft after you opened it. Load the latest draft and make your change again.',
    );
    await form.getByRole('button', { name: 'Save parameter', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await expectAlert(page, 'Saved the parameter event_banner in the draft.');
    await screen.getByText('2 unpublished changes', { exact: true }).waitFor();
    const diff = await screen.getByRole('list', { name: 'Unpublished changes' }).innerText();
    expect(diff).toBe('Parameters: changed event_banner; removed shop_discount');
  });

  it('rolls back to version 1, and the game gets its values again', async () => {
    const { page } = sessions.staff;
    const screen = consoleScreen(page);
    await screen.getByRole('button', { name: 'Open version 1', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Version 1', exact: true });
    await sheet.getByRole('rowheader', { name: 'welcome_message' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/remote-config-version-1280.png` });
    await sheet.getByRole('button', { name: 'Roll back to this version', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Roll back to version 1?', exact: true });
    await confirm.getByRole('button', { name: 'Roll back', exact: true }).click();
    await sheet.waitFor({ state: 'detached' });
    await expectAlert(page, 'Rolled back to version 1, published as version 3.');
    await expect.poll(() => liveVersion(page)).toBe('3 (rollback of version 1)');

    const values = await gameValues();
    expect(values.version).toBe(3);
    expect(values.values).not.toHaveProperty('shop_discount');
    expect(values.values.daily_reward_credits).toBe(50);
    // The draft had unpublished changes: it keeps them, against the version now live.
    await screen.getByText('3 unpublished changes', { exact: true }).waitFor();
    expect(await screen.getByRole('list', { name: 'Unpublished changes' }).innerText()).toBe(
      'Parameters: changed daily_reward_credits, event_banner\nConditions: added Half of Android',
    );
  });

  it('schedules a publish, reschedules it (its run and the admin log follow), then cancels it', async () => {
    const { page } = sessions.staff;
    const screen = consoleScreen(page);
    await screen.getByRole('button', { name: 'Edit parameter daily_reward_credits', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit parameter daily_reward_credits', exact: true });
    await form.getByLabel('Default value', { exact: true }).fill('70');
    await form.getByRole('button', { name: 'Save parameter', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await expectAlert(page, 'Saved the parameter daily_reward_credits in the draft.');

    const publish = await openPublish(page);
    await publish.getByLabel('Description', { exact: true }).fill('Credits for the test');
    await publish.getByLabel('At a date and time', { exact: true }).check();
    // Tomorrow at 09:00 in the browser's zone, as the admin would type it.
    const local = await page.evaluate(() => {
      const at = new Date(Date.now() + 86_400_000);
      const two = (value: number) => String(value).padStart(2, '0');
      return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T09:00`;
    });
    await publish.getByLabel('Publish at', { exact: true }).fill(local);
    await publish.getByRole('button', { name: 'Schedule publish', exact: true }).click();
    await publish.waitFor({ state: 'detached' });
    await page
      .getByRole('alert')
      .getByText(/^Scheduled the publish for /)
      .waitFor();

    const scheduled = screen.getByRole('region', { name: 'Scheduled publishes' });
    const row = scheduled.getByRole('row').filter({ hasText: 'Credits for the test' });
    expect(await row.innerText()).toContain('Parameters: changed daily_reward_credits, event_banner');
    // Scheduling changes nothing players get yet.
    expect((await gameValues()).version).toBe(3);

    // Rescheduled from the row, in a sheet: the field starts at its time; 10:30 instead of 09:00, saved from the keyboard.
    await row.getByRole('button', { name: /^Reschedule the publish of / }).click();
    const sheet = page.getByRole('dialog', { name: /^Reschedule the publish of / });
    const field = sheet.getByLabel('New publish time', { exact: true });
    expect(await field.inputValue()).toBe(local);
    for (const viewport of [{ width: 1280, height: 900 }, MOBILE_VIEWPORT]) {
      await page.setViewportSize(viewport);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: `${SHOTS}/remote-config-reschedule-${viewport.width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    const later = `${local.slice(0, 11)}10:30`;
    await field.fill(later);
    await field.press('Enter');
    await page
      .getByRole('alert')
      .getByText(/^Rescheduled the publish of .* for /)
      .waitFor();
    await sheet.waitFor({ state: 'detached' });
    expect(await cutTables(page)).toEqual([]);
    await scheduled.screenshot({ path: `${SHOTS}/remote-config-rescheduled-1280.png` });
    const movedTo = new Date(later).toISOString();
    const state = await callApi<RemoteConfigState>(page, 'GET', '/api/admin/development/remote-config');
    const moved = state.scheduled.find((one) => one.description === 'Credits for the test');
    expect(moved?.publishAt).toBe(movedTo);
    const { game, identity } = fixture.site.server.stores;
    const logged = await game.development
      .selectFrom('admin_log')
      .select('data')
      .where('action', '=', 'remote-config.reschedule')
      .execute();
    expect(logged.map((entry) => JSON.parse(entry.data))).toContainEqual(
      expect.objectContaining({ description: 'Credits for the test', publishAt: movedTo }),
    );
    const run = await identity
      .selectFrom('jobs')
      .select('run_at')
      .where('key', '=', `development:${moved?.scheduleID}`)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(new Date(run.run_at).toISOString()).toBe(movedTo);

    await row.getByRole('button', { name: /^Cancel the publish of / }).click();
    const confirm = page.getByRole('dialog', { name: /^Cancel the publish of / });
    await confirm.getByRole('button', { name: 'Cancel the publish', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText(/^Cancelled the publish of /)
      .waitFor();
    await row.waitFor({ state: 'detached' });
    // The demo's own scheduled publish stays.
    expect(await scheduled.getByRole('row').count()).toBe(2);
    expect((await gameValues()).version).toBe(3);
  });

  it('asks before publishing to production, and before rescheduling a publish there', async () => {
    const { page } = sessions.staff;
    await openIn(page, fixture.site.url, 'production', REMOTE_CONFIG_PATHS.admin);
    const screen = consoleScreen(page);
    await screen.getByText('Nothing is published yet: the game gets no values.', { exact: true }).waitFor();
    const parameter = await openNewForm(screen, 'New parameter');
    await parameter.getByLabel('Key', { exact: true }).fill('holiday_mode');
    await parameter.getByLabel('Type', { exact: true }).selectOption('boolean');
    await parameter.getByLabel('Yes (true)', { exact: true }).check();
    await parameter.getByRole('button', { name: 'Add parameter', exact: true }).click();
    await parameter.waitFor({ state: 'detached' });
    await screen.getByText('1 unpublished change', { exact: true }).waitFor();

    const publish = await openPublish(page);
    await publish.getByRole('button', { name: 'Publish now', exact: true }).click();
    const guard = page.getByRole('dialog', { name: 'You are changing production', exact: true });
    await guard.getByText('This publishes the draft to the players of production now', { exact: false }).waitFor();
    await guard.getByRole('button', { name: 'Cancel', exact: true }).click();
    await guard.waitFor({ state: 'detached' });
    const state = await callApi<RemoteConfigState>(page, 'GET', '/api/admin/production/remote-config');
    expect(state.current).toBeNull();

    await publish.getByRole('button', { name: 'Publish now', exact: true }).click();
    await guard.getByRole('button', { name: 'Publish to production', exact: true }).click();
    await expectAlert(page, 'Published version 1: players get it now.');

    // A publish scheduled there is rescheduled only after the same confirmation.
    const base = '/api/admin/production/remote-config';
    const live = await callApi<RemoteConfigState>(page, 'GET', base);
    const saved = await callApi<RemoteConfigState>(page, 'PUT', `${base}/draft`, {
      revision: live.draftRevision,
      template: {
        ...live.draft,
        parameters: live.draft.parameters.map((one) => ({ ...one, defaultValue: false })),
      },
    });
    await callApi(page, 'POST', `${base}/publish`, {
      description: 'Holiday off',
      revision: saved.draftRevision,
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const row = screen.getByRole('region', { name: 'Scheduled publishes' }).getByRole('row').filter({
      hasText: 'Holiday off',
    });
    await row.getByRole('button', { name: /^Reschedule the publish of / }).click();
    const field = page.getByRole('dialog', { name: /^Reschedule the publish of / }).getByLabel('New publish time');
    const later = `${(await field.inputValue()).slice(0, 11)}23:45`;
    await field.fill(later);
    await field.press('Enter');
    await guard.getByText(/^This moves the publish of .* in production to /).waitFor();
    await guard.getByRole('button', { name: 'Reschedule in production', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText(/^Rescheduled the publish of .* for /)
      .waitFor();
    const moved = await callApi<RemoteConfigState>(page, 'GET', base);
    expect(moved.scheduled.find((one) => one.description === 'Holiday off')?.publishAt).toBe(
      new Date(later).toISOString(),
    );
    await open(page);
  });

  it('shows a moderator everything but no way to change it', async () => {
    const page = sessions.moderator.page;
    const screen = consoleScreen(page);
    await screen.getByText('Your role may view the remote config but not change it.', { exact: true }).waitFor();
    await screen.getByRole('rowheader', { name: 'welcome_message' }).waitFor();
    expect(await screen.getByRole('button', { name: /^(\+ New|Edit|Publish|Move|Reschedule)/ }).count()).toBe(0);
    await screen.getByRole('button', { name: 'Open version 1', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Version 1', exact: true });
    await sheet.getByRole('rowheader', { name: 'welcome_message' }).waitFor();
    expect(await sheet.getByRole('button', { name: 'Roll back to this version' }).count()).toBe(0);
    await sheet.getByRole('button', { name: 'Close', exact: true }).click();
  });

  it('fits a phone: no sideways scroll, the tables as cards', async () => {
    const { page } = sessions.staff;
    await page.setViewportSize(MOBILE_VIEWPORT);
    try {
      await open(page);
      await consoleScreen(page).getByRole('rowheader', { name: 'welcome_message' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        MOBILE_VIEWPORT.width,
      );
      await page.screenshot({ path: `${SHOTS}/remote-config-390.png`, fullPage: true });
      await consoleScreen(page).getByRole('button', { name: '+ New parameter', exact: true }).click();
      const form = page.getByRole('form', { name: 'New parameter', exact: true });
      await form.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        MOBILE_VIEWPORT.width,
      );
      await page.screenshot({ path: `${SHOTS}/remote-config-form-390.png` });
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('takes a segment as a condition’s rule, named by the segment’s name', async () => {
    const { page } = sessions.staff;
    await open(page);
    const screen = consoleScreen(page);
    const condition = await openNewForm(screen, 'New condition');
    await condition.getByLabel('Name', { exact: true }).fill('Lapsed');
    const segment = condition.getByLabel('Segment', { exact: true });
    // The demo's segments, by name.
    await expect.poll(() => segment.locator('option').allInnerTexts()).toContain('Lapsed spenders');
    await segment.selectOption({ label: 'Lapsed spenders' });
    await condition.getByRole('button', { name: 'Add condition', exact: true }).click();
    await condition.waitFor({ state: 'detached' });
    await expectAlert(page, 'Added the condition “Lapsed” to the draft.');
    const row = screen.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Lapsed', exact: true }) });
    expect(await row.locator('td').allInnerTexts()).toContain('In Lapsed spenders');
  });
});
