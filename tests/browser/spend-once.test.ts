import { createClaimCodeBatchInputSchema } from '@outpost/contracts/claim-codes';
import { IDEMPOTENCY_KEY_HEADER } from '@outpost/contracts/idempotency';
import type { MerchOrder } from '@outpost/contracts/merch';
import { sql } from 'kysely';
import type { ElementHandle, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { createClaimCodeBatch } from '../../apps/server/src/claim-codes/queries';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { credit } from '../../apps/server/src/ledger/ledger';
import { validOrderProfile } from '../../apps/server/src/merch/testing';
import { NETWORK_ERROR_MESSAGE } from '../../apps/web/src/lib/callable';
import { type Account, newAccount, signUpThroughUi } from './accounts-helpers';
import { callApi, openPage, useSite } from './harness';

/*
 * Every button that spends or claims, clicked twice as an impatient player does: one charge or
 * claim, one result on the screen. The button stops taking clicks from the first one on, before its
 * request leaves, and the request carries a request key. (PayPal's own buttons are PayPal's: the
 * settlement they trigger carries a key per approval, held by the server's tests.)
 */

const fixture = useSite();
let page: Page;
let account: Account;
let userId: string;
let closeAll: () => Promise<void>;

const url = (path: string) => `${fixture.site.url}${path}`;
const region = (name: string) => page.getByRole('region', { name, exact: true });
const cardIn = (scope: Locator, name: string) =>
  scope.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
const game = () => fixture.site.server.stores.game.development;

/** Rows of a game-store table whose `column` names the player. */
async function rowsOf(table: string, column = 'user_id', who = userId): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${who}`.execute(game());
  return Number(rows[0]?.n);
}

/** What a request to the spend's path carried, and whether its button still took clicks when it left. */
interface Sent {
  key: string | undefined;
  clickable: boolean;
}

/**
 * Clicks `button` twice, `gapMs` apart (0: a double click), where it stands, and records the
 * requests to `path` that went out. The label changes on the first click, so the button is held by
 * its element, not its name.
 */
async function clickTwice(button: Locator, path: RegExp, gapMs = 0): Promise<Sent[]> {
  const element = (await button.elementHandle()) as ElementHandle<HTMLButtonElement>;
  const sent: Sent[] = [];
  await page.route(path, async (route) => {
    sent.push({
      key: route.request().headers()[IDEMPOTENCY_KEY_HEADER],
      clickable: await element.evaluate((node) => !node.disabled && node.getAttribute('aria-disabled') !== 'true'),
    });
    await route.continue();
  });
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  if (!box) throw new Error('The button is not on the screen.');
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  if (gapMs === 0) await page.mouse.dblclick(x, y);
  else {
    await page.mouse.click(x, y);
    await page.waitForTimeout(gapMs);
    await page.mouse.click(x, y);
  }
  return sent;
}

/** Exactly one request went out, with a key, after the button had stopped taking clicks. */
async function expectOneKeyedRequest(sent: Sent[]) {
  await page.unrouteAll({ behavior: 'wait' });
  expect(sent).toHaveLength(1);
  expect(sent[0]?.key).toMatch(/^[0-9a-f]{32}$/);
  expect(sent[0]?.clickable).toBe(false);
}

/** The one notice of `scope` that says `text`; fails when the outcome is shown twice. */
async function shownOnce(scope: Locator, text: string | RegExp) {
  await scope.getByText(text).first().waitFor();
  expect(await scope.getByText(text).count()).toBe(1);
}

async function openAccountSection(name: string): Promise<Locator> {
  await page.goto(url('/account'));
  const section = region(name);
  await section.waitFor();
  return section;
}

beforeAll(async () => {
  const player = await openPage(fixture.browser, { viewport: { width: 1280, height: 900 } });
  player.context.setDefaultTimeout(10_000);
  page = player.page;
  closeAll = () => player.context.close();
  account = newAccount('twice');
  await signUpThroughUi(page, fixture.site, account);
  userId = (await findUserIdByEmail(fixture.site.server.stores.identity, account.email)) as string;
  await credit(game(), { userId, amount: 20_000, reason: 'adjustment', reference: `browser-twice:${userId}` });
});
afterAll(async () => {
  await closeAll?.();
});

describe('a spending button clicked twice', () => {
  it('Spin, clicked twice 250 ms apart, spins once; its token was ready before the first click', async () => {
    // The attestation token is fetched as the shop opens, not on the player's first click (signing
    // up left one in the page's storage: a visit without one is what is tried here).
    await page.evaluate(() => window.localStorage.clear());
    const exchanged = page.waitForResponse((response) => response.url().endsWith('/api/attestation/exchange'));
    await page.goto(url('/shop/'));
    expect((await exchanged).status()).toBe(200);
    const machine = cardIn(region('Mystery-ball machines'), 'Scrapyard Capsules');
    await region('Your credits').getByText('20,000 credits').waitFor();
    const exchangesBefore: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/attestation/exchange')) exchangesBefore.push(request.url());
    });
    const sent = await clickTwice(
      machine.getByRole('button', { name: 'Spin for 100 credits' }),
      /\/api\/fn\/spin-machine/,
      250,
    );
    await shownOnce(machine, /^You won .+! It is in your inventory\. Balance: 19,900 credits\.$/);
    await expectOneKeyedRequest(sent);
    expect(exchangesBefore).toEqual([]);
    expect(await rowsOf('spins')).toBe(1);
    await region('Your credits').getByText('19,900 credits').waitFor();
  });

  it('a retry after the answer was lost carries the same key, and is answered with the first spin', async () => {
    const machine = cardIn(region('Mystery-ball machines'), 'Scrapyard Capsules');
    const spin = machine.getByRole('button', { name: 'Spin for 100 credits' });
    const keys: (string | undefined)[] = [];
    // The first try reaches the server and spins; its answer is lost on the way back.
    await page.route(/\/api\/fn\/spin-machine/, async (route) => {
      keys.push(route.request().headers()[IDEMPOTENCY_KEY_HEADER]);
      if (keys.length === 1) {
        await route.fetch();
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await spin.click();
    await machine.getByRole('status').getByText(NETWORK_ERROR_MESSAGE).waitFor();
    await spin.click();
    await machine
      .getByRole('status')
      .getByText(/^You won .+! It is in your inventory\. Balance: 19,800 credits\.$/)
      .waitFor();
    await page.unrouteAll({ behavior: 'wait' });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await rowsOf('spins')).toBe(2);
    // A new click after that answer is a new spin, with a new key.
    const sent = await clickTwice(spin, /\/api\/fn\/spin-machine/);
    await machine
      .getByRole('status')
      .getByText(/Balance: 19,700 credits\.$/)
      .waitFor();
    await expectOneKeyedRequest(sent);
    expect(sent[0]?.key).not.toBe(keys[0]);
    expect(await rowsOf('spins')).toBe(3);
  });

  it('Redeem redeems once', async () => {
    const code = `twice-${Date.now().toString(36)}`;
    await createClaimCodeBatch(
      game(),
      z.parse(createClaimCodeBatchInputSchema, {
        batchName: 'Twice',
        type: 'promo',
        uses: 5,
        batchQuantity: 1,
        rewards: [],
        credits: 250,
        customCodeName: code,
      }),
      { environment: 'development', admin: 'browser-test' },
    );
    const form = region('Redeem a code');
    await form.getByLabel('Code').fill(code);
    const sent = await clickTwice(form.getByRole('button', { name: 'Redeem' }), /\/api\/account\/redeem-code/);
    await shownOnce(form, 'Code redeemed! You got 250 credits. Your balance is now 19,950 credits.');
    await expectOneKeyedRequest(sent);
    expect(await rowsOf('claim_code_redemptions')).toBe(1);
  });

  it('the checkout’s Pay places and pays one order', async () => {
    await callApi(page, 'POST', '/api/fn/set-order-profile', validOrderProfile({ email: account.email }));
    await page.goto(url('/shop/'));
    const hoodie = cardIn(region('Merch'), 'Outpost Hoodie');
    await hoodie.getByRole('radio', { name: /^Medium/ }).check();
    await hoodie.getByRole('button', { name: 'Add to bag' }).click();
    await region('Your bag').getByRole('button', { name: 'Check out' }).click();
    const checkout = region('Checkout');
    await checkout.getByText('You have 19,950 credits.').waitFor();
    const sent = await clickTwice(
      checkout.getByRole('button', { name: 'Pay 5,999 credits' }),
      /\/api\/shop\/merch\/orders/,
    );
    await shownOnce(region('Your order'), /^Thank you! Your order is paid\. Your balance is now 13,951 credits\./);
    await expectOneKeyedRequest(sent);
    expect(await rowsOf('merch_orders')).toBe(1);
  });

  it('an order’s Pay on the account page pays it once', async () => {
    const hoodie = await game()
      .selectFrom('product_varieties')
      .select(['product_id', 'variety_id'])
      .where('quantity', '>', 5)
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    const placed = await callApi<MerchOrder>(page, 'POST', '/api/shop/merch/orders', {
      lines: [{ productID: hoodie.product_id, varietyID: hoodie.variety_id, quantity: 1 }],
      payment: 'credits',
    });
    const orders = await openAccountSection('Your orders');
    const order = orders
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Order #${placed.orderNumber}`, exact: true }) });
    const pay = order.getByRole('button', { name: /^Pay \d/ });
    const sent = await clickTwice(pay, /\/api\/fn\/process-direct-transaction/);
    await shownOnce(order, /^Paid\. Your balance is now [\d,]+ credits\.$/);
    await expectOneKeyedRequest(sent);
    const payments = await game()
      .selectFrom('credit_ledger')
      .select('id')
      .where('user_id', '=', userId)
      .where('reference', 'like', `%${placed.orderID}%`)
      .execute();
    expect(payments).toHaveLength(1);
  });

  it('an avatar’s Claim claims it once', async () => {
    const section = await openAccountSection('Avatars');
    const sent = await clickTwice(section.getByRole('button', { name: 'Claim Neon Medic' }), /\/api\/fn\/claim-avatar/);
    await shownOnce(section, /^Neon Medic: /);
    await expectOneKeyedRequest(sent);
    expect(await rowsOf('avatar_claims')).toBe(1);
  });

  it('Claim invite claims the beta invite once', async () => {
    await page.goto(url('/invite/outpost-beta'));
    const sent = await clickTwice(
      page.getByRole('button', { name: 'Claim invite' }),
      /\/api\/account\/invites\/.+\/claim/,
    );
    await shownOnce(page.getByRole('main'), 'You claimed the invite. Welcome to the beta!');
    await expectOneKeyedRequest(sent);
    expect(await rowsOf('invite_claims')).toBe(1);
  });

  it('Become a partner claims the partner invite once, Join joins once, and a tier’s Claim pays once', async () => {
    const partner = await openAccountSection('Partner programme');
    const form = partner.getByRole('form', { name: 'Become a partner' });
    await form.getByLabel('Partner invite code').fill('outpost-partner');
    const claimed = await clickTwice(
      form.getByRole('button', { name: 'Become a partner' }),
      /\/api\/account\/partner-invites\/.+\/claim/,
    );
    await shownOnce(partner, /^You are a partner now: share your referral link below\./);
    await expectOneKeyedRequest(claimed);
    expect(await rowsOf('partner_invites', 'claimed_by')).toBe(1);
    const link = await partner.getByRole('textbox', { name: 'Your referral link' }).inputValue();

    // A new player joins through the link with a double click.
    const recruit = await openPage(fixture.browser, { viewport: { width: 1280, height: 900 } });
    recruit.context.setDefaultTimeout(10_000);
    const partnerPage = page;
    try {
      page = recruit.page;
      const newcomer = newAccount('twicejoin');
      await signUpThroughUi(page, fixture.site, newcomer);
      await page.goto(link);
      const joined = await clickTwice(
        page.getByRole('button', { name: 'Join' }),
        /\/api\/account\/referrals\/.+\/join/,
      );
      await shownOnce(page.getByRole('main'), /^You joined through @.+'s link\. Welcome to Outpost!$/);
      await expectOneKeyedRequest(joined);
      const newcomerId = (await findUserIdByEmail(fixture.site.server.stores.identity, newcomer.email)) as string;
      expect(await rowsOf('referral_joins', 'user_id', newcomerId)).toBe(1);
    } finally {
      page = partnerPage;
      await recruit.context.close();
    }

    const tiers = (await openAccountSection('Partner programme')).getByRole('list', { name: 'Reward tiers' });
    const sent = await clickTwice(
      tiers.getByRole('button', { name: 'Claim 100 credits for 1 referral' }),
      /\/api\/account\/referral-link\/tiers\/.+\/claim/,
    );
    await shownOnce(tiers, 'Claimed: 100 credits added.');
    await expectOneKeyedRequest(sent);
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from referral_tier_claims where tier_id = 'first-recruit'`.execute(game());
    expect(Number(rows[0]?.n)).toBe(1);
  });
});
