import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { calendarEntryState } from '@outpost/contracts/calendar/schemas';
import { merchDropInputSchema } from '@outpost/contracts/merch';
import type { Kysely } from 'kysely';
import { refuseStarted } from '../calendar/index';
import type { GameDatabase } from '../database';
import type { CalendarSource } from '../domain';
import { answering } from '../platform/http/errors';
import { toFunctionError } from './admin-routes';
import { deleteMerchDrop, findMerchDrop, MerchDropNotFoundError, updateMerchDrop } from './drops';

/*
 * Merch drops on the back office's calendar (docs/decisions/0139-the-calendar.md): a moment, when
 * the drop's products go on sale. Moved and cancelled through the functions the merch drops
 * screen's routes call, with their admin-log entries and refusals.
 */

const answer = answering(toFunctionError);

const productCount = (count: number) => (count === 1 ? '1 product' : `${count} products`);

/** A drop that is there, or the merch drops screen's 404 in its words. */
async function foundDrop(game: Kysely<GameDatabase>, dropID: string) {
  const drop = await findMerchDrop(game, dropID);
  if (!drop) throw toFunctionError(new MerchDropNotFoundError(dropID));
  return drop;
}

const merchDrops: CalendarSource = {
  kind: 'merch-drop',
  capability: 'manageShop',
  async entries({ game }, { from, to, now }) {
    const rows = await game
      .selectFrom('merch_drops')
      .leftJoin('merch_drop_products', 'merch_drop_products.drop_id', 'merch_drops.drop_id')
      .select((eb) => [
        'merch_drops.drop_id',
        'merch_drops.name',
        'merch_drops.opens_at',
        eb.fn.count<string | number>('merch_drop_products.product_id').as('products'),
      ])
      .where('merch_drops.opens_at', '>=', from.toISOString())
      .where('merch_drops.opens_at', '<', to.toISOString())
      .groupBy(['merch_drops.drop_id', 'merch_drops.name', 'merch_drops.opens_at'])
      .execute();
    return rows.map((row) => ({
      kind: 'merch-drop' as const,
      entryID: row.drop_id,
      title: row.name,
      detail: productCount(Number(row.products)),
      startsAt: row.opens_at,
      endsAt: null,
      state: calendarEntryState(row.opens_at, null, now),
      href: ADMIN_ROUTES.adminMerchDrops,
    }));
  },
  /** Keeps its name and products; saved as the drops screen's edit, logging `merchDrop.update`. */
  async move({ game }, dropID, startsAt, change) {
    const drop = await foundDrop(game, dropID);
    refuseStarted(drop.opensAt, 'move');
    const input = merchDropInputSchema.parse({
      name: drop.name,
      opensAt: startsAt.toISOString(),
      products: drop.products,
    });
    await answer(() => updateMerchDrop(game, dropID, input, change));
  },
  /** As the drops screen's delete: its subscriptions go with it, its products sell whenever they are Active. */
  async cancel({ game }, dropID, change) {
    refuseStarted((await foundDrop(game, dropID)).opensAt, 'cancel');
    await answer(() => deleteMerchDrop(game, dropID, change));
  },
};

export const MERCH_CALENDAR: readonly CalendarSource[] = [merchDrops];
