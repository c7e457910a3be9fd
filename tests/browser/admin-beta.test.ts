import { adminUserPath } from '@outpost/contracts/admin-routes';
import { type AccountBeta, BETA_MESSAGES, type BetaProgramme, inviteTakenMessage } from '@outpost/contracts/beta';
import type { Me } from '@outpost/contracts/identity';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useRoleSessions } from './accounts-helpers';
import { openNewForm } from './admin-pages';
import { callApi, MOBILE_VIEWPORT, seriousAxeViolations, useSite, visibleUserIds } from './harness';

// 3 sign-ups from one address: under the server's default auth rate limits.
const fixture = useSite();
const ROLES = ['staff', 'moderator', 'player'] as const;
const { sessions, accounts } = useRoleSessions(fixture, ROLES);

const url = (path: string) => `${fixture.site.url}${path}`;
const tag = Date.now().toString(36).slice(-5);
const INVITE = `crew-${tag}`;
const OBJECTIVE = { objectiveID: `night-run-${tag}`, title: `Run the night market ${tag}` };

beforeAll(async () => {
  await callApi(sessions.player.page, 'PUT', '/api/account/beta/request', {
    data: { platform: 'android', hours: 12, why: 'I build bases all day' },
  });
});

async function expectAlert(scope: Page | Locator, text: string): Promise<void> {
  const alert = scope.getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  expect(await alert.innerText()).toBe(text);
}

const programme = () => callApi<BetaProgramme>(sessions.player.page, 'GET', '/api/beta');

describe('beta requests, as staff', () => {
  it('lists the request with its answers and accepts it, showing the 2 invites the player now shares', async () => {
    const { page } = sessions.staff;
    const player = accounts.player;
    await page.goto(url('/admin/beta/requests'));
    await page.getByRole('heading', { level: 1, name: 'Beta requests' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Beta programme' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual([
      'Requests',
      'Invites',
      'Testing objectives',
      'Settings',
    ]);
    expect(await nav.getByRole('link', { name: 'Requests' }).getAttribute('aria-current')).toBe('page');

    await page.getByLabel('Status').selectOption('1');
    await page.getByLabel('Search').fill(player.email);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const row = page.getByRole('row').filter({ hasText: player.email });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 2)).toEqual([`@${player.displayName}`, player.email]);
    // The requester's name leads to their page in the moderation hub.
    const playerID = (await callApi<Me>(sessions.player.page, 'GET', '/api/auth/me')).user?.id ?? '';
    expect(await row.getByRole('link', { name: `@${player.displayName}` }).getAttribute('href')).toBe(
      adminUserPath(playerID),
    );
    expect(cells[2]).toMatch(/\d/);
    // The answers as labelled words: the form's questions by their labels, others by their names in words.
    expect(cells[3]?.split('\n')).toEqual([
      'Platform: Android',
      'Hours: 12',
      'Why they want to join: I build bases all day',
    ]);
    expect(cells.slice(4, 6)).toEqual(['—', 'Requested']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `Accept ${player.displayName}` }).click();
    await expectAlert(page, `${player.displayName} is in the beta, with 2 invites to share.`);
    const shown = page.getByRole('region', { name: `Invites of ${player.displayName}` });
    // The Accept pressed leaves its row: the focus goes to the outcome, not to the page.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      `${player.displayName} is in the beta, with 2 invites to share.`,
    );
    const links = await shown
      .getByRole('textbox', { name: /^Share link of / })
      .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));
    expect(links).toHaveLength(2);

    // The player's own account lists the same two invites, and the links open them.
    const mine = await callApi<AccountBeta>(sessions.player.page, 'GET', '/api/account/beta');
    expect(mine.request?.status).toBe(2);
    expect(links.sort()).toEqual(mine.invites.map((invite) => url(`/invite/${invite.inviteID}`)).sort());
    // Filtered on requested, the accepted one leaves the list; unfiltered it says Accepted.
    await expect.poll(() => page.getByRole('row').filter({ hasText: player.email }).count()).toBe(0);
    await page.getByLabel('Status').selectOption('');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await row.getByRole('cell', { name: 'Accepted', exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /Accept/ }).count()).toBe(0);
  });
});

describe('invites, as staff', () => {
  it('creates an admin invite with its share link, and refuses its code twice', async () => {
    const { page } = sessions.staff;
    await page.goto(url('/admin/beta/invites'));
    const form = await openNewForm(page, 'New admin invite');
    await form.getByLabel('Code (optional)').fill(INVITE);
    await form.getByLabel('Valid for (days)').fill('0');
    await form.getByRole('button', { name: 'Create invite' }).click();
    await expectAlert(form, BETA_MESSAGES.validDays);

    await form.getByLabel('Valid for (days)').fill('10');
    await form.getByRole('button', { name: 'Create invite' }).click();
    await expectAlert(form, `Invite ${INVITE} created.`);
    expect(await form.getByRole('textbox', { name: `Share link of ${INVITE}` }).inputValue()).toBe(
      url(`/invite/${INVITE}`),
    );
    const row = page.getByRole('row').filter({ hasText: INVITE });
    await row.waitFor();
    expect((await row.getByRole('cell').allInnerTexts()).slice(0, 4)).toEqual([INVITE, 'Admin', 'No', '—']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await form.getByLabel('Code (optional)').fill(INVITE);
    await form.getByRole('button', { name: 'Create invite' }).click();
    await expectAlert(form, `The invite was not created. ${inviteTakenMessage(INVITE)}`);
    // The form stays open for the next invite until it is closed.
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    // The player's invites from the accepted request are listed too, with their source.
    await page.getByLabel('Source').selectOption('player');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: INVITE }).count()).toBe(0);
    // The accepted player's two invites, each naming them as its source, never their raw id.
    const theirs = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `@${accounts.player.displayName}` }) });
    await expect.poll(() => theirs.count()).toBe(2);
    expect(await visibleUserIds(page)).toEqual([]);
  });
});

