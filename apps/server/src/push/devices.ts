import { PUSH_DEVICES_PER_PLAYER, type PushPlatform, type RegisteredPushDevice } from '@outpost/contracts/push';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { PushDeviceRow } from './tables';
import { tokenKey } from './token-key';

/*
 * A player's devices as their clients register them. A token is one row per environment's store:
 * registering it for another player moves it (the device changed hands: notifications follow the
 * player signed in on it), registering it again refreshes when it was last seen.
 */

/**
 * How stale a device's last sighting may grow before a callable's messaging header writes it again:
 * the game sends the header with every call, and a write per call would be a write per click.
 */
export const PUSH_SEEN_REFRESH_MS = 60 * 60 * 1000;

interface Sighting {
  token: string;
  userId: string;
  now: Date;
}

/**
 * Inserts the device or takes it over for this player. The platform is written when the client named
 * it; a token from the messaging header names none, so a new row takes 'web' (the Firebase JS SDK
 * sends the header only where the browser's Notification permission is granted) and a known row keeps
 * its own. Without a platform the write happens only when the device moves or its sighting is older
 * than PUSH_SEEN_REFRESH_MS. Answers the row as written, or undefined when nothing needed writing.
 */
async function upsertDevice(
  db: Kysely<GameDatabase>,
  { token, userId, now }: Sighting,
  platform: PushPlatform | undefined,
): Promise<Pick<PushDeviceRow, 'platform' | 'registered_at' | 'last_seen'> | undefined> {
  const seen = now.toISOString();
  const written = await db
    .insertInto('push_devices')
    .values({
      token_hash: tokenKey(token),
      token,
      user_id: userId,
      platform: platform ?? 'web',
      registered_at: seen,
      last_seen: seen,
    })
    .onConflict((conflict) => {
      const update = conflict.column('token_hash').doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        // A device that changed hands is a new registration for its new player.
        registered_at: eb
          .case()
          .when('push_devices.user_id', '=', eb.ref('excluded.user_id'))
          .then(eb.ref('push_devices.registered_at'))
          .else(eb.ref('excluded.registered_at'))
          .end(),
        last_seen: eb.ref('excluded.last_seen'),
        ...(platform ? { platform: eb.ref('excluded.platform') } : {}),
      }));
      if (platform) return update;
      const staleBefore = new Date(now.getTime() - PUSH_SEEN_REFRESH_MS).toISOString();
      return update.where((eb) =>
        eb.or([
          eb('push_devices.user_id', '<>', eb.ref('excluded.user_id')),
          eb('push_devices.last_seen', '<', staleBefore),
        ]),
      );
    })
    .returning(['platform', 'registered_at', 'last_seen'])
    .executeTakeFirst();
  if (written) await forgetDevicesPastCap(db, userId);
  return written;
}

/**
 * Keeps a player's PUSH_DEVICES_PER_PLAYER most recently seen devices, so no client can grow a
 * player's list (and every send to them) without bound. Its own statement, outside the upsert's:
 * a registration holds no row lock while it trims, and the trim is the same whoever runs it last.
 */
async function forgetDevicesPastCap(db: Kysely<GameDatabase>, userId: string): Promise<void> {
  const devices = await db
    .selectFrom('push_devices')
    .select('token_hash')
    .where('user_id', '=', userId)
    .orderBy('last_seen', 'desc')
    .orderBy('token_hash')
    .execute();
  const past = devices.slice(PUSH_DEVICES_PER_PLAYER).map((device) => device.token_hash);
  if (past.length === 0) return;
  await db.deleteFrom('push_devices').where('user_id', '=', userId).where('token_hash', 'in', past).execute();
}

/** POST /api/push/devices: the client names the device's platform; the row is always written. */
export async function registerDevice(
  db: Kysely<GameDatabase>,
  sighting: Sighting & { platform: PushPlatform },
): Promise<RegisteredPushDevice> {
  const row = await upsertDevice(db, sighting, sighting.platform);
  // With a platform the conflict's update has no condition, so the write always answers its row.
  if (!row) throw new Error('Registering a push device wrote no row.');
  return { platform: row.platform, registeredAt: row.registered_at, lastSeen: row.last_seen };
}

/** A callable carried the device's messaging token: noted for its player, at most once per PUSH_SEEN_REFRESH_MS. */
export async function noteDeviceSeen(db: Kysely<GameDatabase>, sighting: Sighting): Promise<boolean> {
  return (await upsertDevice(db, sighting, undefined)) !== undefined;
}

/** DELETE /api/push/devices: forgets the token if it is the player's; false when it was not (gone, or another's now). */
export async function unregisterDevice(
  db: Kysely<GameDatabase>,
  { token, userId }: { token: string; userId: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_devices')
    .where('token_hash', '=', tokenKey(token))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
