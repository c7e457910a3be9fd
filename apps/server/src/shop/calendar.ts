import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { CALENDAR_MESSAGES, calendarEntryState } from '@outpost/contracts/calendar/schemas';
import { containerSpinConfigInputSchema, dropInputSchema } from '@outpost/contracts/shop';
import type { Kysely } from 'kysely';
import { refuseStarted } from '../calendar/index';
import type { GameDatabase } from '../database';
import type { CalendarChange, CalendarSource } from '../domain';
import { answering, FunctionError } from '../platform/http/errors';
import { deleteDrop, dropNotFound, findDrop, updateDrop, writeContainerSpinConfig } from './admin-queries';
import { toFunctionError } from './admin-routes';
import { CONTAINER_SPIN_CONFIG_ID, readContainerSpinConfig } from './catalogue';

/*
 * The shop's dated things on the back office's calendar (docs/decisions/0139-the-calendar.md):
 * machine drops, windows in which a machine spins, and the shop's opening. They move and go
 * through the functions the drops and shop-settings screens' routes call, with the same admin-log
 * entries and refusals.
 */

const answer = answering(toFunctionError);

/** A drop that is there, or the drops screen's 404 in its words. */
async function foundDrop(game: Kysely<GameDatabase>, dropID: string, change: CalendarChange) {
  const drop = await findDrop(game, dropID);
  if (!drop) throw toFunctionError(dropNotFound(dropID, change.environment));
  return drop;
}

const machineDrops: CalendarSource = {
  kind: 'machine-drop',
  capability: 'manageShop',
  async entries({ game }, { from, to, now }) {
    const rows = await game
      .selectFrom('drops')
      .innerJoin('machines', 'machines.machine_id', 'drops.machine_id')
      .select(['drops.drop_id', 'drops.name', 'drops.opens_at', 'drops.closes_at', 'machines.name as machine_name'])
      .where('drops.opens_at', '<', to.toISOString())
      .where('drops.closes_at', '>=', from.toISOString())
      .execute();
    return rows.map((row) => ({
      kind: 'machine-drop' as const,
      entryID: row.drop_id,
      title: `${row.name} — ${row.machine_name}`,
      detail: `${row.machine_name} spins while it is open`,
      startsAt: row.opens_at,
      endsAt: row.closes_at,
      state: calendarEntryState(row.opens_at, row.closes_at, now),
      href: ADMIN_ROUTES.adminShopDrops,
    }));
  },
  /**
   * The window keeps its length and its machine and name, and is saved as the drops screen saves
   * an edit: parsed by its contract (a close past the year 9999 is refused in its words), then
   * `updateDrop`, which logs `drop.update` with the drop as it was.
   */
  async move({ game }, dropID, startsAt, change) {
    const drop = await foundDrop(game, dropID, change);
    refuseStarted(drop.opensAt, 'move');
    const length = Date.parse(drop.closesAt) - Date.parse(drop.opensAt);
    const input = dropInputSchema.parse({
      machineID: drop.machineID,
      name: drop.name,
      opensAt: startsAt.toISOString(),
      closesAt: new Date(startsAt.getTime() + length).toISOString(),
    });
    await answer(() => updateDrop(game, dropID, input, change));
  },
  /** As the drops screen's delete: the machine then spins without that window. */
  async cancel({ game }, dropID, change) {
    const drop = await foundDrop(game, dropID, change);
    refuseStarted(drop.opensAt, 'cancel');
    await answer(() => deleteDrop(game, dropID, change));
  },
};

/** The opening as it stands, when `entryID` names it and it is set; the calendar's 404 otherwise. */
async function foundOpening(game: Kysely<GameDatabase>, entryID: string): Promise<string> {
  const { shopOpens } =
    entryID === CONTAINER_SPIN_CONFIG_ID ? await readContainerSpinConfig(game) : { shopOpens: null };
  if (shopOpens === null) throw new FunctionError('not-found', CALENDAR_MESSAGES.notFound);
  return shopOpens;
}

/** config/container-spin's `shopOpens`: a moment, one per environment, named by its document's id. */
const shopOpening: CalendarSource = {
  kind: 'shop-opening',
  capability: 'manageShop',
  async entries({ game }, { from, to, now }) {
    const { shopOpens } = await readContainerSpinConfig(game);
    if (shopOpens === null) return [];
    const at = Date.parse(shopOpens);
    if (at < from.getTime() || at >= to.getTime()) return [];
    return [
      {
        kind: 'shop-opening' as const,
        entryID: CONTAINER_SPIN_CONFIG_ID,
        title: 'The shop opens',
        detail: 'Until then players see a countdown and spins are refused',
        startsAt: shopOpens,
        endsAt: null,
        state: calendarEntryState(shopOpens, null, now),
        href: ADMIN_ROUTES.adminShopSettings,
      },
    ];
  },
  /** Saved as the shop settings screen saves a date, logging `config.update`. */
  async move({ game }, entryID, startsAt, change) {
    refuseStarted(await foundOpening(game, entryID), 'move');
    const config = containerSpinConfigInputSchema.parse({ shopOpens: startsAt.toISOString() });
    await writeContainerSpinConfig(game, config, change);
  },
  /** As the settings screen's "Clear the date (open now)": with no opening date the shop is open at once. */
  async cancel({ game }, entryID, change) {
    refuseStarted(await foundOpening(game, entryID), 'cancel');
    await writeContainerSpinConfig(game, { shopOpens: null }, change);
  },
};

export const SHOP_CALENDAR: readonly CalendarSource[] = [machineDrops, shopOpening];
