import type { SegmentAttributeSource } from '../domain';
import { withinPlayers } from '../segments/index';
import { hasPremium } from './state-machine';
import { statusOf } from './subscription-events';

/** The players premium now, on any channel, for segments. */
export const SUBSCRIPTION_SEGMENT_ATTRIBUTES: readonly SegmentAttributeSource[] = [
  {
    attribute: 'premium',
    async values({ game }, players, now) {
      const rows = await withinPlayers(game.selectFrom('subscriptions'), 'user_id', players).selectAll().execute();
      return rows.flatMap((row) => (hasPremium(statusOf(row), now) ? [{ userId: row.user_id, value: 1 }] : []));
    },
  },
];
