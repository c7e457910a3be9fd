import type { Migration } from 'kysely';
import * as claimCodes from './2026-11-28-claim-codes';
import * as redemptionsByPlayer from './2026-12-27-redemptions-by-player';

/** Claim codes' game-store migrations; never edit one that has shipped, add a new one. */
export const claimCodeMigrations: Record<string, Migration> = {
  '2026-11-28-claim-codes': claimCodes,
  '2026-12-27-redemptions-by-player': redemptionsByPlayer,
};
