import type { ExperimentMetricSource } from '../domain';
import { byChunks } from '../experiments/index';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** `at` rounded up to a whole hour (itself when on the hour). */
const ceilHour = (at: number) => Math.ceil(at / HOUR_MS) * HOUR_MS;
/** presence_hours' key of the hour starting at `at`. */
const hourKey = (at: number) => new Date(at).toISOString().slice(0, 13);

/**
 * Return on day `day` after exposure: 1 when the game saw the player in one of the 24 whole hours
 * from exposure + `day` days rounded up to the hour, else 0. presence_hours keeps only the hours a
 * player was seen in, so a day of whole hours starting at or after exposure + `day` days is what
 * counts no visit sooner than `day` days after the exposure (a visit 23 h after it is not day 1).
 * Only players whose day is over by `until` count.
 */
function returnOnDay(metric: 'day1Return' | 'day7Return', day: number): ExperimentMetricSource {
  return {
    metric,
    async values({ game }, exposures, until) {
      const dayOf = new Map(
        exposures.map((exposure) => [exposure.userId, ceilHour(exposure.exposedAt.getTime() + day * DAY_MS)]),
      );
      const due = exposures.filter(
        (exposure) => (dayOf.get(exposure.userId) ?? Number.NaN) + DAY_MS <= until.getTime(),
      );
      const values = new Map(due.map((exposure): [string, number] => [exposure.userId, 0]));
      await byChunks(due, async (userIds, since) => {
        const rows = await game
          .selectFrom('presence_hours')
          .select(['user_id', 'hour'])
          .where('user_id', 'in', userIds)
          .where('hour', '>=', since.slice(0, 13))
          .where('hour', '<', hourKey(until.getTime()))
          .execute();
        for (const row of rows) {
          const start = Date.parse(`${row.hour}:00:00.000Z`);
          const from = dayOf.get(row.user_id) ?? Number.NaN;
          if (start >= from && start < from + DAY_MS) values.set(row.user_id, 1);
        }
      });
      return values;
    },
  };
}

/** Minutes of the sessions the game reported from each player's exposure to `until` (0 for none). */
const playtimePerPlayer: ExperimentMetricSource = {
  metric: 'playtimePerPlayer',
  async values({ game }, exposures, until) {
    const values = new Map(exposures.map((exposure): [string, number] => [exposure.userId, 0]));
    const exposedAt = new Map(exposures.map((exposure) => [exposure.userId, exposure.exposedAt.getTime()]));
    const end = until.toISOString();
    await byChunks(exposures, async (userIds, since) => {
      const rows = await game
        .selectFrom('user_playtime')
        .select(['user_id', 'seconds', 'played_at'])
        .where('user_id', 'in', userIds)
        .where('played_at', '>=', since)
        .where('played_at', '<', end)
        .execute();
      for (const row of rows) {
        // Compared as instants: this runs for every session of every exposed player, so no string is made per row.
        if (new Date(row.played_at).getTime() < (exposedAt.get(row.user_id) ?? Number.NaN)) continue;
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
