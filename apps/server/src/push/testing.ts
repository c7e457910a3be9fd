import type { Kysely } from 'kysely';
import { expect, vi } from 'vitest';
import type { GameDatabase } from '../database';

/** Test helpers for push messages. */

/** Waits (up to 10 s) until the app's job runner has sent the push message: its state is `sent`. */
export async function waitUntilPushSent(db: Kysely<GameDatabase>, messageID: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const message = await db
        .selectFrom('push_messages')
        .select('state')
        .where('message_id', '=', messageID)
        .executeTakeFirstOrThrow();
      expect(message.state).toBe('sent');
    },
    { timeout: 10_000, interval: 25 },
  );
}
