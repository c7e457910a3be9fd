import { can } from '@outpost/contracts/permissions';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { ChangeSource } from '../platform/changes/triggers';
import type { Viewer } from '../platform/http/access';
import type { Audience } from '../platform/live/hub';
import { BACK_OFFICE_AUDIENCE, type LiveTopic } from '../platform/live/routes';
import { findCreditPack, findDrop, findMachine } from './admin-queries';
import { listShopMachines, toCreditPack, toDrop } from './catalogue';

/*
 * The shop's live topics (docs/product.md §7.10: machines, credit-packs, drops). Players see what GET /api/shop
 * shows them: available machines and packs only, unless they hold the data-layer admin view
 * (docs/product.md §6.1); the back office sees the records its lists and edit screens read.
 */

export interface ShopLiveScope {
  game: Kysely<GameDatabase>;
}

/** The back office; the shop as admins and staff see it (everything, marked); the shop as players see it. */
const SHOP_ALL: Audience = { id: 'shop:all' };
const SHOP: Audience = { id: 'shop' };

function shopAudience(viewer: Viewer | null, backOffice: boolean): Audience {
  if (backOffice) return BACK_OFFICE_AUDIENCE;
  return can(viewer?.profile?.keys, 'dataLayerAdmin') ? SHOP_ALL : SHOP;
}

export const SHOP_CHANGE_SOURCES = {
  machines: [
    { topic: 'machines', table: 'machines', key: 'machine_id' },
    { topic: 'machines', table: 'machine_prizes', key: 'machine_id' },
  ],
  creditPacks: [{ topic: 'credit-packs', table: 'credit_packs', key: 'pack_id' }],
  drops: [{ topic: 'drops', table: 'drops', key: 'drop_id' }],
} as const satisfies Record<string, readonly ChangeSource[]>;

export const SHOP_LIVE_TOPICS: readonly LiveTopic<ShopLiveScope>[] = [
  {
    name: 'machines',
    access: 'public',
    side: 'game',
    sources: SHOP_CHANGE_SOURCES.machines,
    audience: shopAudience,
    load: async (key, audience, { game }) => {
      if (audience === BACK_OFFICE_AUDIENCE) return (await findMachine(game, key)) ?? null;
      const [machine] = await listShopMachines(game, {
        now: new Date(),
        seeAll: audience === SHOP_ALL,
        machineIDs: [key],
      });
      return machine ?? null;
    },
  },
  {
    name: 'credit-packs',
    access: 'public',
    side: 'game',
    sources: SHOP_CHANGE_SOURCES.creditPacks,
    audience: shopAudience,
    load: async (key, audience, { game }) => {
      if (audience === BACK_OFFICE_AUDIENCE) return (await findCreditPack(game, key)) ?? null;
      const row = await game.selectFrom('credit_packs').selectAll().where('pack_id', '=', key).executeTakeFirst();
      return row && (row.available === 1 || audience === SHOP_ALL) ? toCreditPack(row) : null;
    },
  },
  {
    name: 'drops',
    access: 'public',
    side: 'game',
    sources: SHOP_CHANGE_SOURCES.drops,
    audience: shopAudience,
    load: async (key, audience, { game }) => {
      if (audience === BACK_OFFICE_AUDIENCE) return (await findDrop(game, key)) ?? null;
      // As the shop lists it: under its machine, while it is still to come or open.
      const row = await game
        .selectFrom('drops')
        .innerJoin('machines', 'machines.machine_id', 'drops.machine_id')
        .selectAll('drops')
        .select('machines.available')
        .where('drops.drop_id', '=', key)
        .executeTakeFirst();
      const shown = row && (row.available === 1 || audience === SHOP_ALL) && row.closes_at > new Date().toISOString();
      return shown ? toDrop(row) : null;
    },
  },
];
