import type { Environment } from '@outpost/contracts/environments';
import type { Stores } from '../platform/db/stores';
import { seedSite } from '../site/seed';

const SEEDED_KEY = 'demo_seeded_at';

/**
 * Writes the demo data set into one environment's store. Every seeder upserts, so running it
 * again (`npm run admin -- seed`) restores the demo rows without duplicating them.
 */
export async function seedDemoData(stores: Stores, environment: Environment, now = new Date()): Promise<void> {
  const db = stores.game[environment];
  await db.transaction().execute(async (trx) => {
    await seedSite(trx, now);
    await trx
      .insertInto('store_meta')
      .values({ key: SEEDED_KEY, value: now.toISOString() })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: now.toISOString() }))
      .execute();
  });
}

/** Seeds a store that has never been seeded; a store whose demo rows were deleted stays as it is. */
export async function seedIfNew(stores: Stores, environment: Environment): Promise<boolean> {
  const marker = await stores.game[environment]
    .selectFrom('store_meta')
    .select('value')
    .where('key', '=', SEEDED_KEY)
    .executeTakeFirst();
  if (marker) return false;
  await seedDemoData(stores, environment);
  return true;
}
