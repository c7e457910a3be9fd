import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import type { AccountItems, Credits } from '@outpost/contracts/economy';
import {
  type DistributeRewardResult,
  REWARD_ADMIN_ACTION,
  REWARD_MESSAGES,
  unknownUsersMessage,
} from '@outpost/contracts/rewards';
import type { SegmentDefinition, SegmentSize } from '@outpost/contracts/segments/schemas';
import { USER_SEARCH_MESSAGES } from '@outpost/contracts/user-search';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { grantKeys, useRoleSessions } from './accounts-helpers';
import { callApi, MOBILE_VIEWPORT, seriousAxeViolations, useSite } from './harness';

// 3 sign-ups from one address: under the server's default auth rate limits.
const fixture = useSite();
const ROLES = ['admin', 'staff', 'player'] as const;
const { sessions, accounts } = useRoleSessions(fixture, ROLES);

const url = (path: string) => `${fixture.site.url}${path}`;
const tag = Date.now().toString(36).slice(-5);
const REASON = `Launch party ${tag}`;
const CALLABLE = '/api/callable/development-admin-distributereward';
let playerID: string;

beforeAll(async () => {
  const userID = await findUserIdByEmail(fixture.site.server.stores.identity, accounts.player.email);
  if (!userID) throw new Error('the player has no account');
  playerID = userID;
});

const balance = async () => (await callApi<Credits>(sessions.player.page, 'GET', '/api/account/credits')).balance;
const salutes = async () =>
  (await callApi<AccountItems>(sessions.player.page, 'GET', '/api/account/items')).items.filter(
    (item) => item.itemID === 'emote-salute',
  ).length;

async function expectAlert(page: Page, text: string): Promise<void> {
  const alert = page.getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  expect(await alert.innerText()).toBe(text);
}

/** Counts the page's calls of the reward callable from now on, until `stop`. */
function countCalls(page: Page): { count: () => number; stop: () => void } {
  let count = 0;
  const seen = (request: Request) => {
    if (new URL(request.url()).pathname === CALLABLE) count += 1;
  };
  page.on('request', seen);
  return { count: () => count, stop: () => page.off('request', seen) };
}

/** Presses Send reward and confirms in the dialog, which must be the only one open. */
/** Sends the form and confirms; answers the requestID the form sent (the screen names a reward by what it gives, not by it). */
async function sendAndConfirm(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Send reward' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Send this reward in development?' });
  await dialog.waitFor();
  expect(await page.getByRole('dialog').count()).toBe(1);
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === CALLABLE);
  await dialog.getByRole('button', { name: 'Send reward' }).click();
  await dialog.waitFor({ state: 'detached' });
  return ((await sent).postDataJSON() as { data: { requestID: string } }).data.requestID;
}

