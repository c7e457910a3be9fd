import type { GameDatabase } from '../database';
import { anonymiseColumns, type PersonalDataPart, replaceInText } from '../platform/personal-data';

/**
 * A player's push devices are theirs alone: downloaded with their tokens, and erased with the
 * account. So are the pushes their devices were handed (when and how each fared), erased with the
 * device tokens they name; the messages and their counts stay, under the anonymous id where they
 * named the player.
 */
export const pushPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const [devices, deliveries] = await Promise.all([
      db
        .selectFrom('push_devices')
        .select(['platform', 'token', 'registered_at', 'last_seen'])
        .where('user_id', '=', userId)
        .orderBy('registered_at')
        .orderBy('token_hash')
        .execute(),
      db
        .selectFrom('push_deliveries')
        .innerJoin('push_messages', 'push_messages.message_id', 'push_deliveries.message_id')
        .select(['push_messages.title', 'push_messages.body', 'push_messages.send_at', 'push_deliveries.status'])
        .where('push_deliveries.user_id', '=', userId)
        .orderBy('push_messages.send_at')
        .execute(),
    ]);
    return {
      pushDevices: devices.map((device) => ({
        platform: device.platform,
        token: device.token,
        registeredAt: device.registered_at,
        lastSeen: device.last_seen,
      })),
      pushNotifications: deliveries.map((row) => ({
        title: row.title,
        body: row.body,
        sentAt: row.send_at,
        status: row.status,
      })),
    };
  },
  async erase(trx, subject) {
    await trx.deleteFrom('push_devices').where('user_id', '=', subject.userId).execute();
    await trx.deleteFrom('push_deliveries').where('user_id', '=', subject.userId).execute();
    await trx.deleteFrom('push_recipients').where('user_id', '=', subject.userId).execute();
    // A message that named them among its chosen players, or that they sent as an admin, stays history.
    await replaceInText(
      trx,
      { push_messages: ['user_ids'] },
      JSON.stringify(subject.userId),
      JSON.stringify(subject.anonymousId),
    );
    await anonymiseColumns(trx, { push_messages: ['created_by'] }, subject);
  },
};
