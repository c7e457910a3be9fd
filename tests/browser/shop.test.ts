import { createClaimCodeBatchInputSchema } from '@outpost/contracts/claim-codes';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { createClaimCodeBatch } from '../../apps/server/src/claim-codes/queries';
import { type Account, grantKeys, newAccount, signUpThroughUi } from './accounts-helpers';
import { MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from './harness';

const fixture = useSite();
let player: { context: BrowserContext; page: Page };
let staff: { context: BrowserContext; page: Page };
let playerAccount: Account;

beforeAll(async () => {
  playerAccount = newAccount('shopper');
  player = await openPage(fixture.browser, { viewport: MOBILE_VIEWPORT });
  await signUpThroughUi(player.page, fixture.site, playerAccount);
  const staffAccount = newAccount('shopstaff');
  staff = await openPage(fixture.browser, { viewport: { width: 1280, height: 800 } });
  await signUpThroughUi(staff.page, fixture.site, staffAccount);
  await grantKeys(fixture.site, staffAccount.email, ['staff']);
});

afterAll(async () => {
  await player?.context.close();
  await staff?.context.close();
});

async function openShop(page: Page): Promise<void> {
  await page.goto(`${fixture.site.url}/shop/`);
  await page.getByRole('heading', { level: 1, name: 'The Outpost Shop' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Mystery-ball machines' }).waitFor();
}

const machineCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
const balance = (page: Page) => page.getByRole('region', { name: 'Your credits' }).locator('p').first();

/** A button that cannot act, as a person meets it: disabled, looking it, and why, beside it. */
async function blockedButton(button: ReturnType<Page['getByRole']>) {
  return button.evaluate((element) => {
    const reason = document.getElementById(element.getAttribute('aria-describedby') ?? '');
    const style = getComputedStyle(element);
    return {
      disabled: (element as HTMLButtonElement).disabled,
      reason: reason?.textContent ?? null,
      // Beside it: the reason follows the button in the same card.
      beside: reason !== null && element.closest('li')?.contains(reason) === true,
      cursor: style.cursor,
      background: style.backgroundColor,
    };
  });
}
/** An enabled button's colour (global.css .button): a disabled one must not wear it. */
const READY_BACKGROUND = 'rgb(163, 66, 14)';

describe('the shop', () => {
  it('takes a new player from a redeemed code to a spin: balance up, prize and odds shown, balance down', async () => {
    const { page } = player;
    const code = `welcome-${Date.now().toString(36)}`;
    await createClaimCodeBatch(
      fixture.site.server.stores.game.development,
      z.parse(createClaimCodeBatchInputSchema, {
        batchName: 'Browser welcome',
        type: 'promo',
        uses: 1,
        batchQuantity: 1,
        rewards: [],
        credits: 500,
        customCodeName: code,
      }),
      { environment: 'development', admin: 'browser-test' },
    );

    await openShop(page);
    await expect.poll(() => balance(page).innerText()).toBe('0 credits');
    // Not enough credits yet: the spin button looks and reads disabled, and says why.
    const broke = await blockedButton(
      machineCard(page, 'Scrapyard Capsules').getByRole('button', { name: 'Spin for 100 credits' }),
    );
    expect(broke).toMatchObject({
      disabled: true,
      reason: 'You do not have enough credits for this spin.',
      beside: true,
      cursor: 'not-allowed',
    });
    expect(broke.background).not.toBe(READY_BACKGROUND);
    // Published odds of the seeded Scrapyard machine (weights 60, 30, 10).
    const scrapyard = machineCard(page, 'Scrapyard Capsules');
    const odds = scrapyard.getByRole('table', { name: 'Published odds' });
    expect(await odds.locator('tbody tr').allInnerTexts()).toEqual([
      expect.stringMatching(/^Ranger Beanie\s+60%\s+500$/),
      expect.stringMatching(/^Salute Emote\s+30%\s+500$/),
      expect.stringMatching(/^Rust Drone Skin\s+10%\s+50$/),
    ]);
    // The drop machine counts down to its drop; spinning it waits for then.
    const aurora = machineCard(page, 'Aurora Drop');
    await aurora.getByText(/opens in \d+d \d\d:\d\d:\d\d/).waitFor();
    expect(await blockedButton(aurora.getByRole('button', { name: 'Spin for 300 credits' }))).toMatchObject({
      disabled: true,
      reason: 'This machine only spins while one of its drops is open.',
      beside: true,
    });
    // Without PayPal set up each pack says so beside its button; what is paid in credits still works.
    const pack = page.getByRole('region', { name: 'Credit packs' }).getByRole('listitem').first();
    const paypal = await blockedButton(pack.getByRole('button', { name: 'Buy with PayPal' }));
    expect(paypal).toMatchObject({
      disabled: true,
      reason: 'PayPal payments are not set up here yet; everything paid in credits still works.',
      beside: true,
      cursor: 'not-allowed',
    });
    expect(paypal.background).not.toBe(READY_BACKGROUND);
    // The credits note names no currency code of the game's.
    await page.getByText('Credits are non-refundable and non-transferable.').waitFor();
    expect(await page.locator('main').innerText()).not.toContain('g00wiy');
    expect(await page.getByRole('heading', { name: "Founder's Chest" }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Prototype Machine' }).count()).toBe(0);

    const redeem = page.getByRole('region', { name: 'Redeem a code' });
    await redeem.getByLabel('Code').fill(code.toUpperCase());
    await redeem.getByRole('button', { name: 'Redeem' }).click();
    await redeem
      .getByRole('alert')
      .getByText(/500 credits/)
      .waitFor();
    await expect.poll(() => balance(page).innerText()).toBe('500 credits');

    await scrapyard.getByRole('button', { name: 'Spin for 100 credits' }).click();
    const won = scrapyard.getByRole('status');
    await won.getByText(/^You won (Ranger Beanie|Salute Emote|Rust Drone Skin)!/).waitFor();
    expect(await won.innerText()).toContain('Balance: 400 credits.');
    await expect.poll(() => balance(page).innerText()).toBe('400 credits');
    // The inventory names the prize's item as items-master does.
    const prize = /^You won (.+)! It is in/.exec(await won.innerText())?.[1] ?? '';
    const item = {
      'Ranger Beanie': 'Ranger Beanie',
      'Salute Emote': 'Salute Emote',
      'Rust Drone Skin': 'Rust Drone Skin',
    }[prize];
    const items = page.getByRole('list', { name: 'Your items' });
    await expect.poll(() => items.getByRole('listitem').allInnerTexts()).toEqual([item]);

    // Spending more than the balance is refused in words, and nothing changes.
    await redeem.getByLabel('Code').fill(code);
    await redeem.getByRole('button', { name: 'Redeem' }).click();
    await redeem
      .getByRole('alert')
      .getByText(/already redeemed|used up/)
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 60_000);

  it('shows staff the packs and machines players do not see, marked unavailable', async () => {
    const { page } = staff;
    await openShop(page);
    const founders = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: "Founder's Chest" }) });
    await founders.getByText('Unavailable: players do not see this pack').waitFor();
    const prototype = machineCard(page, 'Prototype Machine');
    await prototype.getByText('Unavailable: players do not see this machine').waitFor();
    expect(await prototype.getByRole('button', { name: 'Spin for 50 credits' }).isDisabled()).toBe(true);
  });

  it('shows signed-out visitors the shop and asks them to sign in to buy', async () => {
    const visitor = await openPage(fixture.browser, { viewport: MOBILE_VIEWPORT });
    try {
      await openShop(visitor.page);
      await visitor.page.getByRole('link', { name: 'Sign in' }).first().waitFor();
      expect(
        await blockedButton(
          machineCard(visitor.page, 'Scrapyard Capsules').getByRole('button', { name: 'Spin for 100 credits' }),
        ),
      ).toMatchObject({ disabled: true, reason: 'Sign in to spin.', beside: true });
      // PayPal's script never loads on a page of the shop before checkout.
      const scripts = await visitor.page.evaluate(() => [...document.scripts].map((script) => script.src));
      expect(scripts.some((src) => src.includes('paypal'))).toBe(false);
    } finally {
      await visitor.context.close();
    }
  });
});
