import { BETA_REQUEST_STATUS } from '@outpost/contracts/beta';
import type { SegmentAttributeSource } from '../domain';
import { withinPlayers } from '../segments/index';

/** Who is in the beta, for segments: an accepted request, and who came in through an invite. */
export const BETA_SEGMENT_ATTRIBUTES: readonly SegmentAttributeSource[] = [
  {
    attribute: 'betaTester',
    async values({ game }, players) {
      const rows = await withinPlayers(game.selectFrom('beta_requests'), 'user_id', players)
        .select('user_id')
        .where('status', '=', BETA_REQUEST_STATUS.accepted)
        .execute();
      return rows.map((row) => ({ userId: row.user_id, value: 1 }));
    },
  },
  {
    attribute: 'earlyAccess',
    async values({ game }, players) {
      const rows = await withinPlayers(game.selectFrom('invite_claims'), 'user_id', players)
        .select('user_id')
        .distinct()
        .execute();
      return rows.map((row) => ({ userId: row.user_id, value: 1 }));
    },
  },
];
