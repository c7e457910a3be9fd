import type { Kysely } from 'kysely';
import type { GameDatabase } from '../stores';

/*
 * The devices a message goes to, read from the push domain's device tokens (push_devices, kept
 * once per token in each environment's store): every device, or those of a message's gathered
 * recipients, in token order so a checkpoint is one token.
 */

export interface Device {
  token: string;
  userId: string;
}

/** The next `limit` devices after `after`, of everyone or of message `recipientsOf`'s recipients. */
export async function devicesAfter(
  db: Kysely<GameDatabase>,
  { after, limit, recipientsOf }: { after: string | null; limit: number; recipientsOf: string | null },
): Promise<Device[]> {
  let page = db
    .selectFrom('push_devices')
    .select(['push_devices.token', 'push_devices.user_id'])
    .orderBy('push_devices.token')
    .limit(limit);
  if (after !== null) page = page.where('push_devices.token', '>', after);
  if (recipientsOf !== null) {
    page = page.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('push_recipients')
          .select('push_recipients.user_id')
          .where('push_recipients.message_id', '=', recipientsOf)
          .whereRef('push_recipients.user_id', '=', 'push_devices.user_id'),
      ),
    );
  }
  return (await page.execute()).map((row) => ({ token: row.token, userId: row.user_id }));
}

/** One player's devices, for a test notification. */
export async function devicesOf(db: Kysely<GameDatabase>, userId: string): Promise<Device[]> {
  const rows = await db
    .selectFrom('push_devices')
    .select(['token', 'user_id'])
    .where('user_id', '=', userId)
    .orderBy('token')
    .execute();
  return rows.map((row) => ({ token: row.token, userId: row.user_id }));
}

/** Tokens the push service said will never work again: forgotten. */
export async function forgetDevices(db: Kysely<GameDatabase>, tokens: readonly string[]): Promise<void> {
  if (tokens.length > 0) await db.deleteFrom('push_devices').where('token', 'in', tokens).execute();
}
