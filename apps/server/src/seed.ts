import type { Environment } from '@outpost/contracts/environments';
import { seedAvatars } from './avatars/seed';
import { seedBeta } from './beta/seed';
import { seedClaimCodes } from './economy/claim-codes/seed';
import { seedItems } from './economy/items/seed';
import { seedMerch } from './economy/merch/seed';
import { seedShop } from './economy/shop/seed';
import { seedLightingPresets } from './lighting/seed';
import { seedModeration } from './moderation/seed';
import { markSeeded, wasSeeded } from './ops/seed';
import { seedPartners } from './partners/seed';
import { seedProducts } from './products/seed';
import { seedSite } from './site/seed';
import type { AppStores } from './stores';
import { seedTheater } from './theater/seed';

/**
 * Writes the demo data set into one environment's store: every domain's seeder in one
 * transaction. Every seeder upserts, so running it again (`npm run admin -- seed`) restores the
 * demo rows without duplicating them.
 */
export async function seedDemoData(stores: AppStores, environment: Environment, now = new Date()): Promise<void> {
  await stores.game[environment].transaction().execute(async (trx) => {
    await seedSite(trx, now);
    await seedProducts(trx, now);
    await seedItems(trx, now);
    await seedClaimCodes(trx, now);
    await seedShop(trx, now);
    await seedMerch(trx, now);
    await seedTheater(trx, now);
    await seedModeration(trx, now);
    await seedBeta(trx, now);
    await seedAvatars(trx, now);
    await seedLightingPresets(trx, now);
    await seedPartners(trx, now);
    await markSeeded(trx, now);
  });
}

/** Seeds a store that has never been seeded; a store whose demo rows were deleted stays as it is. */
export async function seedIfNew(stores: AppStores, environment: Environment): Promise<boolean> {
  if (await wasSeeded(stores.game[environment])) return false;
  await seedDemoData(stores, environment);
  return true;
}
