import { adminUserPath } from '@outpost/contracts/admin-routes';
import { type AccountReferral, PARTNER_MESSAGES, REFERRAL_NEW_PLAYER_DAYS } from '@outpost/contracts/partners';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { setAccountCreated } from '../../apps/server/src/partners/testing';
import { newAccount, useRoleSessions } from './accounts-helpers';
import { consoleScreen, openNewForm } from './admin-pages';
import { callApi, openPage, seriousAxeViolations, useSite } from './harness';

// Budget per client address (server defaults): 4 sign-ups here, no sign-in.
const fixture = useSite();
const { sessions, accounts } = useRoleSessions(fixture, ['admin', 'partner', 'player'] as const);

const tag = Date.now().toString(36).slice(-5);
const url = (path: string) => `${fixture.site.url}${path}`;
const store = () => fixture.site.server.stores.game.development;
const partnerSection = (page: Page) => page.getByRole('region', { name: 'Partner programme' });
const balanceOf = async (page: Page) =>
  (await callApi<{ balance: number }>(page, 'GET', '/api/account/credits')).balance;
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** The display name of the player who joins through the partner's link, for the admin partner list. */
let recruitName = '';
let recruitEmail = '';

describe("a partner's referral link brings a new player", () => {
  it('the partner copies their link, a new player signs up through it and joins, the partner claims a tier', async () => {
    const partner = sessions.partner;
    await partner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fixture.site.url });
    await partner.page.goto(url('/account'));
    const section = partnerSection(partner.page);
    const linkField = section.getByRole('textbox', { name: 'Your referral link' });
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${url('/join/')}[a-z0-9]{16}$`));
    await section.getByRole('button', { name: 'Copy your referral link' }).click();
    await section.getByText('Link copied.').waitFor();
    expect(await partner.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await section.getByText('0 players have joined through your link.').waitFor();
    expect(await section.getByRole('list', { name: 'Reward tiers' }).getByText('Locked').count()).toBe(3);
    expect(await seriousAxeViolations(partner.page)).toEqual([]);

    // A visitor opens the link, signs up from it and comes back to join.
    const visitor = await openPage(fixture.browser, { viewport: { width: 390, height: 844 } });
    visitor.context.setDefaultTimeout(8_000);
    const newcomer = newAccount('recruit');
    recruitName = newcomer.displayName;
    recruitEmail = newcomer.email;
    await visitor.page.goto(link);
    await visitor.page.getByText(`@${accounts.partner.displayName} invites you to Outpost.`).waitFor();
    await visitor.page.getByText('Join the resistance').waitFor();
    expect(await seriousAxeViolations(visitor.page)).toEqual([]);
    await visitor.page.getByRole('link', { name: 'Create an account' }).click();
    const panel = visitor.page.getByRole('tabpanel');
    await panel.getByLabel('Display name').fill(newcomer.displayName);
    await panel.getByLabel('Email').fill(newcomer.email);
    await panel.getByLabel('Password').fill(newcomer.password);
    await panel.getByRole('button', { name: 'Create account' }).click();
    await visitor.page.waitForURL(link);
    await visitor.page.getByRole('button', { name: 'Join' }).click();
    const joined = visitor.page
      .getByRole('alert')
      .filter({ hasText: `You joined through @${accounts.partner.displayName}'s link. Welcome to Outpost!` });
    await joined.waitFor();
    expect(await visitor.page.getByRole('button', { name: 'Join' }).count()).toBe(0);
    // The Join button is gone: the focus is on the outcome, not back at the page's start.
    expect(await isFocused(joined)).toBe(true);
    expect(await seriousAxeViolations(visitor.page)).toEqual([]);
    // Back on the link later, the player is told they already joined.
    await visitor.page.reload();
    await visitor.page.getByText('You have already joined through this referral link.').waitFor();
    await visitor.context.close();

    // The partner sees the referral, claims the first tier, and their credits rise by its 100.
    const before = await balanceOf(partner.page);
    await partner.page.reload();
    await section.getByText('1 player has joined through your link.').waitFor();
    await section.getByText(newcomer.displayName).waitFor();
    const tiers = section.getByRole('list', { name: 'Reward tiers' });
    await tiers.getByRole('button', { name: 'Claim 100 credits for 1 referral' }).click();
    const claimed = tiers.getByRole('alert').filter({ hasText: 'Claimed: 100 credits added.' });
    await claimed.waitFor();
    await tiers.getByText(/^Claimed on /).waitFor();
    expect(await tiers.getByRole('button', { name: /^Claim/ }).count()).toBe(0);
    expect(await isFocused(claimed)).toBe(true);
    expect(await balanceOf(partner.page)).toBe(before + 100);
    await partner.page
      .getByRole('region', { name: 'Credits' })
      .getByText(`Balance: ${before + 100} credits`)
      .waitFor();
    const mine = await callApi<AccountReferral>(partner.page, 'GET', '/api/account/referral-link');
    expect(mine).toMatchObject({ partner: true, link: { referralCount: 1, rewardTierClaims: ['first-recruit'] } });
  });
});

