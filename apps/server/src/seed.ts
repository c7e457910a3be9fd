import type { Environment } from '@outpost/contracts/environments';
import { DOMAINS } from './domains';
import { markSeeded, wasSeeded } from './ops/seed';
import type { AppStores } from './stores';

/**
 * Writes the demo data set into one environment's store: every domain's seeder, in DOMAINS'
 * order, in one transaction. Every seeder upserts, so running it again (`npm run admin -- seed`)
 * restores the demo rows without duplicating them.
 */
export async function seedDemoData(stores: AppStores, environment: Environment, now = new Date()): Promise<void> {
  await stores.game[environment].transaction().execute(async (trx) => {
    for (const domain of DOMAINS) await domain.seed?.(trx, now);
    await markSeeded(trx, now);
  });
}

/** Seeds a store that has never been seeded; a store whose demo rows were deleted stays as it is. */
export async function seedIfNew(stores: AppStores, environment: Environment): Promise<boolean> {
  if (await wasSeeded(stores.game[environment])) return false;
  await seedDemoData(stores, environment);
  return true;
}
