import { ADMIN_ROUTES, adminItemPath, adminMerchOrderPath, adminUserPath } from '@outpost/contracts/admin-routes';
import type { MerchOrder, OrderProfileInput } from '@outpost/contracts/merch';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { credit } from '../../apps/server/src/ledger/ledger';
import { type Account, grantKeys, useRoleSessions } from './accounts-helpers';
import { callApi, seriousAxeViolations, useSite, visibleUserIds } from './harness';

/*
 * People and things by name on the economy screens (docs/decisions/0087-people-and-things-by-name.md): people by name
 * linking to their page, things by name, never a raw id; and a player's redemption and spin name the item won. With the
 * demo data: its welcome code, machines, merch and items.
 */

// 2 sign-ups from one address: under the server's default auth rate limits.
const fixture = useSite();
const { sessions, accounts } = useRoleSessions(fixture, ['admin', 'player'] as const);

const url = (path: string) => `${fixture.site.url}${path}`;
const store = () => fixture.site.server.stores.game.development;
const tag = Date.now().toString(36).slice(-5);
let playerID = '';
let order: MerchOrder;

const PROFILE: OrderProfileInput = {
  email: `names.${tag}@example.com`,
  phone: '20 7946 0000',
  countryCode: '+44',
  firstName: 'Ada',
  lastName: 'Names',
  cut: 'unisex',
  shippingAddress: { line1: '1 High Street', line2: '', city: 'York', state: '', zipcode: 'YO1 7HH', country: 'GB' },
  sizes: { shirtSize: 'M', hoodieSize: 'M', pantSize: '', shoeSize: '' },
};

beforeAll(async () => {
  playerID = (await findUserIdByEmail(fixture.site.server.stores.identity, accounts.player.email)) ?? '';
  if (!playerID) throw new Error('the player has no account');
  // A partner too, so the partner list names them.
  await grantKeys(fixture.site, accounts.player.email, ['partner']);
});

