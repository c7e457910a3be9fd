import { PARTNER_KEY } from '@outpost/contracts/partners';
import type { SegmentAttributeSource } from '../domain';
import { withinPlayers } from '../segments/index';
import { accountsHoldingKey } from './queries';

/** The partners (the 'partner' key), for segments; an account's age comes with the accounts. */
export const IDENTITY_SEGMENT_ATTRIBUTES: readonly SegmentAttributeSource[] = [
  {
    attribute: 'partner',
    async values({ identity }, players) {
      const rows = await withinPlayers(accountsHoldingKey(identity, PARTNER_KEY), 'profiles.user_id', players)
        .select('profiles.user_id')
        .execute();
      return rows.map((row) => ({ userId: row.user_id, value: 1 }));
    },
  },
];
