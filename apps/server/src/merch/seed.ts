import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';

const DAY_MS = 86_400_000;

/** A drop a week after seeding, so the shop shows a countdown and a subscribe button. */
const DEMO_DROP = { dropID: 'radio-season', name: 'Radio Season Drop', inDays: 7, products: ['radio-tee'] } as const;

export async function seedMerch(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  const at = now.toISOString();
  const opensAt = new Date(now.getTime() + DEMO_DROP.inDays * DAY_MS).toISOString();
  await db
    .insertInto('merch_drops')
    .values({ drop_id: DEMO_DROP.dropID, name: DEMO_DROP.name, opens_at: opensAt, created_at: at, updated_at: at })
    .onConflict((conflict) =>
      conflict.column('drop_id').doUpdateSet({ name: DEMO_DROP.name, opens_at: opensAt, updated_at: at }),
    )
    .execute();
  await db.deleteFrom('merch_drop_products').where('drop_id', '=', DEMO_DROP.dropID).execute();
  await db
    .insertInto('merch_drop_products')
    .values(
      DEMO_DROP.products.map((productID, position) => ({ drop_id: DEMO_DROP.dropID, product_id: productID, position })),
    )
    .execute();
}
