import { BETA_MESSAGES, objectiveTakenMessage } from '@outpost/contracts/beta';
import { PARTNER_MESSAGES, partnerInviteTakenMessage } from '@outpost/contracts/partners';
import { REWARD_MESSAGES, unknownUsersMessage } from '@outpost/contracts/rewards';
import { THEATER_MESSAGES, theaterIdTakenMessage } from '@outpost/contracts/theater';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { useRoleSessions } from './accounts-helpers';
import { openNewForm } from './admin-pages';
import { descriptionOf, isFocused } from './field-marks';
import { callApi, seriousAxeViolations, useSite } from './harness';

/*
 * Forms point at the field, on the programme screens (theater, beta, partners, rewards;
 * docs/decisions/0061-forms-point-at-the-field.md): a refused create, by the form's own check or by the
 * server (a 400's details.fields, a taken ID's 409), marks the field at fault, ties the message to it and
 * moves the focus there; a corrected submit clears it. One site and one admin page for every form.
 */

const fixture = useSite();
const { sessions, accounts } = useRoleSessions(fixture, ['admin'] as const);

const tag = Date.now().toString(36).slice(-5);
const url = (path: string) => `${fixture.site.url}${path}`;

let adminID: string;
beforeAll(async () => {
  const userID = await findUserIdByEmail(fixture.site.server.stores.identity, accounts.admin.email);
  if (!userID) throw new Error('The admin account was not created.');
  adminID = userID;
});

async function open(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(url(path));
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  expect(await page.getByLabel('Environment').inputValue()).toBe('development');
}

/** The outcome, word for word, in a role="alert" region of `scope`. */
async function expectAlert(scope: Page | Locator, text: string): Promise<void> {
  const alert = scope.getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  expect(await alert.innerText()).toBe(text);
}

