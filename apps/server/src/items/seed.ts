import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { putItems, putPurchasables } from './queries';

/** The demo catalogue: a few of each kind of item, so prizes, rewards and purchasables have something to name. */
export const DEMO_ITEMS: readonly (readonly [itemID: string, name: string])[] = [
  ['hat-ranger-beanie', 'Ranger Beanie'],
  ['hat-scrap-helmet', 'Scrap Helmet'],
  ['jacket-outpost-parka', 'Outpost Parka'],
  ['jacket-scavenger-leather', 'Scavenger Leather Jacket'],
  ['emote-salute', 'Salute Emote'],
  ['emote-campfire-dance', 'Campfire Dance Emote'],
  ['drone-skin-rust', 'Rust Drone Skin'],
  ['drone-skin-aurora', 'Aurora Drone Skin'],
  // The items whose claims the live stats count (docs/product.md §9.2).
  ['taco', 'Taco'],
  ['boba-tea', 'Boba Tea'],
];

/** What the demo shop sells for credits; the Aurora skin is not on sale yet, to show a hidden one. */
const DEMO_PURCHASABLES: readonly {
  id: string;
  itemID: (typeof DEMO_ITEMS)[number][0];
  name: string;
  costCredits: number;
  available: boolean;
}[] = [
  { id: 'ranger-beanie', itemID: 'hat-ranger-beanie', name: 'Ranger Beanie', costCredits: 150, available: true },
  { id: 'outpost-parka', itemID: 'jacket-outpost-parka', name: 'Outpost Parka', costCredits: 600, available: true },
  {
    id: 'campfire-dance',
    itemID: 'emote-campfire-dance',
    name: 'Campfire Dance Emote',
    costCredits: 250,
    available: true,
  },
  {
    id: 'aurora-drone-skin',
    itemID: 'drone-skin-aurora',
    name: 'Aurora Drone Skin',
    costCredits: 1200,
    available: false,
  },
];

export async function seedItems(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  const at = now.toISOString();
  // Items first: every purchasable's item must be in items-master.
  await putItems(
    db,
    DEMO_ITEMS.map(([itemID, name]) => ({ item_id: itemID, name, updated_at: at })),
  );
  await putPurchasables(
    db,
    DEMO_PURCHASABLES.map((demo) => ({
      purchasable_id: demo.id,
      item_id: demo.itemID,
      name: demo.name,
      cost_credits: demo.costCredits,
      available: demo.available ? 1 : 0,
      updated_at: at,
    })),
  );
}