describe('testing objectives, as staff', () => {
  it('creates an objective players see, then deactivates it and players no longer see it', async () => {
    const { page } = sessions.staff;
    await page.goto(url('/admin/beta/objectives'));
    const form = await openNewForm(page, 'New testing objective');
    await form.getByLabel('Objective ID').fill(OBJECTIVE.objectiveID);
    await form.getByRole('button', { name: 'Create objective' }).click();
    await expectAlert(form, BETA_MESSAGES.objectiveTitle);
    await form.getByLabel('Title').fill(OBJECTIVE.title);
    await form.getByLabel('Description').fill('Find the market after dark.');
    await form.getByRole('button', { name: 'Create objective' }).click();
    await expectAlert(page, `Objective ${OBJECTIVE.objectiveID} created.`);
    expect((await programme()).objectives.map((objective) => objective.objectiveID)).toContain(OBJECTIVE.objectiveID);

    const row = page.getByRole('row').filter({ hasText: OBJECTIVE.objectiveID });
    expect((await row.getByRole('cell').allInnerTexts()).slice(0, 4)).toEqual([
      OBJECTIVE.title,
      OBJECTIVE.objectiveID,
      'Find the market after dark.',
      'Yes',
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `Edit objective ${OBJECTIVE.objectiveID}` }).click();
    const edit = page.getByRole('form', { name: `Edit objective ${OBJECTIVE.objectiveID}` });
    expect(await edit.getByLabel('Title').inputValue()).toBe(OBJECTIVE.title);
    await edit.getByLabel(/^Active/).uncheck();
    await edit.getByRole('button', { name: 'Save objective' }).click();
    await expectAlert(page, `Objective ${OBJECTIVE.objectiveID} saved, inactive: players no longer see it.`);
    await row.getByRole('cell', { name: 'No', exact: true }).waitFor();
    expect((await programme()).objectives.map((objective) => objective.objectiveID)).not.toContain(
      OBJECTIVE.objectiveID,
    );
  });
});

describe('beta settings, as staff', () => {
  it('edits beta-config/v1, which players then get', async () => {
    const { page } = sessions.staff;
    await page.goto(url('/admin/beta/settings'));
    const form = page.getByRole('form', { name: 'Beta settings' });
    await form.getByLabel(/^Feedback open/).waitFor();
    expect(await form.getByLabel('Category 1 ID').inputValue()).toBe('bug');

    await form.getByRole('button', { name: '+ Add category' }).click();
    await form.getByLabel('Category 5 ID').fill('art');
    await form.getByRole('button', { name: 'Save beta settings' }).click();
    await expectAlert(form, `Category 5: ${BETA_MESSAGES.optionLabel}`);

    await form.getByLabel('Category 5 label').fill('Art and sound');
    await form.getByLabel('Sentiment 3 label').fill('Not my thing');
    await form.getByRole('button', { name: 'Remove sentiment 2' }).click();
    await form.getByLabel(/^Feedback open/).uncheck();
    await form.getByLabel('Shared invites last (days)').fill('21');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save beta settings' }).click();
    await expectAlert(form, 'Beta settings saved: players get them with the next feedback form they open.');

    const { config } = await programme();
    expect(config.feedbackOpen).toBe(false);
    expect(config.inviteLifetimeDays).toBe(21);
    expect(config.categories.at(-1)).toEqual({ id: 'art', label: 'Art and sound' });
    expect(config.sentiments).toEqual([
      { id: 'positive', label: 'Loved it' },
      { id: 'negative', label: 'Not my thing' },
    ]);
    await page.reload();
    expect(await form.getByLabel('Sentiment 2 label').inputValue()).toBe('Not my thing');
    expect(await form.getByLabel(/^Feedback open/).isChecked()).toBe(false);
  });
});

describe('the beta screens, as a moderator', () => {
  it('reads objectives and settings but cannot change them, and does not see requests or invites', async () => {
    const { page } = sessions.moderator;
    for (const [path, title] of [
      ['/admin/beta/requests', 'Beta requests'],
      ['/admin/beta/invites', 'Invites'],
    ] as const) {
      await page.goto(url(path));
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText('are handled by staff and admins').waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await page.goto(url('/admin/beta/objectives'));
    await page.getByText('Your role may view the testing objectives but not change them.').waitFor();
    await page.getByRole('row').filter({ hasText: OBJECTIVE.objectiveID }).waitFor();
    expect(await page.getByRole('button', { name: /^Edit objective/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '+ New testing objective' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(url('/admin/beta/settings'));
    await page.getByText('Your role may view the beta settings but not change them.').waitFor();
    expect(await page.getByLabel('Category 1 ID').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save beta settings' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('fits a phone', async () => {
    const { page } = sessions.moderator;
    await page.setViewportSize(MOBILE_VIEWPORT);
    await page.goto(url('/admin/beta/settings'));
    await page.getByLabel('Category 1 ID').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
