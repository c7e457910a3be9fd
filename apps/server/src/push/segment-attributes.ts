import type { SegmentAttributeSource } from '../domain';
import { platformBit, withinPlayers } from '../segments/index';

/** The platforms each player has a device registered on, for segments. */
export const PUSH_SEGMENT_ATTRIBUTES: readonly SegmentAttributeSource[] = [
  {
    attribute: 'platform',
    async values({ game }, players) {
      const rows = await withinPlayers(game.selectFrom('push_devices'), 'user_id', players)
        .select(['user_id', 'platform'])
        .distinct()
        .execute();
      return rows.map((row) => ({ userId: row.user_id, value: platformBit(row.platform) }));
    },
  },
];
