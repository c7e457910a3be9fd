import { avatarPersonalData } from './avatars/personal-data';
import { adminLogPersonalData } from './backoffice/personal-data';
import { betaPersonalData } from './beta/personal-data';
import { claimCodePersonalData } from './economy/claim-codes/personal-data';
import { merchPersonalData } from './economy/merch/personal-data';
import { creditsPersonalData } from './economy/personal-data';
import { rewardPersonalData } from './economy/rewards/personal-data';
import { shopPersonalData } from './economy/shop/personal-data';
import { lightingPersonalData } from './lighting/personal-data';
import { moderationPersonalData } from './moderation/personal-data';
import { partnerPersonalData } from './partners/personal-data';
import type { PersonalDataPart } from './platform/personal-data';
import { sitePersonalData } from './site/personal-data';
import type { GameDatabase } from './stores';
import { theaterPersonalData } from './theater/personal-data';

/**
 * Where the domains' shares of a player's data join (issue 21 point 5): a player's download reads
 * every part, an account's deletion erases or anonymises every part, in each environment's store.
 * A domain that keeps anything about players adds its part here; personal-data.test.ts fails when
 * a deleted player's id, address or name is left anywhere in any store.
 */
export const PERSONAL_DATA_PARTS: readonly PersonalDataPart<GameDatabase>[] = [
  sitePersonalData,
  creditsPersonalData,
  shopPersonalData,
  merchPersonalData,
  claimCodePersonalData,
  rewardPersonalData,
  theaterPersonalData,
  betaPersonalData,
  moderationPersonalData,
  avatarPersonalData,
  lightingPersonalData,
  partnerPersonalData,
  adminLogPersonalData,
];
