import type { ExperimentMetricSource } from '../domain';
import { byChunks } from '../experiments/index';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Return on day `day` after exposure: 1 when the game saw the player in an hour that overlaps
 * [exposure + day days, exposure + day + 1 days), else 0 (presence_hours keeps each hour a player
 * was seen in). Only players exposed at least day + 1 days before `now` count: the day is over.
 */
function returnOnDay(metric: 'day1Return' | 'day7Return', day: number): ExperimentMetricSource {
  return {
    metric,
    async values({ game }, exposures, now) {
      const due = exposures.filter((exposure) => exposure.exposedAt.getTime() + (day + 1) * DAY_MS <= now.getTime());
      const exposedAt = new Map(due.map((exposure) => [exposure.userId, exposure.exposedAt.getTime()]));
      const values = new Map(due.map((exposure): [string, number] => [exposure.userId, 0]));
      await byChunks(due, async (userIds, since) => {
        const rows = await game
          .selectFrom('presence_hours')
          .select(['user_id', 'hour'])
          .where('user_id', 'in', userIds)
          .where('hour', '>=', since.slice(0, 13))
          .execute();
        for (const row of rows) {
          const start = Date.parse(`${row.hour}:00:00.000Z`);
          const from = (exposedAt.get(row.user_id) ?? Number.NaN) + day * DAY_MS;
          if (start + HOUR_MS > from && start < from + DAY_MS) values.set(row.user_id, 1);
        }
      });
      return values;
    },
  };
}

/** Minutes of the sessions the game reported since each player's exposure (0 for none). */
const playtimePerPlayer: ExperimentMetricSource = {
  metric: 'playtimePerPlayer',
  async values({ game }, exposures) {
    const values = new Map(exposures.map((exposure): [string, number] => [exposure.userId, 0]));
    const exposedAt = new Map(exposures.map((exposure) => [exposure.userId, exposure.exposedAt.toISOString()]));
    await byChunks(exposures, async (userIds, since) => {
      const rows = await game
        .selectFrom('user_playtime')
        .select(['user_id', 'seconds', 'played_at'])
        .where('user_id', 'in', userIds)
        .where('played_at', '>=', since)
        .execute();
      for (const row of rows) {
        if (new Date(row.played_at).toISOString() < (exposedAt.get(row.user_id) ?? '')) continue;
        values.set(row.user_id, (values.get(row.user_id) ?? 0) + row.seconds / 60);
      }
    });
    return values;
  },
};

/** What the game reported, as experiments' goal metrics: playtime, and day-1 and day-7 return. */
export const GAME_DATA_EXPERIMENT_METRICS: readonly ExperimentMetricSource[] = [
  playtimePerPlayer,
  returnOnDay('day1Return', 1),
  returnOnDay('day7Return', 7),
];
