import { BETA_MESSAGES, type BetaConfig, type BetaProgramme, type Feedback } from '@outpost/contracts/beta';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { newAccount, signUpThroughUi, useRoleSessions } from './accounts-helpers';
import { callApi, openPage, type Site, seriousAxeViolations, useSite } from './harness';

// Budget per client address (server defaults): 4 sign-ups here, no sign-in.
const fixture = useSite();
const { sessions, accounts } = useRoleSessions(fixture, ['staff', 'player'] as const);

const tag = Date.now().toString(36).slice(-5);
const OBJECTIVE = { objectiveID: `base-${tag}`, title: `Build a container base ${tag}`, description: 'Stack three.' };
const url = (path: string) => `${fixture.site.url}${path}`;
const userIdOf = async (site: Site, email: string) => {
  const id = await findUserIdByEmail(site.server.stores.identity, email);
  if (!id) throw new Error(`${email} has no account`);
  return id;
};
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const betaSection = (page: Page) => page.getByRole('region', { name: 'Beta programme', exact: true });
const inviteLinks: string[] = [];
/** The second player's page, signed in and in the beta, from the claim to the feedback form. */
let secondPlayer: { context: BrowserContext; page: Page } | undefined;

beforeAll(async () => {
  await callApi(sessions.staff.page, 'POST', '/api/admin/development/testing-objectives', OBJECTIVE);
});

