import fs from 'node:fs';
import { CALENDAR_PATHS } from '@outpost/contracts/calendar/paths';
import { adminExperimentPath, EXPERIMENTS_PATHS } from '@outpost/contracts/experiments/paths';
import {
  EXPERIMENT_MESSAGES,
  EXPERIMENT_METRIC_LABELS,
  type Experiment,
  type ExperimentResults,
} from '@outpost/contracts/experiments/schemas';
import type {
  RemoteConfigState,
  RemoteConfigValues,
  RemoteConfigVersion,
} from '@outpost/contracts/remote-config/schemas';
import type { Locator, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { useRoleSessions } from '../../../../../tests/browser/accounts-helpers';
import { consoleScreen, expectAlert, openIn, openNewForm } from '../../../../../tests/browser/admin-pages';
import {
  callApi,
  MOBILE_VIEWPORT,
  openPage,
  seriousAxeViolations,
  useSite,
} from '../../../../../tests/browser/harness';

/*
 * Experiments in Chromium against the real server, in development: an admin creates one on the
 * demo's welcome_message and starts it; a moderator's list shows it running without a reload;
 * signed-in players fetching config are exposed and the results count them live; a second
 * experiment on the same parameter is refused in the server's words; the moderator sees it all
 * read-only; rolling a variant out publishes a new remote-config version with its value; the
 * calendar's "New" opens the editor at its time; and a phone's width never scrolls sideways.
 */

const fixture = useSite();
const { sessions } = useRoleSessions(fixture, ['admin', 'moderator', 'player'] as const);
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots/experiments';
const API = '/api/admin/development/experiments';
const ID = 'browser-welcome';
const NAME = 'Warmer welcome';
const WARMER = 'Welcome back, survivor! Your outpost missed you.';

const open = (page: Page, path: string) => openIn(page, fixture.site.url, 'development', path);

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const liveNow = (page: Page) => page.locator('[data-live-state="live"]').waitFor({ state: 'attached' });

/** The list's row of an experiment. */
const row = (page: Page, experimentID: string) => consoleScreen(page).locator(`tr[data-experiment="${experimentID}"]`);

/** The players exposed per variant, as the results table shows them. */
async function exposedOnScreen(page: Page): Promise<Record<string, number>> {
  const table = consoleScreen(page).getByRole('region', { name: 'Results per variant' });
  const rows = await table.locator('tbody tr').all();
  const counts: Record<string, number> = {};
  for (const one of rows) {
    const name = (await one.getAttribute('data-variant')) ?? '';
    counts[name] = Number(await one.locator('[data-exposed]').getAttribute('data-exposed'));
  }
  return counts;
}

const confirmIn = async (page: Page, title: string, button: string) => {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
};

const fieldOf = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });

const alignOf = (cell: Locator) => cell.evaluate((element) => getComputedStyle(element).textAlign);

/** The cells of the results' figures, in a variant's row, by their column. */
const FIGURE_COLUMNS = ['Players exposed', EXPERIMENT_METRIC_LABELS.day1Return, 'Difference from control', 'p-value'];

beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

