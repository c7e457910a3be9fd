import { BETA_REQUEST_STATUS } from '@outpost/contracts/beta';
import { PARTNER_KEY } from '@outpost/contracts/partners';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import { heldKeyPattern } from '../identity/index';
import type { PushMessageRow } from './tables';

/*
 * A segment message's players, a page at a time in id order (the sending job gathers them into
 * push_recipients before it sends): the same groups the reward screen names (beta testers, partners),
 * the players the game saw since a time, and the chosen players. 'everyone' has no list: every
 * device of the environment is its audience.
 */

export interface RecipientStores {
  game: Kysely<GameDatabase>;
  identity: Kysely<IdentityDatabase>;
}

/** The next `limit` player ids after `after` (from the first when null) of the message's segment. */
export async function recipientsAfter(
  { game, identity }: RecipientStores,
  message: Pick<PushMessageRow, 'recipient_category' | 'active_since' | 'user_ids'>,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const from = (id: string) => after === null || id > after;
  switch (message.recipient_category) {
    case 'users': {
      const chosen = (JSON.parse(message.user_ids ?? '[]') as string[]).sort();
      return chosen.filter(from).slice(0, limit);
    }
    case 'beta-testers': {
      let page = game
        .selectFrom('beta_requests')
        .select('user_id')
        .where('status', '=', BETA_REQUEST_STATUS.accepted)
        .orderBy('user_id')
        .limit(limit);
      if (after !== null) page = page.where('user_id', '>', after);
      return (await page.execute()).map((row) => row.user_id);
    }
    case 'partners': {
      let page = identity
        .selectFrom('profiles')
        .select('user_id')
        .where('keys', 'like', heldKeyPattern(PARTNER_KEY))
        .orderBy('user_id')
        .limit(limit);
      if (after !== null) page = page.where('user_id', '>', after);
      return (await page.execute()).map((row) => row.user_id);
    }
    case 'active': {
      let page = game
        .selectFrom('user_presence')
        .select('user_id')
        .where('last_seen', '>=', message.active_since ?? '')
        .orderBy('user_id')
        .limit(limit);
      if (after !== null) page = page.where('user_id', '>', after);
      return (await page.execute()).map((row) => row.user_id);
    }
    case 'everyone':
      return [];
  }
}
