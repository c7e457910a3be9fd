import type { Migration } from 'kysely';
import * as partners from './2026-12-02-partners';
import * as partnerRewardClaims from './2026-12-04-partner-reward-claims';
import * as standardPartnerReward from './2026-12-04-standard-partner-reward';
import * as partnerKeyPending from './2026-12-13-partner-key-pending';

/** The partner programme's game-store migrations; never edit one that has shipped, add a new one. */
export const partnerMigrations: Record<string, Migration> = {
  '2026-12-02-partners': partners,
  '2026-12-04-partner-reward-claims': partnerRewardClaims,
  '2026-12-04-standard-partner-reward': standardPartnerReward,
  '2026-12-13-partner-key-pending': partnerKeyPending,
};
