import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { CalendarEntryState } from '@outpost/contracts/calendar/schemas';
import { EVERYONE_REWARD_STATE_LABELS, type EveryoneRewardState } from '@outpost/contracts/rewards';
import type { CalendarSource } from '../domain';

const STATES: Record<EveryoneRewardState, CalendarEntryState> = {
  queued: 'under-way',
  running: 'under-way',
  done: 'done',
  failed: 'done',
};

const players = (count: number) => count.toLocaleString('en-US');

/**
 * The rewards to everyone on the calendar (docs/decisions/0139-the-calendar.md), each from when it
 * was sent to when its job finished. One still queued or running is drawn up to now: it covers the
 * time it has taken so far, shows on today's calendar however long ago it was sent, and grows as its
 * batches' changes refresh the calendar; an open end would draw it as a moment at its send, gone
 * from the days it is still running. The reward screen neither moves nor cancels one: nor does this.
 */
export const rewardCalendar: CalendarSource = {
  kind: 'reward-run',
  capability: 'distributeRewards',
  async entries({ game }, { from, to, now }) {
    const rows = await game
      .selectFrom('reward_everyone')
      .innerJoin('reward_distributions', 'reward_distributions.request_id', 'reward_everyone.request_id')
      .select([
        'reward_everyone.request_id',
        'reward_everyone.state',
        'reward_everyone.players_at_send',
        'reward_everyone.reached',
        'reward_everyone.started_at',
        'reward_everyone.finished_at',
        'reward_distributions.reason',
        'reward_distributions.distributed_at',
      ])
      .where('reward_distributions.distributed_at', '<', to.toISOString())
      .where((eb) => {
        const ended = eb('reward_everyone.finished_at', '>=', from.toISOString());
        // One under way (no end yet) reaches now.
        return now.getTime() >= from.getTime() ? eb.or([ended, eb('reward_everyone.finished_at', 'is', null)]) : ended;
      })
      .execute();
    return rows.flatMap((row) => {
      const state = STATES[row.state];
      // One that failed before its give-up was recorded has no end: its last known moment.
      const endsAt =
        row.finished_at ?? (state === 'under-way' ? now.toISOString() : (row.started_at ?? row.distributed_at));
      if (Date.parse(endsAt) < from.getTime()) return [];
      return [
        {
          kind: 'reward-run' as const,
          entryID: row.request_id,
          title: row.reason,
          detail: `${EVERYONE_REWARD_STATE_LABELS[row.state]} · ${players(row.reached)} of ${players(row.players_at_send)} players`,
          startsAt: row.distributed_at,
          endsAt,
          state,
          href: ADMIN_ROUTES.adminRewards,
        },
      ];
    });
  },
};
