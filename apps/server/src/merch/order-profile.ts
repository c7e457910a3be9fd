import {
  type MerchShipping,
  type OrderProfile,
  orderProfileSchema,
  type SavedOrderProfile,
} from '@outpost/contracts/merch';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { prepareQuery } from '../platform/db/prepared-query';

/*
 * The order profile (docs/product.md §3.15; user-order-settings): one per player, saved whole by
 * set-order-profile. It is stored as the contract's JSON and read back through the contract, so a profile
 * saved by an older version that no longer passes today's rules reads as missing fields to fill in rather
 * than as an error.
 */

/** Read on every checkout: compiled once per database handle. */
const orderProfileOf = prepareQuery((db: Kysely<GameDatabase>, params: { userId: string }) =>
  db.selectFrom('user_order_settings').select(['profile', 'updated_at']).where('user_id', '=', params.userId),
);

/** A stored profile through today's contract; null when it no longer passes. */
function storedProfile(json: string): OrderProfile | null {
  const parsed = orderProfileSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

export async function readOrderProfile(db: Kysely<GameDatabase>, userId: string): Promise<SavedOrderProfile> {
  const [row] = await orderProfileOf(db, { userId });
  if (!row) return { profile: null, updatedAt: null };
  return { profile: storedProfile(row.profile), updatedAt: row.updated_at };
}

/** The players' profiles in one statement (a batch of checkouts); a player without a usable one is left out. */
export async function readOrderProfiles(
  db: Kysely<GameDatabase>,
  userIds: readonly string[],
): Promise<Map<string, OrderProfile>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_order_settings')
    .select(['user_id', 'profile'])
    .where('user_id', 'in', userIds)
    .execute();
  const profiles = new Map<string, OrderProfile>();
  for (const row of rows) {
    const profile = storedProfile(row.profile);
    if (profile) profiles.set(row.user_id, profile);
  }
  return profiles;
}

/** What an order keeps of its player's profile: where it ships and to whom. */
export function shippingOf(profile: OrderProfile): MerchShipping {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    phone: profile.phone,
    countryCode: profile.countryCode,
    cut: profile.cut,
    sizes: profile.sizes,
    address: profile.shippingAddress,
  };
}

/** Saves the player's profile (already parsed by the contract), replacing the one before. */
export async function saveOrderProfile(
  db: Kysely<GameDatabase>,
  userId: string,
  profile: OrderProfile,
  now = new Date(),
): Promise<SavedOrderProfile> {
  const updatedAt = now.toISOString();
  const json = JSON.stringify(profile);
  await db
    .insertInto('user_order_settings')
    .values({ user_id: userId, profile: json, updated_at: updatedAt })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ profile: json, updated_at: updatedAt }))
    .execute();
  return { profile, updatedAt };
}
