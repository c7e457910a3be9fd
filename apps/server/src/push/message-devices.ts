import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { audienceDevicePage, type PushAudience, type PushDevice } from './audience';

/*
 * A message's devices, paged as audience.ts pages devices: every device of the environment, or
 * those of the players the job gathered into push_recipients, in the devices' key order, so a
 * checkpoint is one key.
 */

export type Device = Pick<PushDevice, 'token' | 'userId' | 'key'>;

/** Whom a message's devices belong to: everyone, or its gathered recipients. */
export function messageAudience(recipientsOf: string | null): PushAudience {
  if (recipientsOf === null) return { kind: 'everyone' };
  return {
    kind: 'segment',
    players: (db) => db.selectFrom('push_recipients').select('user_id').where('message_id', '=', recipientsOf),
  };
}

/** The next `limit` devices after key `after`, with the last one's key (the checkpoint past them); none at the end. */
export async function devicesAfter(
  db: Kysely<GameDatabase>,
  { after, limit, recipientsOf }: { after: string | null; limit: number; recipientsOf: string | null },
): Promise<{ devices: Device[]; lastKey: string | null }> {
  const { devices } = await audienceDevicePage(db, messageAudience(recipientsOf), { after, limit });
  return { devices, lastKey: devices.at(-1)?.key ?? null };
}
