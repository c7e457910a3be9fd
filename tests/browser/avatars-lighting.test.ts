import { AVATAR_MESSAGES } from '@outpost/contracts/avatars';
import { LIGHTING_MESSAGES, type LightingPresetList } from '@outpost/contracts/lighting';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { type Account, newAccount, type RoleSession, signUpThroughUi, useRoleSessions } from './accounts-helpers';
import { callApi, MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from './harness';

// 2 sign-ups from one address: under the server's default auth rate limits. The demo data brings the
// avatars and the public presets.
const fixture = useSite();
const { sessions, accounts } = useRoleSessions(fixture, ['player']);
const other = {} as RoleSession & { account: Account };

const url = (path: string) => `${fixture.site.url}${path}`;
const tag = Date.now().toString(36).slice(-5);

beforeAll(async () => {
  other.account = newAccount('rival');
  const session = await openPage(fixture.browser, { viewport: { width: 1280, height: 900 } });
  session.context.setDefaultTimeout(8_000);
  await signUpThroughUi(session.page, fixture.site, other.account);
  Object.assign(other, session);
  return () => session.context.close();
});

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** /account's section titled `title` (a region named by its h2). */
async function openSection(page: Page, title: string): Promise<Locator> {
  await page.goto(url('/account'));
  const section = page.getByRole('region', { name: title });
  await section.waitFor();
  return section;
}

/** The lighting section, once its lists have loaded (the demo's public presets are there). */
async function openPresets(page: Page): Promise<Locator> {
  const section = await openSection(page, 'Lighting presets');
  await section.getByRole('list', { name: 'Public presets' }).getByRole('heading', { name: 'Golden hour' }).waitFor();
  return section;
}

const presetCard = (section: Locator, list: string, name: string) =>
  section
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .filter({ has: section.page().getByRole('heading', { name, exact: true }) });

/** Fills the preset form `form` with a name, the four sliders, the tint and the public flag. */
async function fillPreset(
  form: Locator,
  preset: { name: string; timeOfDay: string; sun: string; ambient: string; fog: string; tint: string },
) {
  await form.getByLabel('Name').fill(preset.name);
  await form.getByLabel('Time of day').fill(preset.timeOfDay);
  await form.getByLabel('Sun intensity').fill(preset.sun);
  await form.getByLabel('Ambient light').fill(preset.ambient);
  await form.getByLabel('Fog density').fill(preset.fog);
  await form.getByLabel('Tint').fill(preset.tint);
}

describe('avatars on /account', () => {
  it('lets a player claim an avatar once, and shows it claimed after a reload', async () => {
    const { page } = sessions.player;
    const section = await openSection(page, 'Avatars');
    const card = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Neon Medic' }) });
    await card.getByText('Not claimed by anyone yet.').waitFor();

    await section.getByRole('button', { name: 'Claim Neon Medic' }).click();
    const claimed = section.getByRole('alert').filter({ hasText: `Neon Medic: ${AVATAR_MESSAGES.claimed}` });
    await claimed.waitFor();
    await card.getByText(/^Claimed on /).waitFor();
    // The Claim button is gone: the focus is on the outcome, not back at the page's start.
    expect(await isFocused(claimed)).toBe(true);

    await page.reload();
    await card.getByText(/^Claimed on /).waitFor();
    await card.getByText('Claimed by 1 player.').waitFor();
    expect(await section.getByRole('button', { name: 'Claim Neon Medic' }).count()).toBe(0);
    // The others are still there to claim.
    await section.getByRole('button', { name: 'Claim Rooftop DJ' }).waitFor();

    const userId = await findUserIdByEmail(fixture.site.server.stores.identity, accounts.player.email);
    const claims = await fixture.site.server.stores.game.development
      .selectFrom('avatar_claims')
      .select(['avatar_id', 'user_id'])
      .execute();
    expect(claims).toEqual([{ avatar_id: 'neon-medic', user_id: userId }]);

    // Another player sees the count, not the claim.
    const theirs = await openSection(other.page, 'Avatars');
    const theirCard = theirs
      .getByRole('listitem')
      .filter({ has: other.page.getByRole('heading', { name: 'Neon Medic' }) });
    await theirCard.getByText('Claimed by 1 player.').waitFor();
    await theirs.getByRole('button', { name: 'Claim Neon Medic' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('lighting presets on /account', () => {
  const name = `Dusk ${tag}`;

  it('keeps a new preset private until its owner makes it public, and only then others see it', async () => {
    const { page } = sessions.player;
    const section = await openPresets(page);
    const form = section.getByRole('form', { name: 'New preset' });

    // Checked before anything is sent: the message sits at the field, which takes the focus.
    await form.getByRole('button', { name: 'Save preset' }).click();
    await form.getByText(LIGHTING_MESSAGES.name).waitFor();
    expect(await isFocused(form.getByLabel('Name'))).toBe(true);

    await fillPreset(form, { name, timeOfDay: '19.25', sun: '0.8', ambient: '0.35', fog: '0.15', tint: '#ff9966' });
    expect(await form.getByLabel('Time of day').getAttribute('aria-valuetext')).toBe('19:15');
    await form.getByRole('button', { name: 'Save preset' }).click();
    await form.getByRole('alert').getByText(LIGHTING_MESSAGES.created).waitFor();
    // The form starts again for the next preset.
    expect(await form.getByLabel('Name').inputValue()).toBe('');

    const card = presetCard(section, 'Your presets', name);
    await card.getByText('Private').waitFor();
    await card.getByText('19:15').waitFor();
    await card.getByText('#ff9966').waitFor();
    const stored = await callApi<LightingPresetList>(page, 'GET', '/api/lighting-presets');
    expect(stored.mine.find((preset) => preset.name === name)).toMatchObject({
      public: false,
      settings: { timeOfDay: 19.25, sunIntensity: 0.8, ambient: 0.35, fogDensity: 0.15, tint: '#ff9966' },
    });

    // The other player sees the demo's public presets but not this private one.
    const theirs = await openPresets(other.page);
    expect(await theirs.getByRole('heading', { name }).count()).toBe(0);

    // Cancel and Save close the form: Edit takes the focus back.
    const editButton = card.getByRole('button', { name: `Edit ${name}` });
    await editButton.click();
    const edit = section.getByRole('form', { name: `Edit ${name}` });
    expect(await isFocused(edit.getByLabel('Name'))).toBe(true);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
    expect(await isFocused(editButton)).toBe(true);

    await editButton.click();
    await edit.getByLabel('Public: share it with everyone').check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await section.getByRole('alert').getByText(`${name}: ${LIGHTING_MESSAGES.saved}`).waitFor();
    await card.getByText('Public', { exact: true }).waitFor();
    expect(await isFocused(editButton)).toBe(true);

    await other.page.reload();
    const shared = presetCard(other.page.getByRole('region', { name: 'Lighting presets' }), 'Public presets', name);
    await shared.getByText('19:15').waitFor();
    // Theirs to look at, not to change.
    expect(await shared.getByRole('button').count()).toBe(0);
  });

  it('lets a visitor save presets as a guest, shared with every visitor and no one else', async () => {
    const visitor = await openPage(fixture.browser, { viewport: MOBILE_VIEWPORT });
    const secondVisitor = await openPage(fixture.browser);
    try {
      const { page } = visitor;
      const section = await openPresets(page);
      await section.getByText('You are not signed in, so your presets are saved as a guest').waitFor();
      const guestName = `Guest fog ${tag}`;
      const form = section.getByRole('form', { name: 'New preset' });
      await fillPreset(form, {
        name: guestName,
        timeOfDay: '6',
        sun: '0.4',
        ambient: '0.5',
        fog: '0.6',
        tint: '#c9d6e8',
      });
      await form.getByRole('button', { name: 'Save preset' }).click();
      await form.getByRole('alert').getByText(LIGHTING_MESSAGES.created).waitFor();
      const card = presetCard(section, 'Guest presets', guestName);
      await card.getByText('06:00').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      ).toBe(true);

      // Every visitor is the guest; a signed-in player is not.
      const theirs = await openPresets(secondVisitor.page);
      await presetCard(theirs, 'Guest presets', guestName).waitFor();
      const players = await openPresets(sessions.player.page);
      expect(await players.getByRole('heading', { name: guestName }).count()).toBe(0);

      // Delete asks first, with the focus on the safe answer.
      await card.getByRole('button', { name: `Delete ${guestName}` }).click();
      const keep = card.getByRole('button', { name: 'Keep it' });
      await keep.waitFor();
      expect(await isFocused(keep)).toBe(true);
      await keep.click();
      expect(await isFocused(card.getByRole('button', { name: `Delete ${guestName}` }))).toBe(true);
      await card.getByRole('button', { name: `Delete ${guestName}` }).click();
      await card.getByRole('button', { name: 'Delete preset' }).click();
      const deleted = section.getByRole('alert').filter({ hasText: `${guestName}: ${LIGHTING_MESSAGES.deleted}` });
      await deleted.waitFor();
      await card.waitFor({ state: 'detached' });
      // Its card went with the focused button: the focus is on the outcome.
      expect(await isFocused(deleted)).toBe(true);
      const left = await fixture.site.server.stores.game.development
        .selectFrom('lighting_presets')
        .select('preset_id')
        .where('name', '=', guestName)
        .execute();
      expect(left).toEqual([]);
    } finally {
      await visitor.context.close();
      await secondVisitor.context.close();
    }
  });
});
