import { BETA_REQUEST_STATUS } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { PARTNER_KEY } from '@outpost/contracts/partners';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import { heldKeyPattern } from '../identity/index';
import type { Segments } from '../segments/index';
import type { PushMessageRow } from './tables';

/*
 * A segment message's players, a page at a time in id order (the sending job gathers them into
 * push_recipients before it sends): the same groups the reward screen names (beta testers, partners),
 * the players the game saw since a time, the chosen players, and the players of a segment. 'everyone'
 * has no list: every device of the environment is its audience.
 */

export interface RecipientStores {
  game: Kysely<GameDatabase>;
  identity: Kysely<IdentityDatabase>;
  /** The players of one of the environment's segments in id order, or null when it has no such segment. */
  segmentMembers(segmentID: string): Promise<readonly string[] | null>;
}

/** A segment message's players were to be read, and the segment is gone (its deletion is refused while one waits). */
export class PushSegmentMissing extends Error {
  constructor(readonly segmentID: string) {
    super(`The segment "${segmentID}" no longer exists, so the message has no players to go to.`);
  }
}

/**
 * The environment's segments' players as one use reads them: every page of a send (or of a count)
 * reads the same reading, so a new reading between two pages cannot move a player past the checkpoint
 * unsent, and the segment is worked out once rather than once per page.
 */
export function segmentMembersOf(
  segments: Pick<Segments, 'audienceOf'>,
  environment: Environment,
): RecipientStores['segmentMembers'] {
  const read = new Map<string, Promise<string[] | null>>();
  return (segmentID) => {
    let members = read.get(segmentID);
    if (!members) {
      members = segments.audienceOf(environment, segmentID).then((audience) => audience?.userIds ?? null);
      read.set(segmentID, members);
    }
    return members;
  };
}

/** Where the ids past `after` begin in a list in id order. */
function firstAfter(ids: readonly string[], after: string): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ids[middle] as string) <= after) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The next `limit` player ids after `after` (from the first when null) of the message's segment. */
export async function recipientsAfter(
  { game, identity, segmentMembers }: RecipientStores,
  message: Pick<PushMessageRow, 'recipient_category' | 'active_since' | 'user_ids' | 'segment_id'>,
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
    case 'segment': {
      const segmentID = message.segment_id ?? '';
      const members = await segmentMembers(segmentID);
      if (members === null) throw new PushSegmentMissing(segmentID);
      const start = after === null ? 0 : firstAfter(members, after);
      return members.slice(start, start + limit);
    }
    case 'everyone':
      return [];
  }
}