describe('rewards, as an admin', () => {
  it('refuses a pasted user ID that names no player, giving nothing', async () => {
    const { page } = sessions.admin;
    const before = await balance();
    await page.goto(url('/admin/rewards'));
    await page.getByRole('heading', { level: 1, name: 'Rewards' }).waitFor();
    await page.getByLabel('User IDs (optional)').fill(`${playerID}\nno-such-player-${tag}`);
    await page.getByRole('status').filter({ hasText: '2 players will get this reward.' }).waitFor();
    await page.getByLabel('Credits per player').fill('40');
    await page.getByLabel('Reason', { exact: true }).fill(REASON);
    await sendAndConfirm(page);
    await expectAlert(page, `The reward was not sent. ${unknownUsersMessage([`no-such-player-${tag}`])}`);
    expect(await balance()).toBe(before);
  });

  it('gives a found player credits and an item once, however often Send is pressed or the call retried', async () => {
    const { page } = sessions.admin;
    const before = await balance();
    const salutesBefore = await salutes();
    await page.goto(url('/admin/rewards'));
    const search = page.getByRole('search', { name: 'Find players' });
    await search.getByLabel('Display name or email').fill(accounts.player.displayName);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('status').filter({ hasText: '1 player found.' }).waitFor();
    await page.getByRole('button', { name: `Add @${accounts.player.displayName}` }).click();
    const picked = page.getByRole('list', { name: 'Players picked' });
    expect(await picked.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining(accounts.player.email),
    ]);
    await page.getByRole('list', { name: 'Players found' }).getByText('Added').waitFor();

    await page.getByLabel('Credits per player').fill('250');
    await page.getByRole('button', { name: '+ Add item' }).click();
    await page.getByLabel('Item 1', { exact: true }).fill('emote-salute');
    await page.getByText('Salute Emote', { exact: true }).waitFor();
    await page.getByLabel('Reason', { exact: true }).fill(REASON);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A double click opens one confirmation, and one call goes out. Its answer is held back, so
    // Send pressed again while the call is out finds it on its way: no dialog, no second call.
    const calls = countCalls(page);
    let answer = () => {};
    const held = new Promise<void>((release) => {
      answer = release;
    });
    await page.route(`**${CALLABLE}`, async (route) => {
      await held;
      await route.continue();
    });
    const send = page.getByRole('button', { name: 'Send reward' });
    await send.dblclick();
    const dialog = page.getByRole('dialog', { name: 'Send this reward in development?' });
    await dialog.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await dialog.innerText()).toContain('The player gets 250 credits and 1 × Salute Emote');
    await dialog.getByRole('button', { name: 'Send reward' }).click();
    await expect.poll(calls.count).toBe(1);
    // The dialog gave the focus back to Send, which stays reachable while the call is out.
    expect(await send.evaluate((button) => button === document.activeElement)).toBe(true);
    await send.press('Enter');
    await send.click({ force: true });
    expect(await page.getByRole('dialog').count()).toBe(0);
    answer();
    await expectAlert(page, 'Reward sent to 1 player.');
    await page.unroute(`**${CALLABLE}`);
    expect(calls.count()).toBe(1);
    calls.stop();
    const result = page.getByRole('region', { name: 'Reward sent' });
    await result.getByText('1 player got 250 credits and 1 × Salute Emote now.').waitFor();
    expect(await balance()).toBe(before + 250);
    expect(await salutes()).toBe(salutesBefore + 1);
    // The reward itself is fixed once sent; its recipients are not.
    expect(await page.getByLabel('Credits per player').isDisabled()).toBe(true);

    // Send again: the same requestID reaches nobody new.
    const requestID = await sendAndConfirm(page);
    await expectAlert(page, 'Nothing was sent twice: every player listed had this reward already.');
    expect(await balance()).toBe(before + 250);

    // A retry of the call itself, three at once, with the form's requestID: still once.
    // The summary names the reward by what it gives and why, not by its request ID.
    expect(await result.innerText()).not.toContain(requestID);
    const retry = {
      requestID,
      userIDs: [playerID],
      credits: 250,
      items: [{ itemID: 'emote-salute', quantity: 1 }],
      reason: REASON,
    };
    const answers = await Promise.all(
      [1, 2, 3].map(() => callApi<{ data: DistributeRewardResult }>(page, 'POST', CALLABLE, { data: retry })),
    );
    for (const { data } of answers) expect(data).toMatchObject({ given: [], alreadyGiven: [playerID] });
    expect(await balance()).toBe(before + 250);
    expect(await salutes()).toBe(salutesBefore + 1);

    // The admin log has the one distribution, and the summary links to it.
    const log = await callApi<{ rows: AdminLogEntry[] }>(
      page,
      'GET',
      `/api/admin/development/admin-log?action=${REWARD_ADMIN_ACTION}&pageSize=500`,
    );
    expect(log.rows.filter((entry) => entry.data.requestID === requestID)).toHaveLength(1);
    await result.getByRole('link', { name: 'See your rewards in the admin log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Log' }).waitFor();
    expect(new URL(page.url()).searchParams.get('action')).toBe(REWARD_ADMIN_ACTION);
    // The entry says what was given, and why: the reason names this reward.
    await page
      .getByRole('row')
      .filter({ hasText: `to 1 player: “${REASON}”` })
      .waitFor();
  });

  it('drops the hits of a search made too short instead of passing them off as its own', async () => {
    const { page } = sessions.admin;
    await page.goto(url('/admin/rewards'));
    const search = page.getByRole('search', { name: 'Find players' });
    await search.getByLabel('Display name or email').fill(accounts.player.displayName);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('status').filter({ hasText: '1 player found.' }).waitFor();
    await page.getByRole('list', { name: 'Players found' }).waitFor();

    await search.getByLabel('Display name or email').fill(accounts.player.displayName.slice(0, 2));
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('status').filter({ hasText: USER_SEARCH_MESSAGES.queryTooShort }).waitFor();
    expect(await page.getByRole('list', { name: 'Players found' }).count()).toBe(0);
  });

  it('says a reward whose answer was lost may have been sent, keeps it as it was, and sends it again once', async () => {
    const { page } = sessions.admin;
    const before = await balance();
    await page.goto(url('/admin/rewards'));
    await page.getByLabel('User IDs (optional)').fill(playerID);
    await page.getByLabel('Credits per player').fill('30');
    await page.getByLabel('Reason', { exact: true }).fill(`${REASON} lost answer`);
    // The server gives the reward; its answer never reaches the page.
    await page.route(
      `**${CALLABLE}`,
      async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await sendAndConfirm(page);
    await expectAlert(
      page,
      'It is not known whether the reward was sent: Could not reach the server. Check your connection and try again. Press Send reward again: it keeps its request ID, so no player gets it twice.',
    );
    expect(await balance()).toBe(before + 30);
    // Until the server answers, what the reward gives cannot change, nor can a new one start.
    expect(await page.getByLabel('Credits per player').isDisabled()).toBe(true);
    expect(await page.getByLabel('Reason', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'New reward' }).count()).toBe(0);

    const calls = countCalls(page);
    await sendAndConfirm(page);
    await expectAlert(page, 'Nothing was sent twice: every player listed had this reward already.');
    expect(calls.count()).toBe(1);
    calls.stop();
    expect(await balance()).toBe(before + 30);
    await page.getByRole('button', { name: 'New reward' }).waitFor();
  });

  it('gives an audience, named in the confirmation, once however often it is sent', async () => {
    const { page } = sessions.admin;
    // The player becomes the site's one partner.
    await grantKeys(fixture.site, accounts.player.email, ['partner']);
    const before = await balance();
    await page.goto(url('/admin/rewards'));
    await page.getByRole('group', { name: 'Send to' }).getByRole('radio', { name: 'Partners' }).check();
    // The search finds chosen players, so it goes away with an audience.
    expect(await page.getByRole('search', { name: 'Find players' }).count()).toBe(0);
    await page.getByRole('status').filter({ hasText: 'Every player in Partners will get this reward' }).waitFor();
    await page.getByLabel('Credits per player').fill('60');
    await page.getByLabel('Reason', { exact: true }).fill(`${REASON} partners`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send reward' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this reward in development?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Every player in the audience Partners gets 60 credits');
    await dialog.getByRole('button', { name: 'Send reward' }).click();
    await expectAlert(page, 'Reward sent to 1 player.');
    const result = page.getByRole('region', { name: 'Reward sent' });
    await result.getByText('1 player got 60 credits now.').waitFor();
    expect(
      await result.locator('dt', { hasText: 'Audience' }).locator('xpath=following-sibling::dd[1]').innerText(),
    ).toBe('Partners');
    expect(await balance()).toBe(before + 60);

    // Sent again, the audience has nobody new.
    const requestID = await sendAndConfirm(page);
    await expectAlert(page, 'Nothing was sent twice: every player in Partners had this reward already.');
    expect(await balance()).toBe(before + 60);
    const log = await callApi<{ rows: AdminLogEntry[] }>(
      page,
      'GET',
      `/api/admin/development/admin-log?action=${REWARD_ADMIN_ACTION}&pageSize=500`,
    );
    expect(log.rows.filter((entry) => entry.data.requestID === requestID).map((entry) => entry.data)).toEqual([
      expect.objectContaining({ audience: 'partners', userIDs: [playerID], reached: 1 }),
    ]);
    await grantKeys(fixture.site, accounts.player.email, []);
  });

  it('gives a segment chosen by name, named in the confirmation and the summary, once however often it is sent', async () => {
    const { page } = sessions.admin;
    // The player alone holds this many credits: the segment below is the player.
    const RICH = 900_000;
    await callApi(page, 'POST', `/api/admin/development/users/${playerID}/credits`, {
      direction: 'grant',
      amount: RICH,
      reason: `${REASON} segment`,
    });
    const segmentID = `rich-${tag}`;
    const name = `Rich players ${tag}`;
    const definition: SegmentDefinition = {
      match: 'all',
      rules: [{ attribute: 'creditsHeld', op: 'atLeast', value: RICH }],
    };
    await callApi(page, 'POST', '/api/admin/development/segments', { segmentID, name, description: '', definition });
    // Read the players again, so the reward finds the credits just granted.
    const counted = await callApi<SegmentSize>(page, 'POST', '/api/admin/development/segments/size', {
      definition,
      recount: true,
    });
    expect(counted.size).toBe(1);
    const before = await balance();

    await page.goto(url('/admin/rewards'));
    await page.getByRole('group', { name: 'Send to' }).getByRole('radio', { name: 'A segment' }).check();
    expect(await page.getByRole('search', { name: 'Find players' }).count()).toBe(0);
    await page.getByLabel('Credits per player').fill('70');
    await page.getByLabel('Reason', { exact: true }).fill(`${REASON} segment`);
    // No segment chosen yet: the form asks for one and sends nothing.
    const calls = countCalls(page);
    await page.getByRole('button', { name: 'Send reward' }).click();
    await expectAlert(page, REWARD_MESSAGES.segmentID);
    expect(await page.getByLabel('Segment', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.count()).toBe(0);
    calls.stop();

    await page.getByLabel('Segment', { exact: true }).selectOption({ label: name });
    await page.getByRole('status').filter({ hasText: 'Every player in the segment will get this reward' }).waitFor();
    await page.getByRole('link', { name: 'See who is in it' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/rewards-segment-form.png', fullPage: true });

    await page.getByRole('button', { name: 'Send reward' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this reward in development?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`Every player in the segment “${name}” gets 70 credits`);
    await dialog.getByRole('button', { name: 'Send reward' }).click();
    await expectAlert(page, 'Reward sent to 1 player.');
    const result = page.getByRole('region', { name: 'Reward sent' });
    await result.getByText('1 player got 70 credits now.').waitFor();
    expect(
      await result.locator('dt', { hasText: 'Segment' }).locator('xpath=following-sibling::dd[1]').innerText(),
    ).toBe(name);
    expect(await balance()).toBe(before + 70);
    await page.screenshot({ path: '/tmp/rewards-segment-sent.png', fullPage: true });

    // Sent again, the segment has nobody new.
    const requestID = await sendAndConfirm(page);
    await expectAlert(page, `Nothing was sent twice: every player in the segment “${name}” had this reward already.`);
    expect(await balance()).toBe(before + 70);
    const log = await callApi<{ rows: AdminLogEntry[] }>(
      page,
      'GET',
      `/api/admin/development/admin-log?action=${REWARD_ADMIN_ACTION}&pageSize=500`,
    );
    expect(log.rows.filter((entry) => entry.data.requestID === requestID).map((entry) => entry.data)).toEqual([
      expect.objectContaining({ segmentID, segmentName: name, userIDs: [playerID], reached: 1 }),
    ]);
  });

  it('starts a new reward with a new request ID', async () => {
    const { page } = sessions.admin;
    const before = await balance();
    await page.goto(url('/admin/rewards'));
    await page.getByLabel('User IDs (optional)').fill(playerID);
    await page.getByLabel('Credits per player').fill('5');
    await page.getByLabel('Reason', { exact: true }).fill(`${REASON} encore`);
    const firstID = await sendAndConfirm(page);
    await expectAlert(page, 'Reward sent to 1 player.');
    await page.getByRole('button', { name: 'New reward' }).click();
    expect(await page.getByLabel('Credits per player').inputValue()).toBe('');
    await page.getByLabel('User IDs (optional)').fill(playerID);
    await page.getByLabel('Credits per player').fill('5');
    await page.getByLabel('Reason', { exact: true }).fill(`${REASON} encore`);
    expect(await sendAndConfirm(page)).not.toBe(firstID);
    await expectAlert(page, 'Reward sent to 1 player.');
    expect(await balance()).toBe(before + 10);

    // The summary and the form fit a phone.
    await page.setViewportSize(MOBILE_VIEWPORT);
    await page.getByRole('region', { name: 'Reward sent' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe('rewards to everyone, as an admin', () => {
  it('counts the players before sending, asks first, and shows the job reach every one of them', async () => {
    const { page } = sessions.admin;
    const before = await balance();
    const { players } = await callApi<{ players: number }>(
      page,
      'GET',
      '/api/admin/development/rewards/everyone/players',
    );
    await page.goto(url('/admin/rewards'));
    const everyone = page
      .getByRole('group', { name: 'Send to' })
      .getByRole('radio', { name: 'Everyone in development' });
    const size = `${players.toLocaleString('en-US')} ${players === 1 ? 'player' : 'players'} now`;
    await page.getByText(`Every player account, given in batches by a background job: ${size}.`).waitFor();
    // By keyboard: the radio group takes the arrow keys.
    await page.getByRole('radio', { name: 'Chosen players' }).focus();
    // Past the audiences and the segment.
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowDown');
    expect(await everyone.isChecked()).toBe(true);
    expect(await page.getByRole('search', { name: 'Find players' }).count()).toBe(0);
    await page
      .getByRole('status')
      .filter({ hasText: `Every player in development will get this reward: ${size}.` })
      .waitFor();
    await page.getByLabel('Credits per player').fill('15');
    await page.getByLabel('Reason', { exact: true }).fill(`${REASON} everyone`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send reward' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this reward in development?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`Everyone in development (${size}): each gets 15 credits`);
    await dialog.getByRole('button', { name: 'Send reward' }).click();
    await page.getByRole('alert').filter({ hasText: 'Reward queued for everyone' }).waitFor();

    // The list follows the job until it is done, every player reached.
    const list = page.getByRole('region', { name: 'Rewards to everyone' });
    const row = list.getByRole('row').filter({ hasText: `${REASON} everyone` });
    await row.getByText('Done').waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain(`${players.toLocaleString('en-US')} of ${players.toLocaleString('en-US')}`);
    expect(await balance()).toBe(before + 15);

    // Sent again, the same distribution: done, nobody given twice.
    await sendAndConfirm(page);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Nothing was sent twice: this reward to everyone is done' })
      .waitFor();
    expect(await balance()).toBe(before + 15);
    expect(
      await list
        .getByRole('row')
        .filter({ hasText: `${REASON} everyone` })
        .count(),
    ).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('scheduled rewards to everyone, as an admin', () => {
  it('schedules one for a time, lists it as scheduled, and cancels it before anybody gets it', async () => {
    const { page } = sessions.admin;
    const before = await balance();
    const reason = `${REASON} scheduled`;
    // As the calendar's "New" sends it: two hours ahead, to the minute.
    const at = new Date(Date.now() + 2 * 3_600_000);
    at.setSeconds(0, 0);
    await page.goto(url(`/admin/rewards?at=${encodeURIComponent(at.toISOString())}`));
    await page.getByRole('heading', { level: 1, name: 'Rewards' }).waitFor();
    expect(
      await page
        .getByRole('group', { name: 'Send to' })
        .getByRole('radio', { name: 'Everyone in development' })
        .isChecked(),
    ).toBe(true);
    const when = page.getByRole('group', { name: 'Send', exact: true });
    expect(await when.getByRole('radio', { name: 'At a time' }).isChecked()).toBe(true);
    // Now, then back: the time stays as it was chosen.
    await when.getByRole('radio', { name: 'Now' }).check();
    expect(await page.getByLabel('Send at').count()).toBe(0);
    await when.getByRole('radio', { name: 'At a time' }).check();
    expect(await page.getByLabel('Send at').inputValue()).not.toBe('');
    await page.getByLabel('Credits per player').fill('30');
    await page.getByLabel('Reason', { exact: true }).fill(reason);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/shots/rewardrun/rewards-schedule-form-1280.png', fullPage: true });

    const scheduled = page.waitForRequest((request) => request.url().endsWith('/rewards/everyone/schedule'));
    await page.getByRole('button', { name: 'Schedule reward' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule this reward in development?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('each player there is then gets 30 credits');
    await dialog.getByRole('button', { name: 'Schedule reward' }).click();
    expect(((await scheduled).postDataJSON() as { sendAt: string }).sendAt).toBe(at.toISOString());
    await page.getByRole('alert').filter({ hasText: 'Reward scheduled for everyone' }).waitFor();

    const list = page.getByRole('region', { name: 'Rewards to everyone' });
    const row = list.getByRole('row').filter({ hasText: reason });
    await row.getByText('Scheduled', { exact: true }).waitFor();
    expect(await row.innerText()).toContain('Counted when it goes');
    expect(await balance()).toBe(before);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots/rewardrun/rewards-scheduled-list-1280.png', fullPage: true });

    await page.setViewportSize(MOBILE_VIEWPORT);
    try {
      await row.getByRole('button', { name: `Reschedule the reward “${reason}”` }).waitFor();
      // No sideways scroll at 390 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        MOBILE_VIEWPORT.width,
      );
      await page.screenshot({ path: '/tmp/shots/rewardrun/rewards-scheduled-390.png', fullPage: true });

      // Cancelled after asking: nobody gets it, and the admin log says so.
      await row.getByRole('button', { name: `Cancel ${reason}` }).click();
      const confirm = page.getByRole('dialog', { name: `Cancel “${reason}”?` });
      await confirm.waitFor();
      await page.screenshot({ path: '/tmp/shots/rewardrun/rewards-cancel-390.png' });
      await confirm.getByRole('button', { name: 'Cancel the reward' }).click();
      await row.getByText('Cancelled', { exact: true }).waitFor();
      expect(await row.getByRole('button', { name: `Cancel ${reason}` }).count()).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    const log = await callApi<{ rows: AdminLogEntry[] }>(
      page,
      'GET',
      '/api/admin/development/admin-log?action=reward.cancel',
    );
    expect(log.rows.filter((entry) => entry.data.reason === reason)).toHaveLength(1);
    expect(await balance()).toBe(before);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('rewards, as staff', () => {
  it('says only admins distribute rewards, and the server refuses staff', async () => {
    const { page } = sessions.staff;
    await page.goto(url('/admin/rewards'));
    await page.getByRole('heading', { level: 1, name: 'Rewards' }).waitFor();
    await page.getByText('Rewards are distributed by admins only').waitFor();
    expect(await page.getByRole('button', { name: 'Send reward' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const refused = callApi(page, 'POST', CALLABLE, {
      data: { requestID: `staff-${tag}`, userIDs: [playerID], credits: 1, reason: 'nope' },
    });
    await expect(refused).rejects.toThrow(/403/);
  });
});
