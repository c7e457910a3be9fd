import { BETA_REQUEST_STATUS } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { PARTNER_KEY } from '@outpost/contracts/partners';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import { accountsHoldingKey } from '../identity/index';
import type { Segments } from '../segments/index';
import type { AudienceMembers } from './audience';
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

/** The accepted beta testers, the partners, and the players seen since a time: each category's query. */
const betaTesters = (game: Kysely<GameDatabase>) =>
  game.selectFrom('beta_requests').select('user_id').where('status', '=', BETA_REQUEST_STATUS.accepted);
const partners = (identity: Kysely<IdentityDatabase>) =>
  accountsHoldingKey(identity, PARTNER_KEY).select('profiles.user_id as user_id');
const activeSince = (game: Kysely<GameDatabase>, since: string | null) =>
  game
    .selectFrom('user_presence')
    .select('user_id')
    .where('last_seen', '>=', since ?? '');

type RecipientCategories = Pick<PushMessageRow, 'recipient_category' | 'active_since' | 'user_ids' | 'segment_id'>;

const chosenOf = (message: RecipientCategories) => (JSON.parse(message.user_ids ?? '[]') as string[]).sort();

async function segmentOf(
  { segmentMembers }: RecipientStores,
  message: RecipientCategories,
): Promise<readonly string[]> {
  const segmentID = message.segment_id ?? '';
  const members = await segmentMembers(segmentID);
  if (members === null) throw new PushSegmentMissing(segmentID);
  return members;
}

/** The next `limit` player ids after `after` (from the first when null) of the message's segment. */
export async function recipientsAfter(
  stores: RecipientStores,
  message: RecipientCategories,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const { game, identity } = stores;
  const from = (id: string) => after === null || id > after;
  switch (message.recipient_category) {
    case 'users':
      return chosenOf(message).filter(from).slice(0, limit);
    case 'beta-testers': {
      let page = betaTesters(game).orderBy('user_id').limit(limit);
      if (after !== null) page = page.where('user_id', '>', after);
      return (await page.execute()).map((row) => row.user_id);
    }
    case 'partners': {
      let page = partners(identity).orderBy('user_id').limit(limit);
      if (after !== null) page = page.where('user_id', '>', after);
      return (await page.execute()).map((row) => row.user_id);
    }
    case 'active': {
      let page = activeSince(game, message.active_since).orderBy('user_id').limit(limit);
      if (after !== null) page = page.where('user_id', '>', after);
      return (await page.execute()).map((row) => row.user_id);
    }
    case 'segment': {
      const members = await segmentOf(stores, message);
      const start = after === null ? 0 : firstAfter(members, after);
      return members.slice(start, start + limit);
    }
    case 'everyone':
      return [];
  }
}

/**
 * The message's players as members of one statement of the game store, for counting them whole:
 * the game store's own query where it has one (beta testers, the active), else the list read once
 * (the chosen, a segment's reading, the partners: profiles live in the identity store).
 */
export async function recipientMembers(
  stores: RecipientStores,
  message: RecipientCategories,
): Promise<AudienceMembers> {
  const { game, identity } = stores;
  const listed = (userIds: readonly string[]): AudienceMembers => ({ kind: 'listed', userIds });
  switch (message.recipient_category) {
    case 'users':
      return listed(chosenOf(message));
    case 'beta-testers':
      return { kind: 'query', players: betaTesters(game) };
    case 'partners':
      return listed((await partners(identity).execute()).map((row) => row.user_id));
    case 'active':
      return { kind: 'query', players: activeSince(game, message.active_since) };
    case 'segment':
      return listed(await segmentOf(stores, message));
    case 'everyone':
      // No list: every device is its audience (measureAudience counts the devices themselves).
      return listed([]);
  }
}