describe('the beta programme, from request to feedback', () => {
  it('a player requests beta entry on /account', async () => {
    const { page } = sessions.player;
    await page.goto(url('/account'));
    const beta = betaSection(page);
    const form = beta.getByRole('form', { name: 'Beta request' });
    await form.getByRole('button', { name: 'Request beta entry' }).click();
    await form.getByText('Choose the device you play on.').waitFor();

    await form.getByLabel('Where do you play?').selectOption('android');
    await form.getByLabel('How did you hear about us?').fill('A friend at school');
    await form.getByRole('button', { name: 'Request beta entry' }).click();
    await form.getByRole('alert').getByText('Your request is in. We will let you know here.').waitFor();
    await beta.getByText(/^Requested on /).waitFor();

    // A later edit replaces only the answers.
    await form.getByLabel('Why do you want to join? (optional)').fill('I build things.');
    await form.getByRole('button', { name: 'Update my answers' }).click();
    await form.getByRole('alert').getByText('Your answers are updated.').waitFor();
    const mine = await callApi<{ request: { status: number; data: Record<string, unknown> } }>(
      page,
      'GET',
      '/api/account/beta',
    );
    expect(mine.request).toMatchObject({
      status: 1,
      data: { platform: 'android', heardFrom: 'A friend at school', why: 'I build things.' },
    });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('once staff accept it, the player shares two invite links, and their own is refused to them', async () => {
    const playerID = await userIdOf(fixture.site, accounts.player.email);
    await callApi(sessions.staff.page, 'POST', `/api/admin/development/beta-requests/${playerID}/accept`);

    const { page, context } = sessions.player;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fixture.site.url });
    await page.goto(url('/account'));
    const beta = betaSection(page);
    await beta.getByText('Accepted', { exact: true }).waitFor();
    const invites = beta.getByRole('list', { name: 'Your invites' });
    expect(await invites.getByRole('listitem').count()).toBe(2);
    for (const index of [1, 2]) {
      const link = await invites.getByRole('textbox', { name: `Invite link ${index}` }).inputValue();
      expect(link).toMatch(new RegExp(`^${url('/invite/')}[a-z0-9-]+$`));
      inviteLinks.push(link);
    }
    expect(new Set(inviteLinks).size).toBe(2);
    await invites
      .getByRole('listitem')
      .first()
      .getByText(/Unclaimed · valid until/)
      .waitFor();

    await invites.getByRole('button', { name: 'Copy invite link 1' }).click();
    await invites.getByText('Link copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inviteLinks[0]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(inviteLinks[1] as string);
    await page.getByText(BETA_MESSAGES.inviteOwn, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Claim invite' }).count()).toBe(0);
  });

  it('a second player opens the link, signs up, comes back and claims it; then feedback', async () => {
    const link = inviteLinks[0] as string;
    const second = await openPage(fixture.browser, { viewport: { width: 1280, height: 900 } });
    secondPlayer = second;
    second.context.setDefaultTimeout(8_000);
    const { page } = second;
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'You are invited to the Outpost beta' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Create an account' }).click();

    const account = newAccount('sec');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Display name').fill(account.displayName);
    await panel.getByLabel('Email').fill(account.email);
    await panel.getByLabel('Password').fill(account.password);
    await panel.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(link);

    await page.getByText('A friend', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A third player has the same link open, its Claim button showing, and is a moment too late.
    const third = await openPage(fixture.browser);
    third.context.setDefaultTimeout(8_000);
    await signUpThroughUi(third.page, fixture.site, newAccount('thi'));
    await third.page.goto(link);
    const thirdClaim = third.page.getByRole('button', { name: 'Claim invite' });
    await thirdClaim.waitFor();

    await page.getByRole('button', { name: 'Claim invite' }).click();
    await page.getByRole('alert').getByText('You claimed the invite. Welcome to the beta!').waitFor();
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await page.waitForURL(url('/account'));
    const inviteID = link.split('/').pop() as string;
    await betaSection(page).getByText(`You joined with the invite ${inviteID}.`).waitFor();

    // The player who shared it sees it claimed.
    const first = sessions.player.page;
    await first.goto(url('/account'));
    await betaSection(first)
      .getByRole('list', { name: 'Your invites' })
      .getByRole('listitem')
      .first()
      .getByText(/Claimed by a friend on /)
      .waitFor();

    // The third is refused with the reason of docs/product.md §4.2, said once, in the alert, which takes the focus
    // from the Claim button that went; opened again, the link says the same.
    await thirdClaim.click();
    const refused = third.page.getByRole('alert').filter({ hasText: BETA_MESSAGES.inviteAlreadyClaimed });
    await refused.waitFor();
    await thirdClaim.waitFor({ state: 'detached' });
    expect(await isFocused(refused)).toBe(true);
    expect(await third.page.getByText(BETA_MESSAGES.inviteAlreadyClaimed, { exact: true }).count()).toBe(1);
    await third.page.reload();
    await third.page.getByText(BETA_MESSAGES.inviteAlreadyClaimed, { exact: true }).waitFor();
    expect(await thirdClaim.count()).toBe(0);
    await third.context.close();

    // The second player sends feedback on the active objective, and staff find it.
    const programme = await callApi<BetaProgramme>(page, 'GET', '/api/beta');
    const [category] = programme.config.categories;
    const [sentiment] = programme.config.sentiments;
    if (!category || !sentiment) throw new Error('beta-config has no categories or sentiments');
    const form = page.getByRole('form', { name: 'Send feedback' });
    await form.getByLabel('Testing objective').selectOption({ label: OBJECTIVE.title });
    await form.getByText(OBJECTIVE.description).waitFor();
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await form.getByText('Choose what your feedback is about.').waitFor();
    await form.getByLabel('Category').selectOption({ label: category.label });
    await form.getByLabel('How did it go?').selectOption({ label: sentiment.label });
    const text = `Stacking the third container made it wobble (${tag}).`;
    await form.getByLabel('What happened?').fill(text);
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await form.getByRole('alert').getByText('Thank you! Your feedback was sent to the team.').waitFor();

    const stored = await callApi<{ rows: Feedback[] }>(
      sessions.staff.page,
      'GET',
      `/api/admin/development/feedback?mission=${OBJECTIVE.objectiveID}`,
    );
    expect(stored.rows).toEqual([
      expect.objectContaining({
        userID: await userIdOf(fixture.site, account.email),
        mission: OBJECTIVE.objectiveID,
        category: category.id,
        sentiment: sentiment.id,
        text,
        reviewed: false,
      }),
    ]);
  });

  it('a category staff retire while the player types leaves the form: live, or by the refusal while updates pause', async () => {
    if (!secondPlayer) throw new Error('the second player has not joined');
    const { page, context } = secondPlayer;
    const programme = await callApi<BetaProgramme>(page, 'GET', '/api/beta');
    const [category] = programme.config.categories;
    const [sentiment] = programme.config.sentiments;
    if (!category || !sentiment) throw new Error('beta-config has no categories or sentiments');
    const form = page.getByRole('form', { name: 'Send feedback' });
    // Staff retire the category the player chose while they type. The form follows beta-config live:
    // once the change arrives, the select holds the retired category no more (nor shows another one),
    // and the rest of what was typed stays.
    const config = await callApi<BetaConfig>(sessions.staff.page, 'GET', '/api/admin/development/beta-config');
    const retired = { ...config, categories: config.categories.filter((each) => each.id !== category.id) };
    const fillIn = async () => {
      await form.getByLabel('Category').selectOption({ label: category.label });
      await form.getByLabel('How did it go?').selectOption({ label: sentiment.label });
      await form.getByLabel('What happened?').fill(`The fourth one fell off (${tag}).`);
    };
    const retiredIsGone = async () => {
      await expect
        .poll(() => form.getByLabel('Category').getByRole('option', { name: category.label }).count())
        .toBe(0);
      expect(await form.getByLabel('Category').inputValue()).toBe('');
      expect(await form.getByLabel('How did it go?').inputValue()).toBe(sentiment.id);
    };
    await fillIn();
    try {
      await callApi(sessions.staff.page, 'PUT', '/api/admin/development/beta-config', retired);
      await retiredIsGone();
      await form.getByRole('button', { name: 'Send feedback' }).click();
      await form.getByText('Choose what your feedback is about.').waitFor();

      // With its updates paused (the stream cannot reconnect), the form learns of it from the
      // server's refusal, which reloads what it offers.
      await callApi(sessions.staff.page, 'PUT', '/api/admin/development/beta-config', config);
      await page.route('**/api/live?**', (route) => route.abort());
      await page.reload();
      await page.locator('[data-live-state="reconnecting"], [data-live-state="closed"]').first().waitFor({
        state: 'attached',
      });
      await fillIn();
      await callApi(sessions.staff.page, 'PUT', '/api/admin/development/beta-config', retired);
      await form.getByRole('button', { name: 'Send feedback' }).click();
      await form
        .getByRole('alert')
        .getByText(`"${category.id}" is not a feedback category.`, { exact: false })
        .waitFor();
      await retiredIsGone();
      await form.getByRole('button', { name: 'Send feedback' }).click();
      await form.getByText('Choose what your feedback is about.').waitFor();
    } finally {
      await page.unroute('**/api/live?**');
      await callApi(sessions.staff.page, 'PUT', '/api/admin/development/beta-config', config);
    }
    await context.close();
  });
});
