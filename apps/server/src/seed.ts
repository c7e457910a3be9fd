import type { Environment } from '@outpost/contracts/environments';
import type { AppStores } from './database';
import { DOMAINS } from './domains';
import { seedDemoPlayers } from './identity/index';
import { markSeeded, wasSeeded } from './ops/seed';
import type { FileStore } from './platform/storage/file-store';

export interface SeedOptions {
  /**
   * Where the demo images go (the products' pictures, the theater's banners): the store the app
   * serves files from. Without one only rows are written, as tests of rows alone need.
   */
  files?: FileStore;
  now?: Date;
}

/**
 * Writes the demo data set into one environment's store: the demo's players (in the accounts' store), then every
 * domain's seeder, in DOMAINS' order, in one transaction. Every seeder upserts, so running it again (`npm run admin -- seed`)
 * restores the demo rows without duplicating them.
 */
export async function seedDemoData(
  stores: AppStores,
  environment: Environment,
  { files, now = new Date() }: SeedOptions = {},
): Promise<void> {
  const seedFiles = files && { files, environment };
  // The accounts are every environment's: the demo's players first, as the demo's reports are about them.
  await seedDemoPlayers(stores.identity, now);
  await stores.game[environment].transaction().execute(async (trx) => {
    for (const domain of DOMAINS) await domain.seed?.(trx, now, seedFiles);
    await markSeeded(trx, now);
  });
}

/** Seeds a store that has never been seeded; a store whose demo rows were deleted stays as it is. */
export async function seedIfNew(
  stores: AppStores,
  environment: Environment,
  options: SeedOptions = {},
): Promise<boolean> {
  if (await wasSeeded(stores.game[environment])) return false;
  await seedDemoData(stores, environment, options);
  return true;
}
