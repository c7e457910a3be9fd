import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { CalendarEntryState } from '@outpost/contracts/calendar/schemas';
import { PUSH_STATE_LABELS, type PushMessageState, pushAudienceText } from '@outpost/contracts/push-messages';
import { sql } from 'kysely';
import type { CalendarSource } from '../domain';
import { cancelPush, reschedulePush } from './messages';

/** Where a message stands on the calendar; a cancelled one is not on it. */
const STATES: Record<Exclude<PushMessageState, 'cancelled'>, CalendarEntryState> = {
  scheduled: 'scheduled',
  sending: 'under-way',
  sent: 'done',
  failed: 'done',
};

/** When a message went (its run began), or is due while it waits: where it stands on the calendar. */
const WENT_AT = sql<string>`coalesce(${sql.ref('push_messages.started_at')}, ${sql.ref('push_messages.send_at')})`;

/**
 * The push messages on the calendar (docs/decisions/0139-the-calendar.md): a scheduled one at its
 * send date, one sending or sent at when it went, each a moment. Moved and cancelled as the push
 * screen does (its rules, its refusals, its admin-log entries): a move is the screen's reschedule
 * (reschedulePush), whose waiting run follows it.
 */
export const pushCalendar: CalendarSource = {
  kind: 'push',
  capability: 'sendPush',
  async entries({ game }, { from, to }) {
    const rows = await game
      .selectFrom('push_messages')
      // The segment's name now; a deleted one is named by its ID, as the push screen's history does.
      .leftJoin('segments', 'segments.segment_id', 'push_messages.segment_id')
      .select([
        'push_messages.message_id',
        'push_messages.title',
        'push_messages.recipient_category',
        'push_messages.segment_id',
        'push_messages.state',
        'segments.name as segment_name',
        WENT_AT.as('went_at'),
      ])
      .where('push_messages.state', 'in', Object.keys(STATES) as (keyof typeof STATES)[])
      .where(WENT_AT, '>=', from.toISOString())
      .where(WENT_AT, '<', to.toISOString())
      .execute();
    return rows.map((row) => {
      const audience = pushAudienceText({
        recipientCategory: row.recipient_category,
        segmentID: row.segment_id,
        segmentName: row.segment_name,
      });
      const state = STATES[row.state as keyof typeof STATES];
      return {
        kind: 'push' as const,
        entryID: row.message_id,
        title: row.title,
        detail: row.state === 'failed' ? `${audience} · ${PUSH_STATE_LABELS.failed}` : audience,
        startsAt: row.went_at,
        endsAt: null,
        state,
        href: ADMIN_ROUTES.adminPush,
      };
    });
  },
  async move(stores, entryID, startsAt, change) {
    await reschedulePush(stores, entryID, startsAt, change);
  },
  async cancel(stores, entryID, change) {
    await cancelPush(stores, entryID, change);
  },
};
