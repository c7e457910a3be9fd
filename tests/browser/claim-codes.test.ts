import fs from 'node:fs';
import { GENERATED_CODE_PATTERN } from '@outpost/contracts/claim-codes';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findClaimCodeBatch, redeemClaimCode } from '../../apps/server/src/claim-codes/queries';
import { grantKeys, newAccount, signUpThroughUi } from './accounts-helpers';
import { MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from './harness';

// 2 sign-ups from one address: under the server's default auth rate limits.
const fixture = useSite();
let session: { context: BrowserContext; page: Page };
const tag = Date.now().toString(36).slice(-5);
const BATCH = `Launch ${tag}`;

beforeAll(async () => {
  const account = newAccount('codes');
  session = await openPage(fixture.browser, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  session.context.setDefaultTimeout(8_000);
  await signUpThroughUi(session.page, fixture.site, account);
  await grantKeys(fixture.site, account.email, ['staff']);
});

afterAll(async () => {
  await session?.context.close();
});

const url = (path: string) => `${fixture.site.url}${path}`;
const development = () => fixture.site.server.stores.game.development;

async function expectAlert(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}

describe('redemption codes, as staff', () => {
  let claimCodeID = '';

  it('checks the form, creates a batch and shows its codes', async () => {
    const { page } = session;
    await page.goto(url('/admin/codes/list'));
    await page.getByRole('heading', { level: 1, name: 'Redemption Codes' }).waitFor();
    await page.getByRole('link', { name: '+ New batch' }).click();
    await page.waitForURL(url('/admin/codes/new'));

    const create = page.getByRole('button', { name: 'Create codes' });
    await create.click();
    await expectAlert(page, 'Please enter a batch name.');
    // The field the message is about is marked and describes itself with it.
    expect(await page.getByLabel('Batch name').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Batch name').fill(BATCH);
    await page.getByLabel('Type').fill('giveaway');
    await page.getByLabel('Number of codes').fill('3');
    await page.getByLabel('Custom code name (optional)').fill('Launch Day');
    await page.getByText('The code will be: launch-day').waitFor();
    await create.click();
    await expectAlert(page, 'A code must grant credits, at least one reward, or both.');
    await page.getByLabel('Credits per redemption').fill('250');
    await page.getByLabel('Reward items').fill('hat-ranger-beanie, golden-spork');
    await create.click();
    await expectAlert(page, 'A custom code name can only be used when the batch quantity is 1.');
    await page.getByLabel('Custom code name (optional)').fill('');
    // The server knows items-master: an item it does not have is its answer.
    await create.click();
    await expectAlert(
      page,
      'The codes were not created: There is no item "golden-spork" in items-master of development',
    );
    await page.getByLabel('Reward items').fill('hat-ranger-beanie, emote-salute');

    expect(await seriousAxeViolations(page)).toEqual([]);
    await create.click();
    await page.waitForURL(/\/admin\/codes\/[a-z0-9]{16}$/);
    claimCodeID = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await expectAlert(page, 'Codes created!');
    await page.getByRole('heading', { level: 1, name: BATCH }).waitFor();
    const available = page.getByRole('list', { name: 'Available codes (3)' });
    const codes = await available.getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(GENERATED_CODE_PATTERN);
    expect((await findClaimCodeBatch(development(), claimCodeID))?.availableCodes).toEqual(codes);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows used codes, exports the codes as CSV and prints them as cut-out cards', async () => {
    const { page } = session;
    const batch = await findClaimCodeBatch(development(), claimCodeID);
    const used = batch?.availableCodes[0] as string;
    await redeemClaimCode(development(), { userId: 'browser-player', code: used });
    await page.reload();
    await page.getByRole('list', { name: 'Used-up codes (1)' }).getByText(used).waitFor();
    expect(await page.getByRole('list', { name: 'Available codes (2)' }).getByRole('listitem').count()).toBe(2);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^codes-development-launch-${tag}-${claimCodeID}\\.csv$`));
    const csv = fs.readFileSync((await download.path()) as string, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Code,Status,Batch,Claim code ID,Type,Uses per code,Credits,Rewards');
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)).toBe(`${used},used up,${BATCH},${claimCodeID},giveaway,1,250,hat-ranger-beanie emote-salute`);

    // On screen the sheet is hidden; printed, it is all there is: a card per available code.
    const sheetVisible = () =>
      page.evaluate(() => {
        const root = document.getElementById('root');
        const sheet = document.body.lastElementChild;
        return {
          root: root ? getComputedStyle(root).display : null,
          sheet: sheet && sheet !== root ? getComputedStyle(sheet).display : null,
          cards: sheet ? [...sheet.querySelectorAll('li')].map((card) => card.innerText.replace(/\s+/g, ' ')) : [],
        };
      });
    expect((await sheetVisible()).sheet).toBe('none');
    await page.emulateMedia({ media: 'print' });
    const printed = await sheetVisible();
    expect(printed.root).toBe('none');
    expect(printed.sheet).toBe('block');
    expect(printed.cards).toHaveLength(2);
    expect(printed.cards[0]).toContain('250 credits + Ranger Beanie, Salute Emote');
    expect(printed.cards.join(' ')).not.toContain(used);
    await page.emulateMedia({ media: 'screen' });

    await page.setViewportSize(MOBILE_VIEWPORT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('lets a player redeem a code in the shop, once', async () => {
    const player = await openPage(fixture.browser, { viewport: MOBILE_VIEWPORT });
    player.context.setDefaultTimeout(8_000);
    try {
      const { page } = player;
      await signUpThroughUi(page, fixture.site, newAccount('player'));
      const code = (await findClaimCodeBatch(development(), claimCodeID))?.availableCodes[0] as string;
      await page.goto(url('/shop/'));
      const field = page.getByLabel('Code', { exact: true });
      // Typed as a player might: upper case, a space before it; sent with Enter.
      await field.fill(` ${code.toUpperCase()}`);
      await field.press('Enter');
      await expectAlert(page, 'Code redeemed! You got 250 credits and the items Ranger Beanie, Salute Emote.');
      expect(await field.inputValue()).toBe('');
      await field.fill(code);
      await page.getByRole('button', { name: 'Redeem' }).click();
      await expectAlert(page, 'You have already redeemed this code.');
      await field.fill('nope-00');
      await field.press('Enter');
      await expectAlert(page, 'That code does not exist. Check it and try again.');
    } finally {
      await player.context.close();
    }
  });

  it('lists the batch, and deletes it after asking', async () => {
    const { page } = session;
    await page.goto(url('/admin/codes/list'));
    await page.getByRole('link', { name: BATCH }).click();
    await page.waitForURL(url(`/admin/codes/${claimCodeID}`));

    const remove = page.getByRole('button', { name: 'Delete batch' });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this batch?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('listitem').allInnerTexts()).toEqual(['1 unused code stops working.']);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await findClaimCodeBatch(development(), claimCodeID)).toBeDefined();

    await remove.click();
    await dialog.getByRole('button', { name: 'Delete batch' }).click();
    await page.waitForURL(url('/admin/codes/list'));
    await page
      .getByRole('status')
      .filter({ hasText: `The batch “${BATCH}” was deleted.` })
      .waitFor();
    expect(await findClaimCodeBatch(development(), claimCodeID)).toBeUndefined();
    // The list loads afresh (its cached pages were dropped), without the deleted batch.
    await page
      .getByRole('status')
      .filter({ hasText: /\d+ results?$/ })
      .waitFor();
    expect(await page.getByRole('link', { name: BATCH }).count()).toBe(0);

    // Its address now says there is no such batch (docs/product.md §8.5: the server answered null).
    await page.goto(url(`/admin/codes/${claimCodeID}`));
    await expectAlert(page, `There is no code batch “${claimCodeID}” in development.`);
  });
});
