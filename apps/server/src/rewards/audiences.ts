import { BETA_REQUEST_STATUS } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { PARTNER_KEY } from '@outpost/contracts/partners';
import { REWARD_MAX_RECIPIENTS, type RewardAudience, type RewardSegment } from '@outpost/contracts/rewards';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import { accountsHoldingKey } from '../identity/index';
import type { Segments } from '../segments/index';

/*
 * A reward's audiences and segments, resolved when the reward is sent, each to at most
 * REWARD_MAX_RECIPIENTS players: a larger one is refused whole, never given in part. Each audience's
 * query reads one row more than the cap, so an audience of any size costs no more than a full one
 * until it is counted for the refusal's message; a segment's players come whole from the segments'
 * latest reading, which is in memory already.
 */

/** A group of players a reward may go to: one of the spec's audiences, or a segment. */
export type RewardGroup = RewardAudience | RewardSegment;

const groupName = (group: RewardGroup) => (typeof group === 'string' ? group : `segment ${group.segmentID}`);

/** An audience or segment with nobody in it (400); nothing was given. */
export class EmptyAudienceError extends Error {
  constructor(readonly audience: RewardGroup) {
    super(`The ${groupName(audience)} is empty.`);
  }
}

/** An audience or segment larger than one reward may reach (400); nothing was given. */
export class AudienceTooLargeError extends Error {
  constructor(
    readonly audience: RewardGroup,
    readonly size: number,
  ) {
    super(`The ${groupName(audience)} has ${size} players.`);
  }
}

/** A segmentID the environment has no segment for (400); nothing was given. */
export class UnknownSegmentError extends Error {
  constructor(readonly segmentID: string) {
    super(`There is no segment ${segmentID}.`);
  }
}

/** The members found by `ids` (at most the cap and one, or all of a segment's), or the group's refusal. */
async function bounded(audience: RewardGroup, ids: string[], count: () => Promise<number>): Promise<string[]> {
  if (ids.length === 0) throw new EmptyAudienceError(audience);
  if (ids.length > REWARD_MAX_RECIPIENTS) throw new AudienceTooLargeError(audience, await count());
  return ids;
}

/** 'beta-testers': players whose beta request in this environment's store is accepted (status 2). */
export async function betaTesters(db: Kysely<GameDatabase>): Promise<string[]> {
  const accepted = db.selectFrom('beta_requests').where('status', '=', BETA_REQUEST_STATUS.accepted);
  const rows = await accepted
    .select('user_id')
    .orderBy('user_id')
    .limit(REWARD_MAX_RECIPIENTS + 1)
    .execute();
  return bounded(
    'beta-testers',
    rows.map((row) => row.user_id),
    async () => Number((await accepted.select((eb) => eb.fn.countAll().as('size')).executeTakeFirstOrThrow()).size),
  );
}

/**
 * 'partners': accounts whose profile keys include 'partner' (docs/product.md §6.3), the players the partner
 * list shows. Keys are a JSON array of strings, so the quoted key matches that key and no other.
 */
export async function partners(identity: Kysely<IdentityDatabase>): Promise<string[]> {
  const partnered = accountsHoldingKey(identity, PARTNER_KEY);
  const rows = await partnered
    .select('profiles.user_id')
    .orderBy('profiles.user_id')
    .limit(REWARD_MAX_RECIPIENTS + 1)
    .execute();
  return bounded(
    'partners',
    rows.map((row) => row.user_id),
    async () => Number((await partnered.select((eb) => eb.fn.countAll().as('size')).executeTakeFirstOrThrow()).size),
  );
}

/**
 * A segment's players by the segments' latest reading, in id order, with the segment's name as the
 * reward's answer and log keep it: the players the back office last counted for it, so the admin
 * sends to what the segment's page showed.
 */
export async function segmentPlayers(
  segments: Pick<Segments, 'audienceOf'>,
  environment: Environment,
  segmentID: string,
): Promise<{ segment: RewardSegment; members: string[] }> {
  const audience = await segments.audienceOf(environment, segmentID);
  if (audience === null) throw new UnknownSegmentError(segmentID);
  const segment = { segmentID, name: audience.name };
  const { userIds } = audience;
  return { segment, members: await bounded(segment, userIds, async () => userIds.length) };
}
