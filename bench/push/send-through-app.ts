import os from 'node:os';
import { type PushMessage, pushSendBatchName } from '@outpost/contracts/push-messages';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../../apps/server/src/database';

/* What both push rows (suite.ts, million.ts) do alike: the admin's send to everyone, and its wait for 'sent'. */

export const MESSAGE = {
  title: 'Double XP weekend',
  body: 'Every match counts twice until Sunday night. See you in the arena!',
};
/**
 * The app's FCM_DEVELOPMENT_QUOTA_PER_MINUTE in the bench: 100 times FCM's default. The project's
 * bucket is paid for every device but set never to bind: the local server has no quota, and FCM's
 * default (10,000 a second) would make the bucket, not the app, the figure.
 */
export const UNBINDING_QUOTA = 60_000_000;
/** How often the message's state is read while it sends. */
const POLL_MS = 100;

/** The 1-minute load average. */
export const load = () => os.loadavg()[0] ?? Number.NaN;

/** The admin's POST of MESSAGE to everyone in development, now; answers the message's id. */
export async function sendToEveryone(origin: string, authorization: string): Promise<string> {
  const response = await fetch(`${origin}/api/fn/${pushSendBatchName('development')}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ recipientCategory: 'everyone', sendSchedule: 'now', ...MESSAGE }),
  });
  if (!response.ok) throw new Error(`The push's POST answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as PushMessage).messageID;
}

/** Reads the message until it leaves 'scheduled' and 'sending', or until the give-up time; `onPoll` runs at each read. */
export async function waitForSent(
  game: Kysely<GameDatabase>,
  messageID: string,
  deadline: number,
  onPoll?: () => void,
) {
  for (;;) {
    onPoll?.();
    const row = await game
      .selectFrom('push_messages')
      .select(['state', 'sent_count', 'failed_count', 'pruned_count', 'started_at', 'finished_at'])
      .where('message_id', '=', messageID)
      .executeTakeFirstOrThrow();
    if ((row.state !== 'scheduled' && row.state !== 'sending') || performance.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
