import { BETA_REQUEST_STATUS } from '@outpost/contracts/beta';
import { PARTNER_KEY } from '@outpost/contracts/partners';
import { REWARD_MAX_RECIPIENTS, type RewardAudience } from '@outpost/contracts/rewards';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import { heldKeyPattern } from '../identity/index';

/*
 * A reward's audiences, resolved when the reward is sent, each to at most REWARD_MAX_RECIPIENTS
 * players: a larger audience is refused whole, never given in part. Each query reads one row more
 * than the cap, so an audience of any size costs no more than a full one until it is counted for
 * the refusal's message.
 */

/** An audience with nobody in it (400); nothing was given. */
export class EmptyAudienceError extends Error {
  constructor(readonly audience: RewardAudience) {
    super(`The audience ${audience} is empty.`);
  }
}

/** An audience larger than one reward may reach (400); nothing was given. */
export class AudienceTooLargeError extends Error {
  constructor(
    readonly audience: RewardAudience,
    readonly size: number,
  ) {
    super(`The audience ${audience} has ${size} players.`);
  }
}

/** The members found by `ids` (at most the cap and one), or the audience's refusal. */
async function bounded(audience: RewardAudience, ids: string[], count: () => Promise<number>): Promise<string[]> {
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
  const partnered = identity
    .selectFrom('profiles')
    .innerJoin('auth_users', 'auth_users.id', 'profiles.user_id')
    .where('profiles.keys', 'like', heldKeyPattern(PARTNER_KEY));
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
