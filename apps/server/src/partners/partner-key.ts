import { PARTNER_KEY } from '@outpost/contracts/partners';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../stores';

/*
 * The 'partner' profile key (spec §6) lives in the identity store, shared by the environments.
 * Its writes here are conditional on the keys read before, so a rival key change in between is
 * never overwritten unseen.
 */

export interface PartnerProfile {
  displayName: string;
  /** The profile's keys as stored (JSON text), the condition of a later change. */
  storedKeys: string;
  keys: string[];
}

export async function findPartnerProfile(
  identity: Kysely<IdentityDatabase>,
  userId: string,
): Promise<PartnerProfile | undefined> {
  const row = await identity
    .selectFrom('profiles')
    .select(['display_name', 'keys'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { displayName: row.display_name, storedKeys: row.keys, keys: JSON.parse(row.keys) as string[] };
}

export const isPartner = (keys: readonly string[] | undefined) => (keys ?? []).includes(PARTNER_KEY);

/** Sets the keys to `to` if they are still `from`; false when they changed meanwhile. */
export async function swapKeys(
  identity: Kysely<IdentityDatabase>,
  userId: string,
  from: string,
  to: string,
): Promise<boolean> {
  const result = await identity
    .updateTable('profiles')
    .set({ keys: to })
    .where('user_id', '=', userId)
    .where('keys', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The display names of these players (those with a profile). */
export async function displayNamesOf(
  identity: Kysely<IdentityDatabase>,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await identity
    .selectFrom('profiles')
    .select(['user_id', 'display_name'])
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.display_name]));
}
