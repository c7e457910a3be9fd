import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../../apps/server/src/database';
import { indexedToken } from '../../apps/server/src/platform/push-transport/testing';
import { tokenKey } from '../../apps/server/src/push/token-key';

/** Rows per insert: SQLite binds at most 32,766 values, and a device takes six columns. */
const BATCH = 2_000;
/** Devices per player: a phone and a tablet, under the ten a player may keep. */
const DEVICES_PER_PLAYER = 2;
const PLATFORMS = ['android', 'ios', 'web'] as const;

/**
 * A registration token shaped like FCM's (an instance id, a colon, a base64url blob; about 160
 * characters), unique per device and per run.
 */
function benchToken(index: number, run: string): string {
  return `${run}${index.toString(36)}:APA91b${randomBytes(105).toString('base64url')}`;
}

/**
 * Writes `count` devices, the token of device i being `tokenOf(i)`, into the store's push_devices
 * straight away, in one transaction, keyed as registration keys them (tokenKey): registering them
 * through the route would measure the registration, not the send. Only a batch's rows are held at a time.
 */
async function insertDevices(game: Kysely<GameDatabase>, count: number, tokenOf: (index: number) => string) {
  const at = new Date().toISOString();
  await game.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += BATCH) {
      const rows = [];
      for (let index = start; index < Math.min(start + BATCH, count); index += 1) {
        const token = tokenOf(index);
        rows.push({
          token_hash: tokenKey(token),
          token,
          user_id: `push-bench-player-${Math.floor(index / DEVICES_PER_PLAYER)}`,
          platform: PLATFORMS[index % PLATFORMS.length] as (typeof PLATFORMS)[number],
          registered_at: at,
          last_seen: at,
        });
      }
      await trx.insertInto('push_devices').values(rows).execute();
    }
  });
}

/** Seeds `count` devices with random tokens; answers the tokens, which the local FCM server must receive once each. */
export async function seedPushDevices(game: Kysely<GameDatabase>, count: number): Promise<string[]> {
  const run = randomBytes(6).toString('base64url');
  const tokens = Array.from({ length: count }, (_, index) => benchToken(index, run));
  await insertDevices(game, count, (index) => tokens[index] as string);
  return tokens;
}

/**
 * Seeds `count` devices whose tokens carry their index (indexedToken), so that neither this process
 * nor the local FCM server in count-only mode keeps them: the server checks them in a bitmap.
 */
export async function seedIndexedPushDevices(game: Kysely<GameDatabase>, count: number): Promise<void> {
  const run = randomBytes(6).toString('base64url');
  await insertDevices(game, count, (index) => indexedToken(run, index));
}