describe('experiments in the back office', () => {
  let control = '';
  /** A draft of two welcome messages, the live one (read by the first test) and a short one. */
  const welcomeDraft = (experimentID: string, name: string) => ({
    experimentID,
    name,
    parameterKey: 'welcome_message',
    segmentID: null,
    variants: [
      { name: 'Control', value: control, weight: 1 },
      { name: 'Short', value: 'Hi.', weight: 1 },
    ],
    metric: 'playtimePerPlayer',
    startsAt: null,
    endsAt: null,
  });

  it('creates an experiment on a live parameter, starts it, and a moderator’s list shows it running live', async () => {
    const { page } = sessions.admin;
    const moderator = sessions.moderator.page;
    await open(moderator, EXPERIMENTS_PATHS.admin);
    await liveNow(moderator);

    await open(page, '/admin/configuration');
    await consoleScreen(page).getByRole('link', { name: 'Experiments', exact: true }).click();
    await consoleScreen(page).getByRole('heading', { level: 1, name: 'Experiments', exact: true }).waitFor();
    // The demo's experiment, by its names.
    const demo = row(page, 'generous-daily-reward');
    const demoText = await demo.innerText();
    for (const words of [
      'Generous daily reward',
      'daily_reward_credits',
      'Every signed-in player',
      'Minutes played per player',
      'Stopped',
    ]) {
      expect(demoText).toContain(words);
    }
    await shoot(page, 'list-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const form = await openNewForm(consoleScreen(page), 'New experiment');
    await fieldOf(form, 'Experiment ID').fill(ID);
    await fieldOf(form, 'Name').fill(NAME);
    await fieldOf(form, 'Description (optional)').fill('Does a warmer greeting bring players back the next day?');
    await fieldOf(form, 'Parameter').selectOption('welcome_message');
    expect(await fieldOf(form, 'Players').inputValue()).toBe('');
    expect(await form.getByRole('option', { name: 'Every signed-in player' }).count()).toBe(1);
    // Both variants start from the parameter's live value; the second is changed.
    control = await fieldOf(form, 'Control: value of welcome_message').inputValue();
    expect(control.length).toBeGreaterThan(0);
    expect(await fieldOf(form, 'Variant B: value of welcome_message').inputValue()).toBe(control);
    await fieldOf(form, 'Variant B: value of welcome_message').fill(WARMER);
    await fieldOf(form, 'Variant B: name').fill('Warm');
    await fieldOf(form, 'Goal metric').selectOption('day1Return');

    // A third variant, then gone again; a weight out of range is refused at its field.
    await form.getByRole('button', { name: '+ Add a variant', exact: true }).click();
    await fieldOf(form, 'Variant C: weight').fill('500');
    await form.getByRole('button', { name: 'Create experiment', exact: true }).click();
    expect(await fieldOf(form, 'Variant C: weight').getAttribute('aria-invalid')).toBe('true');
    await form.getByRole('button', { name: 'Remove Variant C', exact: true }).click();
    // Its refusal goes with it: nothing is left saying what was wrong with a row that is gone.
    expect(await form.getByText(EXPERIMENT_MESSAGES.weights).count()).toBe(0);
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/editor-1280.png` });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create experiment', exact: true }).click();

    await page.waitForURL(`${fixture.site.url}${adminExperimentPath(ID)}`);
    await consoleScreen(page)
      .getByRole('heading', { level: 1, name: `Experiment ${NAME}` })
      .waitFor();
    const stored = await callApi<Experiment>(page, 'GET', `${API}/${ID}`);
    expect(stored).toMatchObject({
      state: 'draft',
      parameterKey: 'welcome_message',
      segmentID: null,
      metric: 'day1Return',
      variants: [
        { name: 'Control', value: control, weight: 50 },
        { name: 'Warm', value: WARMER, weight: 50 },
      ],
    });

    await consoleScreen(page).getByRole('button', { name: 'Start now', exact: true }).click();
    await confirmIn(page, `Start “${NAME}” now?`, 'Start experiment');
    await consoleScreen(page).getByRole('heading', { level: 2, name: 'Results' }).waitFor();
    expect((await callApi<Experiment>(page, 'GET', `${API}/${ID}`)).state).toBe('running');

    // The moderator's list, open all along, shows it running.
    await expect
      .poll(() =>
        row(moderator, ID)
          .innerText()
          .catch(() => ''),
      )
      .toContain('Running');
  });

  it('counts players exposed as they fetch config, live, per variant', async () => {
    const { page } = sessions.admin;
    await open(page, adminExperimentPath(ID));
    await liveNow(page);
    await consoleScreen(page).getByRole('region', { name: 'Results per variant' }).waitFor();
    expect(await exposedOnScreen(page)).toEqual({ Control: 0, Warm: 0 });

    // Three signed-in players fetch config as the game does: each gets their variant's value.
    const values: string[] = [];
    for (const role of ['player', 'moderator', 'admin'] as const) {
      const fetched = await callApi<RemoteConfigValues>(sessions[role].page, 'GET', '/api/remote-config');
      const value = fetched.values.welcome_message;
      expect([control, WARMER]).toContain(value);
      values.push(String(value));
    }
    const expected = {
      Control: values.filter((value) => value === control).length,
      Warm: values.filter((value) => value === WARMER).length,
    };
    // Exposures are written in batches; the live topic brings them to the open page.
    await expect.poll(() => exposedOnScreen(page), { timeout: 10_000 }).toEqual(expected);
    const results = await callApi<ExperimentResults>(page, 'GET', `${API}/${ID}/results`);
    expect(results.variants.map((variant) => variant.exposed)).toEqual([expected.Control, expected.Warm]);
    // Nobody's first day is over yet: too few players to say.
    const warm = consoleScreen(page).locator('tr[data-variant="Warm"]');
    expect(await warm.innerText()).toContain('Too few players');
    // Figures sit on their last digit, their heads above them; the interval and the verdict read from the left.
    for (const column of FIGURE_COLUMNS) {
      expect([column, await alignOf(warm.locator(`td[data-label="${column}"]`))]).toEqual([column, 'right']);
    }
    const resultsTable = consoleScreen(page).getByRole('region', { name: 'Results per variant' });
    expect(await alignOf(resultsTable.getByRole('columnheader', { name: 'Players exposed' }))).toBe('right');
    expect(await alignOf(warm.locator('td[data-label="Verdict"]'))).toBe('left');
    const variantsTable = consoleScreen(page).getByRole('region', { name: 'Variants and their weights' });
    expect(await alignOf(variantsTable.locator('td[data-label="Weight"]').first())).toBe('right');
    await shoot(page, 'results-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The demo's stopped experiment: its results read from the demo players' sessions, in words and bars.
    await open(page, adminExperimentPath('generous-daily-reward'));
    const demo = consoleScreen(page).getByRole('region', { name: 'Results per variant' });
    await demo.locator('tbody tr').first().waitFor();
    expect(await demo.locator('tbody tr').first().innerText()).toMatch(/\d+\.\d min/);
    await shoot(page, 'results-demo-1280');
  });

  it('reads the results again at most every few seconds, however often the topic speaks', async () => {
    const { page } = sessions.admin;
    await open(page, adminExperimentPath(ID));
    await liveNow(page);
    await consoleScreen(page)
      .getByRole('region', { name: 'Results per variant' })
      .locator('tbody tr')
      .first()
      .waitFor();
    const reads = { experiment: 0, results: 0 };
    const count = (request: Request) => {
      if (request.method() !== 'GET') return;
      const path = new URL(request.url()).pathname;
      if (path === `${API}/${ID}`) reads.experiment += 1;
      if (path === `${API}/${ID}/results`) reads.results += 1;
    };
    page.on('request', count);
    onTestFinished(() => {
      page.off('request', count);
    });

    // Six changes on the experiments topic in about two seconds, as a burst of exposures would be:
    // another experiment created, edited four times, deleted; each more than the live stream's
    // gathering (LIVE_GATHER_MS) apart, so the page reads the experiment again for each.
    const other = 'browser-topic-burst';
    const pause = () => page.waitForTimeout(300);
    let saved = await callApi<Experiment>(page, 'POST', API, welcomeDraft(other, 'Topic burst'));
    for (let edit = 1; edit <= 4; edit += 1) {
      await pause();
      const { name, parameterKey, segmentID, variants, metric, startsAt, endsAt, revision } = saved;
      const description = `Edit ${edit}.`;
      const input = { name, description, parameterKey, segmentID, variants, metric, startsAt, endsAt, revision };
      saved = await callApi<Experiment>(page, 'PUT', `${API}/${other}`, input);
    }
    await pause();
    await callApi(page, 'DELETE', `${API}/${other}`);
    await expect.poll(() => reads.experiment, { timeout: 5_000 }).toBeGreaterThanOrEqual(4);
    // The results were read once at most meanwhile, not once per change...
    expect(reads.results).toBeLessThanOrEqual(1);
    // ...and do follow the topic, within RESULTS_FOLLOW_MS (5 s) of their last read.
    await expect.poll(() => reads.results, { timeout: 8_000 }).toBeGreaterThanOrEqual(1);
  });

  it('refuses a second experiment on the same parameter, in the server’s words', async () => {
    const { page } = sessions.admin;
    const second = 'browser-welcome-two';
    await callApi(page, 'POST', API, welcomeDraft(second, 'Another welcome'));
    await open(page, adminExperimentPath(second));
    await consoleScreen(page).getByRole('button', { name: 'Start now', exact: true }).click();
    await confirmIn(page, 'Start “Another welcome” now?', 'Start experiment');
    await expectAlert(page, EXPERIMENT_MESSAGES.parameterBusy('welcome_message'));
    expect((await callApi<Experiment>(page, 'GET', `${API}/${second}`)).state).toBe('draft');
  });

  it('refuses a save made stale by another save, and offers the saved version', async () => {
    const { page } = sessions.admin;
    const second = 'browser-welcome-two';
    await open(page, adminExperimentPath(second));
    await liveNow(page);
    const editor = consoleScreen(page).getByRole('form', { name: 'Edit the experiment', exact: true });
    await fieldOf(editor, 'Name').fill('Another welcome, renamed here');

    // Someone else saves it in between; the live topic says so before any save.
    const current = await callApi<Experiment>(page, 'GET', `${API}/${second}`);
    await callApi(page, 'PUT', `${API}/${second}`, {
      name: current.name,
      description: 'Changed elsewhere.',
      parameterKey: current.parameterKey,
      segmentID: current.segmentID,
      variants: current.variants,
      metric: current.metric,
      startsAt: current.startsAt,
      endsAt: current.endsAt,
      revision: current.revision,
    });
    await editor.getByRole('button', { name: 'Load the saved version', exact: true }).waitFor();
    await editor.getByRole('button', { name: 'Save experiment', exact: true }).click();
    await expectAlert(page, `The experiment was not saved. ${EXPERIMENT_MESSAGES.stale}`);
    await editor.getByRole('button', { name: 'Load the saved version', exact: true }).click();
    expect(await fieldOf(editor, 'Description (optional)').inputValue()).toBe('Changed elsewhere.');
    expect(await fieldOf(editor, 'Name').inputValue()).toBe('Another welcome');
  });

  it('shows a moderator the experiment and its results, but nothing to change', async () => {
    const { page } = sessions.moderator;
    await open(page, adminExperimentPath(ID));
    const screen = consoleScreen(page);
    await screen.getByText('Your role may view this experiment and its results but not change it.').waitFor();
    await screen.getByRole('region', { name: 'Results per variant' }).waitFor();
    expect(await screen.getByRole('button').count()).toBe(0);
    expect(await screen.getByRole('form').count()).toBe(0);
    await open(page, EXPERIMENTS_PATHS.admin);
    await row(page, ID).waitFor();
    expect(await consoleScreen(page).getByRole('button', { name: '+ New experiment' }).count()).toBe(0);
  });

  it('fits a phone: the list, the editor and the results, with no sideways scroll', async () => {
    const { page } = await openPage(fixture.browser, {
      viewport: MOBILE_VIEWPORT,
      storageState: await sessions.admin.context.storageState(),
    });
    try {
      page.context().setDefaultTimeout(8_000);
      await open(page, EXPERIMENTS_PATHS.admin);
      await row(page, ID).waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shoot(page, 'list-390');

      const form = await openNewForm(consoleScreen(page), 'New experiment');
      await fieldOf(form, 'Parameter').selectOption('event_banner');
      await fieldOf(form, 'Control: value of event_banner').waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      // The sheet scrolls on its own: a shot of each part of it.
      await page.screenshot({ path: `${SHOTS}/editor-390.png` });
      await fieldOf(form, 'Variant B: value of event_banner').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/editor-390-variants.png` });
      await form.getByRole('button', { name: 'Create experiment', exact: true }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/editor-390-end.png` });
      await page
        .getByRole('dialog', { name: 'New experiment' })
        .getByRole('button', { name: 'Close', exact: true })
        .click();

      await open(page, adminExperimentPath(ID));
      await consoleScreen(page)
        .getByRole('region', { name: 'Results per variant' })
        .locator('tbody tr')
        .first()
        .waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      // A card's figures stay beside their labels.
      const card = consoleScreen(page).locator('tr[data-variant="Warm"]');
      expect(await alignOf(card.locator('td[data-label="Players exposed"]'))).toBe('left');
      await shoot(page, 'results-390');
      // The demo's results, read from its players' sessions: intervals drawn as bars.
      await open(page, adminExperimentPath('generous-daily-reward'));
      await consoleScreen(page)
        .getByRole('region', { name: 'Results per variant' })
        .locator('tbody tr')
        .first()
        .waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shoot(page, 'results-demo-390');
    } finally {
      await page.context().close();
    }
  });

  it('stops it, then rolls a variant out: a new remote-config version gives every player its value', async () => {
    const { page } = sessions.admin;
    const before = await callApi<RemoteConfigState>(page, 'GET', '/api/admin/development/remote-config');
    await open(page, adminExperimentPath(ID));
    // Stopped first: players get the parameter's own value again, and a variant may still be rolled out.
    await consoleScreen(page).getByRole('button', { name: 'Stop experiment', exact: true }).click();
    await confirmIn(page, `Stop the experiment “${NAME}”?`, 'Stop experiment');
    await expectAlert(page, `Stopped the experiment “${NAME}”.`);
    expect(await consoleScreen(page).getByRole('button', { name: 'Stop experiment' }).count()).toBe(0);
    expect(
      (await callApi<RemoteConfigValues>(sessions.player.page, 'GET', '/api/remote-config')).values.welcome_message,
    ).toBe(control);
    await consoleScreen(page).getByRole('button', { name: 'Roll out Warm', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Roll out “Warm”?', exact: true });
    expect(await dialog.innerText()).toContain('This publishes a new remote-config version in development');
    await confirmIn(page, 'Roll out “Warm”?', 'Roll out Warm');
    await expectAlert(page, 'Rolled out “Warm”: welcome_message has its value in a new remote-config version.');
    await consoleScreen(page).getByText('Rolled out', { exact: true }).first().waitFor();
    expect(
      await consoleScreen(page)
        .getByRole('button', { name: /^Roll out / })
        .count(),
    ).toBe(0);

    const after = await callApi<RemoteConfigState>(page, 'GET', '/api/admin/development/remote-config');
    const version = after.current?.version ?? 0;
    expect(version).toBe((before.current?.version ?? 0) + 1);
    const live = await callApi<RemoteConfigVersion>(
      page,
      'GET',
      `/api/admin/development/remote-config/versions/${version}`,
    );
    expect(live.template.parameters.find((parameter) => parameter.key === 'welcome_message')?.defaultValue).toBe(
      WARMER,
    );
    const fetched = await callApi<RemoteConfigValues>(sessions.player.page, 'GET', '/api/remote-config');
    expect(fetched.values.welcome_message).toBe(WARMER);
    expect(await callApi<Experiment>(page, 'GET', `${API}/${ID}`)).toMatchObject({
      state: 'rolled-out',
      winner: 'Warm',
    });
  });

  it('is offered by the calendar’s "New", which opens the editor at the chosen time, and schedules it', async () => {
    const { page } = sessions.admin;
    // A day ahead: its "New" starts at 9:00 that day, in the machine's zone as the screen's.
    const day = new Date(Date.now() + 8 * 86_400_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    const date = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
    await open(page, `${CALENDAR_PATHS.admin}?view=day&date=${date}`);
    await consoleScreen(page).getByRole('button', { name: '+ New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New in the calendar' });
    const chosen = await dialog.getByLabel('Starts at', { exact: true }).inputValue();
    expect(chosen).toBe(`${date}T09:00`);
    await dialog.getByRole('link', { name: 'Experiment', exact: true }).click();
    await page.waitForURL(/\/admin\/experiments\?at=/);
    const form = page.getByRole('form', { name: 'New experiment', exact: true });
    await form.waitFor();
    expect(await fieldOf(form, 'Starts at (optional)').inputValue()).toBe(chosen);

    // A boolean parameter's variants are a yes/no choice each.
    await fieldOf(form, 'Experiment ID').fill('browser-night-market');
    await fieldOf(form, 'Name').fill('Night market for everyone');
    await fieldOf(form, 'Parameter').selectOption('night_market_enabled');
    await form
      .getByRole('group', { name: 'Variant B: value of night_market_enabled', exact: true })
      .getByRole('radio', { name: 'Yes (true)' })
      .check();
    await form.getByRole('button', { name: 'Create experiment', exact: true }).click();
    await page.waitForURL(`${fixture.site.url}${adminExperimentPath('browser-night-market')}`);
    const created = await callApi<Experiment>(page, 'GET', `${API}/browser-night-market`);
    expect(created.variants.map((variant) => variant.value)).toEqual([false, true]);

    await consoleScreen(page)
      .getByRole('button', { name: /^Schedule for / })
      .click();
    await confirmIn(page, 'Schedule “Night market for everyone”?', 'Schedule experiment');
    await consoleScreen(page).locator('[data-state="scheduled"]').first().waitFor();
    expect(await callApi<Experiment>(page, 'GET', `${API}/browser-night-market`)).toMatchObject({
      state: 'scheduled',
      startsAt: new Date(chosen).toISOString(),
    });
    await shoot(page, 'scheduled-1280');
  });

  it('deletes a draft after asking', async () => {
    const { page } = sessions.admin;
    await open(page, adminExperimentPath('browser-welcome-two'));
    await consoleScreen(page).getByRole('button', { name: 'Delete experiment', exact: true }).click();
    await confirmIn(page, 'Delete the experiment “Another welcome”?', 'Delete experiment');
    await page.waitForURL(`${fixture.site.url}${EXPERIMENTS_PATHS.admin}`);
    await row(page, ID).waitFor();
    expect(await row(page, 'browser-welcome-two').count()).toBe(0);
    const gone = await page.evaluate(
      (path) => fetch(path).then((response) => response.status),
      `${API}/browser-welcome-two`,
    );
    expect(gone).toBe(404);
  });
});
