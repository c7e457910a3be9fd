import type { SegmentUseCheck } from '../domain';

/**
 * Where push names a segment: a message waiting for its time or still being sent, whose players are
 * read from the segment when its sending gathers them. A message already sent keeps only its ID.
 */
export const pushSegmentUse: SegmentUseCheck = async (db, segmentID) => {
  // Run in the deleting transaction, which holds the segment's row first: a message being recorded
  // holds it too (messages.ts), so it has committed and is found here, or it waits and is refused.
  const message = await db
    .selectFrom('push_messages')
    .select(['title', 'state', 'send_at'])
    .where('segment_id', '=', segmentID)
    .where('state', 'in', ['scheduled', 'sending'])
    .orderBy('send_at')
    .executeTakeFirst();
  if (!message) return null;
  return message.state === 'scheduled'
    ? `the push message “${message.title}” scheduled for ${message.send_at}`
    : `the push message “${message.title}”, being sent now`;
};
