import { PARTNER_KEY } from '@outpost/contracts/partners';
import type { SegmentAttributeSource } from '../domain';
import { withinPlayers } from '../segments/index';
import { profilesHoldingKey } from './queries';

/** The partners (the 'partner' key), for segments; an account's age comes with the accounts. */
export const IDENTITY_SEGMENT_ATTRIBUTES: readonly SegmentAttributeSource[] = [
  {
    attribute: 'partner',
    async values({ identity }, players) {
      const rows = await withinPlayers(profilesHoldingKey(identity, PARTNER_KEY), 'user_id', players)
        .select('user_id')
        .execute();
      return rows.map((row) => ({ userId: row.user_id, value: 1 }));
    },
  },
];
