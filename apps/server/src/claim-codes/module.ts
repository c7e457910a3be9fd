import type { Domain } from '../domain';
import { claimCodeMigrations } from './migrations/index';
import { claimCodePersonalData } from './personal-data';
import { claimCodePlayerRecord } from './player-record';
import { claimCodeRewardItemUse } from './queries';
import { registerClaimCodeRoutes } from './routes';
import { searchClaimCodes } from './search';
import { seedClaimCodes } from './seed';

/** Claim codes: batches of codes a player redeems for credits and items. */
export const domain: Domain = {
  name: 'claim-codes',
  migrations: { game: claimCodeMigrations },
  seed: seedClaimCodes,
  register(app, { stores, config, rateLimits }) {
    registerClaimCodeRoutes(app, { game: stores.game, appEnv: config.appEnv, redeemRateLimit: rateLimits.redeemCode });
  },
  search: searchClaimCodes,
  personalData: claimCodePersonalData,
  playerRecord: claimCodePlayerRecord,
  itemUses: [claimCodeRewardItemUse],
};
