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

/** A message scheduled a day ahead, written as the compose route writes one (no devices needed), for tests that follow the history. */
export async function insertScheduledPush(
  db: Kysely<GameDatabase>,
  message: { messageID: string; title: string; createdBy: string },
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('push_messages')
    .values({
      message_id: message.messageID,
      request_id: null,
      title: message.title,
      body: 'Scheduled by a test',
      recipient_category: 'everyone',
      active_since: null,
      user_ids: null,
      send_schedule: 'scheduled',
      send_at: new Date(now.getTime() + 86_400_000).toISOString(),
      state: 'scheduled',
      phase: 'recipients',
      recipients_after: null,
      devices_after: null,
      sent_count: 0,
      failed_count: 0,
      pruned_count: 0,
      created_by: message.createdBy,
      created_at: now.toISOString(),
      started_at: null,
      finished_at: null,
      last_error: null,
    })
    .execute();
}
