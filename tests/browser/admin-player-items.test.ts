import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRoleSessions } from './accounts-helpers';
import { consoleScreen } from './admin-pages';
import { noSidewaysScroll, openPlayerFromSearch } from './admin-player-helpers';
import { MOBILE_VIEWPORT, openPage, useSite } from './harness';

/*
 * Items on the player page (docs/decisions/0130-the-player-page.md): staff give a player items, then take some
 * back with a reason; the page's inventory says what they hold and shows the take-back as a row of its own, the
 * admin log tells it in a sentence, and the player reads it in their own item history. At 1,280 and 390 px.
 */

const fixture = useSite();
const { sessions, accounts } = useRoleSessions(fixture, ['staff', 'player'] as const);
const url = (path: string) => `${fixture.site.url}${path}`;
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';
/** An item of the demo catalogue the site seeds. */
const ITEM = { itemID: 'hat-ranger-beanie', name: 'Ranger Beanie' };

/** The form of one inventory tool, opened with its button once (opened, it stays open). */
async function inventoryTool(page: Page, name: 'Give items' | 'Take back items') {
  const form = consoleScreen(page).getByRole('form', { name, exact: true });
  if (!(await form.isVisible())) await consoleScreen(page).getByRole('button', { name, exact: true }).click();
  return form;
}

/** Takes back `quantity` of ITEM from the page's tool, choosing it by what the player holds of it. */
async function takeBack(page: Page, held: number, quantity: number, reason: string) {
  const form = await inventoryTool(page, 'Take back items');
  await form.getByRole('combobox', { name: 'Item' }).selectOption({ label: `${ITEM.name} (holds ${held})` });
  // The count they hold is in view beside the quantity.
  await form.getByText(`@${accounts.player.displayName} holds ${held} of “${ITEM.name}”.`).waitFor();
  await form.getByRole('spinbutton', { name: 'How many' }).fill(String(quantity));
  await form.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await form.getByRole('button', { name: 'Take back items', exact: true }).click();
  return form;
}

const inventoryOf = (page: Page) => consoleScreen(page).getByRole('region', { name: 'Inventory', exact: true });

describe('items on the player page', () => {
  const reason = 'Given twice by mistake';

  it('takes items back with a reason: the inventory drops, the log says so, the player reads it', async () => {
    const { page } = sessions.staff;
    const name = `@${accounts.player.displayName}`;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url('/admin'));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await openPlayerFromSearch(page, accounts.player, () => page.keyboard.press('Control+k'));

    const give = await inventoryTool(page, 'Give items');
    await give.getByRole('combobox', { name: 'Item' }).fill(ITEM.itemID);
    await give.getByRole('spinbutton', { name: 'How many' }).fill('3');
    await give.getByRole('textbox', { name: 'Reason' }).fill('Event prize');
    await give.getByRole('button', { name: 'Give items', exact: true }).click();
    await give.getByText(`Gave ${name} 3 of ${ITEM.itemID}.`).waitFor();
    const inventory = inventoryOf(page);
    await inventory
      .getByRole('definition')
      .filter({ hasText: `${ITEM.name} × 3` })
      .waitFor();

    const form = await takeBack(page, 3, 2, reason);
    await form.getByText(`Took back 2 of “${ITEM.name}” from ${name}: they held 3 and now hold 1.`).waitFor();
    // The inventory drops, and keeps the grant beside the take-back's own row.
    await inventory
      .getByRole('definition')
      .filter({ hasText: `${ITEM.name} × 1` })
      .waitFor();
    const row = inventory.getByRole('row').filter({ hasText: `Taken back by support: ${reason}` });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      ITEM.name,
      '−2',
      `Taken back by support: ${reason}`,
      expect.any(String),
    ]);
    expect(await inventory.getByRole('row').filter({ hasText: 'support' }).count()).toBe(2);
    // The choices follow what they hold now.
    await form.getByRole('option', { name: `${ITEM.name} (holds 1)` }).waitFor({ state: 'attached' });

    const actions = consoleScreen(page).getByRole('region', { name: 'Admin actions on them' });
    const sentence = `took back 2 of the item “${ITEM.name}” from ${name}: “${reason}”.`;
    await actions.getByText(sentence, { exact: false }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/player-items-1280.png`, fullPage: true });
    await inventory.screenshot({ path: `${SHOTS}/player-items-inventory-1280.png` });

    // The admin log, filtered by the player from the page's link, says the same with what they held before → after.
    await actions.getByRole('link', { name: 'All of them in the admin log' }).click();
    await page.waitForURL(/\/admin\/log\?record=/);
    await consoleScreen(page).getByText(sentence, { exact: false }).first().waitFor();

    // The player reads the take-back, with the reason, in their own items.
    const player = sessions.player.page;
    await player.goto(url('/shop'));
    const own = player.getByRole('list', { name: 'Your items' });
    await own.getByRole('listitem').first().waitFor();
    await expect
      .poll(() => own.getByRole('listitem').allInnerTexts(), { timeout: 8_000 })
      .toEqual([`${ITEM.name} −2 (Taken back by support: ${reason})`, `${ITEM.name} × 3`]);
  });

  it('works on a phone: more than they hold is refused at the quantity, the last one goes, nothing scrolls sideways', async () => {
    const { context, page, consoleErrors } = await openPage(fixture.browser, {
      viewport: MOBILE_VIEWPORT,
      isMobile: true,
      storageState: await sessions.staff.context.storageState(),
    });
    context.setDefaultTimeout(8_000);
    const name = `@${accounts.player.displayName}`;
    await page.goto(url('/admin'));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await openPlayerFromSearch(page, accounts.player, () => page.getByRole('button', { name: /^Search/ }).click());

    const tooMany = await takeBack(page, 1, 5, reason);
    const quantity = tooMany.getByRole('spinbutton', { name: 'How many' });
    await expect.poll(() => quantity.getAttribute('aria-invalid')).toBe('true');
    await tooMany
      .getByText(`The player holds 1 of “${ITEM.name}”, so 5 cannot be taken back. Take back at most 1.`)
      .waitFor();

    const form = await takeBack(page, 1, 1, 'Closing the duplicate');
    await form.getByText(`Took back 1 of “${ITEM.name}” from ${name}: they held 1 and now hold 0.`).waitFor();
    const inventory = inventoryOf(page);
    await inventory.getByRole('definition').filter({ hasText: 'Nothing' }).waitFor();
    await inventory.getByRole('row').filter({ hasText: 'Taken back by support: Closing the duplicate' }).waitFor();
    await form.getByText(`${name} holds no items now.`).waitFor();
    const actions = consoleScreen(page).getByRole('region', { name: 'Admin actions on them' });
    await actions
      .getByText(`took back 1 of the item “${ITEM.name}” from ${name}: “Closing the duplicate”.`, { exact: false })
      .waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/player-items-390.png`, fullPage: true });
    await inventory.screenshot({ path: `${SHOTS}/player-items-inventory-390.png` });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
