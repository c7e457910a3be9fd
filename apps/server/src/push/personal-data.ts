import type { GameDatabase } from '../database';
import type { PersonalDataPart } from '../platform/personal-data';

/** A player's push devices are theirs alone: downloaded with their tokens, and erased with the account. */
export const pushPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const devices = await db
      .selectFrom('push_devices')
      .select(['platform', 'token', 'registered_at', 'last_seen'])
      .where('user_id', '=', userId)
      .orderBy('registered_at')
      .orderBy('token_hash')
      .execute();
    return {
      pushDevices: devices.map((device) => ({
        platform: device.platform,
        token: device.token,
        registeredAt: device.registered_at,
        lastSeen: device.last_seen,
      })),
    };
  },
  async erase(trx, { userId }) {
    await trx.deleteFrom('push_devices').where('user_id', '=', userId).execute();
  },
};
