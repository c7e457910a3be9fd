import { PARTNER_KEY, REFERRAL_NEW_PLAYER_DAYS } from '@outpost/contracts/partners';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database';
import { accountCreatedAt } from '../identity/index';

/*
 * What the partner programme reads of the identity store, shared by the environments: the
 * 'partner' profile key (docs/product.md §6.3) and whether an account is a new player's; display names are
 * identity's displayNamesOf. Key changes go through identity/search/keys.ts's changeKeysLast, as
 * the key editor's do.
 */

/** How a referred player without a profile yet is named. */
export const UNNAMED_PLAYER = 'A new player';

export const isPartner = (keys: readonly string[] | undefined) => (keys ?? []).includes(PARTNER_KEY);

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the account is a new player's: created at most REFERRAL_NEW_PLAYER_DAYS days before
 * `now`. The one rule of both joining and the landing page, so the page never offers a join the
 * join refuses.
 */
export async function isNewPlayer(identity: Kysely<IdentityDatabase>, userId: string, now: Date): Promise<boolean> {
  const createdAt = await accountCreatedAt(identity, userId);
  return createdAt !== undefined && now.getTime() - createdAt.getTime() <= REFERRAL_NEW_PLAYER_DAYS * DAY_MS;
}
