import type { SegmentAttributeSource } from '../domain';
import { withinPlayers } from '../segments/index';

/** What the game reported of each player, for segments: when it last saw them, how long they played, their level. */
export const GAME_DATA_SEGMENT_ATTRIBUTES: readonly SegmentAttributeSource[] = [
  {
    attribute: 'lastSeenDays',
    async values({ game }, players) {
      const rows = await withinPlayers(game.selectFrom('user_presence'), 'user_id', players)
        .select(['user_id', 'last_seen'])
        .execute();
      return rows.map((row) => ({ userId: row.user_id, value: Date.parse(row.last_seen) }));
    },
  },
  {
    attribute: 'playtimeMinutes',
    async values({ game }, players) {
      const rows = await withinPlayers(game.selectFrom('user_playtime'), 'user_id', players)
        .select((eb) => ['user_id', eb.fn.sum<number | string>('seconds').as('seconds')])
        .groupBy('user_id')
        .execute();
      return rows.map((row) => ({ userId: row.user_id, value: Math.floor(Number(row.seconds) / 60) }));
    },
  },
  {
    attribute: 'highestLevel',
    async values({ game }, players) {
      const rows = await withinPlayers(game.selectFrom('levels'), 'user_id', players)
        .select(['user_id', 'level'])
        .execute();
      return rows.map((row) => ({ userId: row.user_id, value: row.level }));
    },
  },
];