/** The field is marked at fault, reads `message` with it, has the focus, and the page has no serious axe violation. */
async function expectPointedAt(page: Page, field: Locator, message: string): Promise<void> {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  expect(await descriptionOf(field)).toContain(message);
  expect(await isFocused(field)).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

const unmarked = async (field: Locator) => expect(await field.getAttribute('aria-invalid')).toBeNull();

describe('programme forms point at the field, as an admin', () => {
  it('an episode: an ID another record holds (409) marks Episode ID', async () => {
    const { page } = sessions.admin;
    const taken = `taken-${tag}`;
    await open(page, '/story/admin', 'Theater');
    await callApi(page, 'POST', '/api/admin/development/theater/videos', {
      videoID: taken,
      title: `Holder ${tag}`,
      vimeoID: '76979871',
    });
    const form = await openNewForm(page, 'New episode');
    const id = form.getByLabel('Episode ID');
    await id.fill(taken);
    await form.getByLabel('Season').fill('70');
    await form.getByLabel('Episode', { exact: true }).fill('1');
    await form.getByLabel('Title').fill(`Pointed ${tag}`);
    await form.getByLabel('Video URL').fill('https://media.example.com/pointed.mp4');
    await form.getByRole('button', { name: 'Create episode' }).click();

    const message = theaterIdTakenMessage(taken, 'video');
    await expectAlert(form, `The episode was not created. ${message}`);
    await expectPointedAt(page, id, message);
    await unmarked(form.getByLabel('Title'));

    await id.fill(`pointed-${tag}`);
    await form.getByRole('button', { name: 'Create episode' }).click();
    await expectAlert(page, THEATER_MESSAGES.episodeCreated);
    // The form closed; the next one opens unmarked.
    await unmarked((await openNewForm(page, 'New episode')).getByLabel('Episode ID'));
  });

  it('a beta objective: its own check marks Title, and a taken ID (409) marks Objective ID', async () => {
    const { page } = sessions.admin;
    await open(page, '/admin/beta/objectives', 'Testing objectives');
    const form = await openNewForm(page, 'New testing objective');
    const id = form.getByLabel('Objective ID');
    const title = form.getByLabel('Title');
    await id.fill(`pointed-${tag}`);
    await form.getByRole('button', { name: 'Create objective' }).click();
    await expectAlert(form, BETA_MESSAGES.objectiveTitle);
    await expectPointedAt(page, title, BETA_MESSAGES.objectiveTitle);
    await unmarked(id);

    await title.fill('Point at the field');
    await form.getByRole('button', { name: 'Create objective' }).click();
    await expectAlert(page, `Objective pointed-${tag} created.`);

    const again = await openNewForm(page, 'New testing objective');
    await again.getByLabel('Objective ID').fill(`pointed-${tag}`);
    await again.getByLabel('Title').fill('Twice');
    await again.getByRole('button', { name: 'Create objective' }).click();
    const message = objectiveTakenMessage(`pointed-${tag}`);
    await expectAlert(again, `The objective was not saved. ${message}`);
    await expectPointedAt(page, again.getByLabel('Objective ID'), message);
    await unmarked(again.getByLabel('Title'));
  });

  it('a partner invite: a taken code (409) marks Code', async () => {
    const { page } = sessions.admin;
    const taken = `creator-${tag}`;
    await open(page, '/admin/partners/invites', 'Partner invites');
    await callApi(page, 'POST', '/api/admin/development/partner-invites', { inviteID: taken });
    const form = await openNewForm(page, 'New partner invite');
    const code = form.getByLabel('Code (optional)');
    await code.fill(taken);
    await form.getByRole('button', { name: 'Create invite' }).click();
    const message = partnerInviteTakenMessage(taken);
    await expectAlert(form, `Nothing was saved. ${message}`);
    await expectPointedAt(page, code, message);

    await code.fill(`pointed-${tag}`);
    await form.getByRole('button', { name: 'Create invite' }).click();
    await expectAlert(page, `Partner invite pointed-${tag} created.`);
    await unmarked((await openNewForm(page, 'New partner invite')).getByLabel('Code (optional)'));
  });

  it('a partner reward: its own check marks the tier’s field', async () => {
    const { page } = sessions.admin;
    await open(page, '/admin/partners/rewards', 'Referral rewards');
    const form = await openNewForm(page, 'New referral reward');
    await form.getByLabel('Reward ID').fill(`pointed-${tag}`);
    await form.getByLabel('Name', { exact: true }).fill('Pointed reward');
    await form.getByLabel('Tier 1 ID').fill('first');
    await form.getByRole('button', { name: 'Create reward' }).click();
    const message = `Tier 1: ${PARTNER_MESSAGES.referrals}`;
    await expectAlert(form, message);
    const referrals = form.getByLabel('Tier 1 referrals');
    await expectPointedAt(page, referrals, message);
    await unmarked(form.getByLabel('Tier 1 ID'));

    await referrals.fill('3');
    await form.getByRole('button', { name: 'Create reward' }).click();
    await expectAlert(page, `Referral reward pointed-${tag} saved.`);
    await unmarked((await openNewForm(page, 'New referral reward')).getByLabel('Tier 1 referrals'));
  });

  it('a reward distribution: its own check marks Reason, and the server names an unknown player’s field', async () => {
    const { page } = sessions.admin;
    await open(page, '/admin/rewards', 'Rewards');
    const form = page.getByRole('form', { name: 'Reward' });
    const userIDs = form.getByLabel('User IDs (optional)');
    const reason = form.getByLabel('Reason', { exact: true });
    const send = async () => {
      await form.getByRole('button', { name: 'Send reward' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send this reward in development?' });
      await dialog.getByRole('button', { name: 'Send reward' }).click();
      await dialog.waitFor({ state: 'detached' });
    };

    const ghost = `no-such-player-${tag}`;
    await userIDs.fill(ghost);
    await form.getByLabel('Credits per player').fill('5');
    await form.getByRole('button', { name: 'Send reward' }).click();
    await expectAlert(form, REWARD_MESSAGES.reasonRequired);
    await expectPointedAt(page, reason, REWARD_MESSAGES.reasonRequired);
    await unmarked(userIDs);

    await reason.fill(`Pointed ${tag}`);
    await send();
    const message = unknownUsersMessage([ghost]);
    await expectAlert(form, `The reward was not sent. ${message}`);
    await expectPointedAt(page, userIDs, message);
    await unmarked(reason);

    await userIDs.fill(adminID);
    await send();
    await expectAlert(form, 'Reward sent to 1 player.');
    await unmarked(userIDs);
  });
});