/** The page's title follows its heading, and axe finds nothing serious. */
async function expectTitledAndAccessible(page: Page): Promise<void> {
  const heading = await page
    .locator('main h1')
    .first()
    .evaluate((element) => element.textContent?.replace(/\s+/g, ' ').trim() ?? '');
  await expect.poll(() => page.title()).toBe(`${heading} — Admin — Outpost`);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** The player as the back office names them: "@name", linking to their page in the moderation hub. */
async function expectPlayerLink(scope: Locator | Page, player: Account = accounts.player): Promise<void> {
  const link = scope.getByRole('link', { name: `@${player.displayName}`, exact: true }).first();
  await link.waitFor();
  const userID = await findUserIdByEmail(fixture.site.server.stores.identity, player.email);
  expect(await link.getAttribute('href')).toBe(adminUserPath(userID ?? ''));
}

const ITEM_IDS = ['hat-ranger-beanie', 'emote-salute', 'drone-skin-rust'];

describe('the shop, as a player', () => {
  it('names the items a redemption and a spin give, never their ids', async () => {
    const { page } = sessions.player;
    await page.goto(url('/shop/'));
    await page.getByRole('heading', { level: 1, name: 'The Outpost Shop' }).waitFor();
    const redeem = page.getByRole('region', { name: 'Redeem a code' });
    await redeem.getByLabel('Code').fill('welcome-to-the-outpost');
    await redeem.getByRole('button', { name: 'Redeem' }).click();
    const granted = redeem.getByRole('alert');
    await granted.getByText(/^Code redeemed!/).waitFor();
    expect(await granted.innerText()).toContain('the item Salute Emote.');
    expect(await granted.innerText()).not.toContain('emote-salute');

    const scrapyard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Scrapyard Capsules' }) });
    await scrapyard.getByRole('button', { name: 'Spin for 100 credits' }).click();
    const won = scrapyard.getByRole('status');
    await won.getByText(/^You won (Ranger Beanie|Salute Emote|Rust Drone Skin)!/).waitFor();
    for (const itemID of ITEM_IDS) expect(await won.innerText()).not.toContain(itemID);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 30_000);
});

describe('the economy screens, as an admin', () => {
  beforeAll(async () => {
    // The player's hoodie, paid in credits, through the real API.
    const { page } = sessions.player;
    await credit(store(), { userId: playerID, amount: 10_000, reason: 'adjustment', reference: `names:${tag}` });
    await callApi(page, 'POST', '/api/fn/set-order-profile', PROFILE);
    const placed = await callApi<MerchOrder>(page, 'POST', '/api/shop/merch/orders', {
      lines: [{ productID: 'outpost-hoodie', varietyID: 'm', quantity: 1 }],
      payment: 'credits',
    });
    const paid = await callApi<{ order: MerchOrder }>(
      page,
      'GET',
      `/api/fn/process-direct-transaction?orderID=${encodeURIComponent(placed.orderID)}`,
    );
    order = paid.order;
  });

  it('names the buyer of a merch order in the list and on the order, and its product', async () => {
    const { page } = sessions.admin;
    await page.goto(url(ADMIN_ROUTES.adminMerchOrders));
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `#${order.orderNumber}`, exact: true }) });
    await row.waitFor();
    await expectPlayerLink(row);
    expect(await row.innerText()).toContain(accounts.player.email);
    expect(await visibleUserIds(page)).toEqual([]);
    await expectTitledAndAccessible(page);

    await page.goto(url(adminMerchOrderPath(order.orderID)));
    const summary = page.getByRole('region', { name: 'Summary' });
    await expectPlayerLink(summary);
    expect(await summary.innerText()).not.toContain('Player ID');
    const lines = page.getByRole('table', { name: 'Order lines' });
    await lines.getByRole('link', { name: 'Outpost Hoodie', exact: true }).waitFor();
    expect(await lines.innerText()).not.toContain('(outpost-hoodie)');
    expect(await visibleUserIds(page)).toEqual([]);
    await expectTitledAndAccessible(page);
  }, 30_000);

  it('names the players a reward reached, who sent it, and its items', async () => {
    const { page } = sessions.admin;
    await page.goto(url(ADMIN_ROUTES.adminRewards));
    const search = page.getByRole('search', { name: 'Find players' });
    await search.getByLabel('Display name or email').fill(accounts.player.displayName);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Add @${accounts.player.displayName}` }).click();
    await page.getByLabel('Credits per player').fill('10');
    await page.getByRole('button', { name: '+ Add item' }).click();
    await page.getByLabel('Item 1', { exact: true }).fill('boba-tea');
    await page.getByLabel('Reason', { exact: true }).fill(`Names check ${tag}`);
    await page.getByRole('button', { name: 'Send reward' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('1 × Boba Tea');
    await dialog.getByRole('button', { name: 'Send reward' }).click();

    const result = page.getByRole('region', { name: 'Reward sent' });
    await result.getByText('1 player got 10 credits and 1 × Boba Tea now.').waitFor();
    await expectPlayerLink(result);
    await expectPlayerLink(result, accounts.admin);
    expect(await result.innerText()).not.toContain('boba-tea');
    expect(await visibleUserIds(page)).toEqual([]);
    await expectTitledAndAccessible(page);
  }, 30_000);

  it('names the partners, and the claim codes’ items', async () => {
    const { page } = sessions.admin;
    await page.goto(url(ADMIN_ROUTES.adminPartners));
    const partner = page.getByRole('row').filter({ hasText: accounts.player.email });
    await partner.waitFor();
    await expectPlayerLink(partner);
    expect(await visibleUserIds(page)).toEqual([]);
    await expectTitledAndAccessible(page);

    await page.goto(url(ADMIN_ROUTES.adminClaimCodes));
    const welcome = page.getByRole('row').filter({ hasText: 'Welcome to the Outpost' });
    await welcome.waitFor();
    const salute = welcome.getByRole('link', { name: 'Salute Emote', exact: true });
    expect(await salute.getAttribute('href')).toBe(adminItemPath('emote-salute'));
    expect(await welcome.innerText()).not.toContain('emote-salute');
    expect(await visibleUserIds(page)).toEqual([]);
    await expectTitledAndAccessible(page);
  }, 30_000);
});
