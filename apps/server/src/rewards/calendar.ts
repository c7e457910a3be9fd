import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { CalendarEntryState } from '@outpost/contracts/calendar/schemas';
import { EVERYONE_REWARD_STATE_LABELS, type EveryoneRewardState } from '@outpost/contracts/rewards';
import type { CalendarRecord, CalendarSource } from '../domain';
import { cancelEveryoneReward, rescheduleEveryoneReward } from './everyone';

/** Where a reward to everyone stands on the calendar; a cancelled one is not on it. */
const STATES: Record<Exclude<EveryoneRewardState, 'cancelled'>, CalendarEntryState> = {
  scheduled: 'scheduled',
  queued: 'under-way',
  running: 'under-way',
  done: 'done',
  failed: 'done',
};

const players = (count: number) => count.toLocaleString('en-US');

/**
 * The rewards to everyone on the calendar (docs/decisions/0139-the-calendar.md). A scheduled one is a moment
 * at its time, moved and cancelled as the reward screen does (everyone.ts: its rules, its refusals, its
 * admin-log entries, its run moved or withdrawn with it). One sent is drawn from its send to when its job
 * finished; one still queued or running is drawn up to now: it covers the time it has taken so far, shows on
 * today's calendar however long ago it was sent, and grows as its batches' changes refresh the calendar; an
 * open end would draw it as a moment at its send, gone from the days it is still running.
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
        'reward_everyone.send_at',
        'reward_distributions.reason',
      ])
      .where('reward_everyone.state', '<>', 'cancelled')
      .where('reward_everyone.send_at', '<', to.toISOString())
      // Ended in the window, or not ended: scheduled, under way (up to now), or failed with no end recorded.
      .where((eb) =>
        eb.or([
          eb('reward_everyone.finished_at', '>=', from.toISOString()),
          eb('reward_everyone.finished_at', 'is', null),
        ]),
      )
      .execute();
    return rows.flatMap((row): CalendarRecord[] => {
      if (row.state === 'cancelled') return [];
      const label = EVERYONE_REWARD_STATE_LABELS[row.state];
      const scheduled = row.state === 'scheduled';
      const state = STATES[row.state];
      // A scheduled one is a moment; one that failed before its give-up was recorded has no end: its last known moment.
      const endsAt = scheduled
        ? null
        : (row.finished_at ?? (state === 'under-way' ? now.toISOString() : (row.started_at ?? row.send_at)));
      if (endsAt !== null && Date.parse(endsAt) < from.getTime()) return [];
      return [
        {
          kind: 'reward-run',
          entryID: row.request_id,
          title: row.reason,
          detail: scheduled
            ? `${label} · every player, counted when it goes`
            : `${label} · ${players(row.reached)} of ${players(row.players_at_send)} players`,
          startsAt: row.send_at,
          endsAt,
          state,
          href: ADMIN_ROUTES.adminRewards,
        },
      ];
    });
  },
  async move(stores, entryID, startsAt, change) {
    await rescheduleEveryoneReward(stores, entryID, startsAt, change);
  },
  async cancel(stores, entryID, change) {
    await cancelEveryoneReward(stores, entryID, change);
  },
};
