import type { Environment } from '@outpost/contracts/environments';
import { ITEM_MESSAGES, PURCHASABLES_REFRESH_LIMIT } from '@outpost/contracts/items';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findItem, findPurchasable, mergePurchasables } from '../../apps/server/src/items/queries';
import { useRoleSessions } from './accounts-helpers';
import { openIn } from './admin-pages';
import { MOBILE_VIEWPORT, seriousAxeViolations, useSite } from './harness';

// 2 sign-ups from one address: under the server's default auth rate limits.
const fixture = useSite();
const ROLES = ['staff', 'moderator'] as const;
const { sessions } = useRoleSessions(fixture, ROLES);

const tag = Date.now().toString(36).slice(-5);
const ITEM = `drone-skin-night-${tag}`;
const PURCHASABLE = `night-drone-${tag}`;

const url = (path: string) => `${fixture.site.url}${path}`;
const game = (environment: Environment) => fixture.site.server.stores.game[environment];

/** A form's outcome is in its role="alert" region. */
async function expectAlert(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

describe('items and purchasables, as staff', () => {
  it('lists the demo purchasables with the refresh line', async () => {
    const { page } = sessions.staff;
    await openIn(page, fixture.site.url, 'development', '/admin/purchasables/list');
    await page.getByRole('heading', { level: 1, name: 'Purchasables' }).waitFor();
    await page.getByText('The game’s refresh loads all 4 purchasables of development').waitFor();
    const table = page.getByRole('table', { name: 'Purchasables' });
    await table.getByRole('link', { name: 'Ranger Beanie', exact: true }).waitFor();
    await table.getByRole('link', { name: 'Ranger Beanie (hat-ranger-beanie)' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('creates an item, then a purchasable of it, checking the forms with the server’s messages', async () => {
    const { page } = sessions.staff;
    await openIn(page, fixture.site.url, 'beta', '/admin/items/list');
    await page.getByRole('link', { name: '+ New Item' }).click();
    await page.waitForURL(url('/admin/items/new'));
    await page.getByRole('button', { name: 'Create Item' }).click();
    await expectAlert(page, ITEM_MESSAGES.itemIdRequired);
    await page.getByLabel('Item ID').fill(`${ITEM}.png`);
    await page.getByLabel('Name').fill('Night Drone Skin');
    await page.getByRole('button', { name: 'Create Item' }).click();
    await expectAlert(page, ITEM_MESSAGES.itemIdCharacters);
    await page.getByLabel('Item ID').fill(ITEM);
    await page.getByRole('button', { name: 'Create Item' }).click();
    await expectAlert(page, `${ITEM_MESSAGES.itemCreated} Night Drone Skin (${ITEM})`);
    expect(await findItem(game('beta'), ITEM)).toMatchObject({ name: 'Night Drone Skin' });

    await page.getByRole('link', { name: `Open ${ITEM}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Night Drone Skin' }).waitFor();
    await page.getByRole('link', { name: '+ New purchasable of this item' }).click();
    await page.getByRole('heading', { level: 1, name: 'New Purchasable' }).waitFor();
    expect(await page.getByLabel('Item', { exact: true }).inputValue()).toBe(ITEM);
    await page.getByText('Sells Night Drone Skin.').waitFor();

    await page.getByLabel('Purchasable ID').fill(PURCHASABLE);
    await page.getByLabel('Name').fill('Night Drone Skin');
    await page.getByLabel('Cost (credits)').fill('12.5');
    await page.getByRole('button', { name: 'Create Purchasable' }).click();
    await expectAlert(page, ITEM_MESSAGES.costCredits);
    await page.getByLabel('Cost (credits)').fill('300');
    await page.getByRole('button', { name: 'Create Purchasable' }).click();
    await expectAlert(page, `${ITEM_MESSAGES.purchasableCreated} Night Drone Skin`);
    expect(await findPurchasable(game('beta'), PURCHASABLE)).toMatchObject({
      item_id: ITEM,
      cost_credits: 300,
      available: 0,
    });
  });

  it('saves only the fields changed, keeping another admin’s change to another field', async () => {
    const { page } = sessions.staff;
    await openIn(page, fixture.site.url, 'beta', `/admin/purchasables/${PURCHASABLE}`);
    await page.getByRole('heading', { level: 1, name: 'Night Drone Skin' }).waitFor();
    await page.getByLabel('Cost (credits)').fill('250');
    await page.getByLabel('Available: on sale in the game').check();
    // Meanwhile another admin renames it.
    await mergePurchasables(game('beta'), [{ purchasableID: PURCHASABLE, name: 'Night Drone Skin (Winter)' }], {
      environment: 'beta',
      admin: 'another-admin',
    });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectAlert(page, ITEM_MESSAGES.purchasableSaved);
    expect(await page.getByLabel('Name').inputValue()).toBe('Night Drone Skin (Winter)');
    expect(await findPurchasable(game('beta'), PURCHASABLE)).toMatchObject({
      name: 'Night Drone Skin (Winter)',
      cost_credits: 250,
      available: 1,
    });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectAlert(page, ITEM_MESSAGES.nothingChanged);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('asks before deleting, and says what still uses an item', async () => {
    const { page } = sessions.staff;
    await openIn(page, fixture.site.url, 'beta', `/admin/items/${ITEM}`);
    await page.getByRole('heading', { level: 1, name: 'Night Drone Skin' }).waitFor();
    await page.getByRole('button', { name: 'Delete item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this item' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete item' }).click();
    await expectAlert(page, `The item "${ITEM}" cannot be deleted: the purchasable "${PURCHASABLE}" sells it`);
    expect(await findItem(game('beta'), ITEM)).toBeDefined();
  });

  it('warns on the purchasables screen when the game’s refresh cannot load them all', async () => {
    const { page } = sessions.staff;
    const db = game('beta');
    const rows = Array.from({ length: PURCHASABLES_REFRESH_LIMIT + 1 }, (_, index) => ({
      purchasable_id: `bulk-${tag}-${index}`,
      item_id: ITEM,
      name: `Bulk ${index}`,
      cost_credits: 1,
      available: 1,
      updated_at: new Date().toISOString(),
    }));
    for (let start = 0; start < rows.length; start += 1000) {
      await db
        .insertInto('purchasables')
        .values(rows.slice(start, start + 1000))
        .execute();
    }
    try {
      await openIn(page, fixture.site.url, 'beta', '/admin/purchasables/list');
      const note = page.getByRole('status').filter({ hasText: 'The refresh is capped.' });
      await note.waitFor();
      expect(await note.innerText()).toContain('never reach the game');
    } finally {
      await db.deleteFrom('purchasables').where('purchasable_id', 'like', `bulk-${tag}-%`).execute();
    }
  });

  it('asks before creating in production, and creates nothing when cancelled', async () => {
    const { page } = sessions.staff;
    const itemID = `prod-${tag}`;
    await openIn(page, fixture.site.url, 'production', '/admin/items/new');
    await page.getByLabel('Item ID').fill(itemID);
    await page.getByLabel('Name').fill('Production Hat');
    await page.getByRole('button', { name: 'Create Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'You are changing production' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await findItem(game('production'), itemID)).toBeUndefined();
    await page.getByRole('button', { name: 'Create Item' }).click();
    await dialog.getByRole('button', { name: 'Create in production' }).click();
    await expectAlert(page, ITEM_MESSAGES.itemCreated);
    expect(await findItem(game('production'), itemID)).toMatchObject({ name: 'Production Hat' });
  });
});

describe('items and purchasables, as a moderator', () => {
  it('shows the lists and a purchasable read-only', async () => {
    const { page } = sessions.moderator;
    await openIn(page, fixture.site.url, 'beta', '/admin/purchasables/list');
    await page.getByRole('table', { name: 'Purchasables' }).waitFor();
    expect(await page.getByRole('link', { name: '+ New Purchasable' }).count()).toBe(0);
    await page.goto(url(`/admin/purchasables/${PURCHASABLE}`));
    await page.getByText('Your role may view this purchasable but not change it.').waitFor();
    expect(await page.getByLabel('Cost (credits)').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete purchasable' }).count()).toBe(0);
  });

  it('fits a phone without sideways scrolling', async () => {
    const { page } = sessions.moderator;
    await page.setViewportSize(MOBILE_VIEWPORT);
    await page.goto(url(`/admin/items/${ITEM}`));
    await page.getByRole('heading', { level: 1, name: 'Night Drone Skin' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