describe('an older account on a referral link', () => {
  it('is told the link is for new players, with no Join button, and keeps a way to its account', async () => {
    const identity = fixture.site.server.stores.identity;
    const userId = await findUserIdByEmail(identity, accounts.player.email);
    if (!userId) throw new Error('the player has no account');
    const day = 24 * 60 * 60 * 1000;
    await setAccountCreated(identity, userId, new Date(Date.now() - (REFERRAL_NEW_PLAYER_DAYS + 1) * day));
    const mine = await callApi<AccountReferral>(sessions.partner.page, 'GET', '/api/account/referral-link');
    if (!mine.partner) throw new Error('the partner has no link');

    const { page } = sessions.player;
    await page.goto(url(`/join/${mine.link.referralID}`));
    await page.getByText(`@${accounts.partner.displayName} invites you to Outpost.`).waitFor();
    await page.getByText(PARTNER_MESSAGES.notANewPlayer).waitFor();
    expect(await page.getByRole('button', { name: 'Join' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await page.waitForURL(url('/account'));
  });
});

describe('admins run partner invites', () => {
  const codes = ['a', 'b', 'c'].map((letter) => `creator-${letter}-${tag}`);
  const inviteRow = (inviteID: string) =>
    store().selectFrom('partner_invites').selectAll().where('invite_id', '=', inviteID).executeTakeFirst();

  it('creates invites, marks two delivered in bulk, deletes the undelivered in bulk and renames one', async () => {
    const { page } = sessions.admin;
    await page.goto(url('/admin/partners/invites'));
    for (const code of codes) {
      const form = await openNewForm(page, 'New partner invite');
      await form.getByLabel('Code (optional)').fill(code);
      await form.getByRole('button', { name: 'Create invite' }).click();
      await page.getByRole('alert').getByText(`Partner invite ${code} created.`).waitFor();
    }
    await page.getByRole('cell', { name: codes[2], exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    for (const code of codes.slice(0, 2)) await page.getByLabel(`Select partner invite ${code}`).check();
    await page.getByText('2 selected.').waitFor();
    await page.getByRole('button', { name: 'Mark delivered' }).click();
    await page.getByRole('alert').getByText('Marked 2 partner invites delivered.').waitFor();
    expect((await inviteRow(codes[0] as string))?.delivered).toBe(1);
    expect((await inviteRow(codes[2] as string))?.delivered).toBe(0);

    for (const code of codes) await page.getByLabel(`Select partner invite ${code}`).check();
    await page.getByRole('button', { name: 'Delete undelivered' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete undelivered partner invites?' });
    await dialog.getByRole('button', { name: 'Delete undelivered' }).click();
    await page
      .getByRole('alert')
      .getByText(`Deleted 1 partner invite. Kept ${codes[0]}, ${codes[1]}: already delivered or claimed.`)
      .waitFor();
    expect(await inviteRow(codes[2] as string)).toBeUndefined();
    expect(await inviteRow(codes[0] as string)).toBeDefined();

    const renamed = `creator-z-${tag}`;
    await page.getByRole('button', { name: `Edit partner invite ${codes[1]}` }).click();
    const edit = page.getByRole('form', { name: `Edit partner invite ${codes[1]}` });
    await edit.getByLabel('Code', { exact: true }).fill(renamed);
    await edit.getByRole('button', { name: 'Save invite' }).click();
    await page.getByRole('alert').getByText(`Partner invite ${codes[1]} is now ${renamed}.`).waitFor();
    expect(await inviteRow(codes[1] as string)).toBeUndefined();
    expect(await inviteRow(renamed)).toMatchObject({ delivered: 1, claimed: 0 });
    await page.getByRole('cell', { name: renamed, exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('lists the partner with their referral, and shows the rewards and settings screens', async () => {
    const { page } = sessions.admin;
    await page.goto(url('/admin/partners/list'));
    const row = page.getByRole('row').filter({ hasText: accounts.partner.displayName });
    await row.getByRole('cell', { name: 'first-recruit' }).waitFor();
    // claimedBy (docs/product.md §3.6): the player who joined through the partner's link. Named as the back
    // office names people: "@name", linking to their page.
    const recruit = row.getByRole('cell').getByRole('link', { name: `@${recruitName}`, exact: true });
    await recruit.waitFor();
    const recruitID = await findUserIdByEmail(fixture.site.server.stores.identity, recruitEmail);
    expect(await recruit.getAttribute('href')).toBe(adminUserPath(recruitID ?? ''));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await consoleScreen(page).getByRole('link', { name: 'Referral rewards' }).click();
    await page.getByRole('cell', { name: 'standard-partner-reward', exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await consoleScreen(page).getByRole('link', { name: 'Settings' }).click();
    const settings = page.getByRole('form', { name: 'Partner settings' });
    await settings.getByLabel('Join message').fill(`Come build with us ${tag}`);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByRole('alert').getByText('Partner settings saved.').waitFor();
    const link = await callApi<AccountReferral>(sessions.partner.page, 'GET', '/api/account/referral-link');
    if (!link.partner) throw new Error('the partner lost their link');
    await sessions.partner.page.goto(url(`/join/${link.link.referralID}`));
    await sessions.partner.page.getByText(`Come build with us ${tag}`).waitFor();
    await sessions.partner.page
      .getByText('This is your own referral link: share it with new players instead.')
      .waitFor();
    expect(await seriousAxeViolations(sessions.partner.page)).toEqual([]);
  });
});

describe('a player becomes a partner on /account', () => {
  it('refuses an unknown code, claims an admin’s invite, says the welcome reward and shows the link', async () => {
    const code = `welcome-${tag}`;
    await callApi(sessions.admin.page, 'POST', '/api/admin/development/partner-invites', {
      inviteID: code,
      joinRewardID: 'standard-partner-reward',
      rewardTierID: 'first-recruit',
    });
    const { page } = sessions.player;
    const before = await balanceOf(page);
    await page.goto(url('/account'));
    const section = partnerSection(page);
    const form = section.getByRole('form', { name: 'Become a partner' });
    await form.getByLabel('Partner invite code').fill(`nobody-${tag}`);
    await form.getByRole('button', { name: 'Become a partner' }).click();
    await form.getByRole('alert').getByText(PARTNER_MESSAGES.partnerInviteMissing).waitFor();
    expect(await section.getByRole('textbox', { name: 'Your referral link' }).count()).toBe(0);

    await form.getByLabel('Partner invite code').fill(code.toUpperCase());
    await form.getByRole('button', { name: 'Become a partner' }).click();
    const outcome = section.getByRole('alert').filter({
      hasText:
        'You are a partner now: share your referral link below. Your welcome reward, 100 credits, is in your account.',
    });
    await outcome.waitFor();
    // The form is gone and the link is there; the focus is on the outcome, just above the link.
    const link = section.getByRole('textbox', { name: 'Your referral link' });
    expect(await link.inputValue()).toMatch(new RegExp(`^${url('/join/')}[a-z0-9]{16}$`));
    expect(await form.count()).toBe(0);
    expect(await isFocused(outcome)).toBe(true);
    expect(await balanceOf(page)).toBe(before + 100);
    await page
      .getByRole('region', { name: 'Credits' })
      .getByText(`Balance: ${before + 100} credits`)
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const stored = await store()
      .selectFrom('partner_invites')
      .select(['claimed'])
      .where('invite_id', '=', code)
      .executeTakeFirst();
    expect(stored?.claimed).toBe(1);
  });
});
