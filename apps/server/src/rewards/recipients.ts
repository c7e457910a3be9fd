import type { Environment } from '@outpost/contracts/environments';
import type { RewardAudience, RewardRequest } from '@outpost/contracts/rewards';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database';
import { missingAccounts } from '../identity/index';
import type { Segments } from '../segments/index';
import { betaTesters, partners, segmentPlayers } from './audiences';
import type { RewardRecipients } from './distribute';

/** User ids that name no account (400); nothing was given. */
export class UnknownUsersError extends Error {
  constructor(readonly userIDs: string[]) {
    super(`No account has the user ids ${userIDs.join(', ')}.`);
  }
}

/** Where a reward's recipients are found: the accounts, and the environment's segments. */
export interface RecipientSources {
  identity: Kysely<IdentityDatabase>;
  segments: Segments;
  environment: Environment;
}

/**
 * Who a reward request names. Beta testers are the environment's data, so the distribution's own
 * transaction finds them; partners are the identity store's, which no transaction of the
 * environment's store can include, so they are found just before it, and so are a segment's
 * players, read from both stores into the segments' reading.
 */
export async function rewardRecipients(
  sources: RecipientSources,
  request: Pick<RewardRequest, 'userIDs' | 'segmentID'> & { audience?: RewardAudience | undefined },
): Promise<RewardRecipients> {
  const named = { audience: null, segment: null };
  if (request.audience === 'beta-testers') return { ...named, audience: request.audience, find: betaTesters };
  if (request.audience === 'partners') {
    const members = await partners(sources.identity);
    return { ...named, audience: request.audience, find: async () => members };
  }
  if (request.segmentID !== undefined) {
    const { segment, members } = await segmentPlayers(sources.segments, sources.environment, request.segmentID);
    return { ...named, segment, find: async () => members };
  }
  const { userIDs } = request;
  // The input schema lets a request through only with one of the three.
  if (!userIDs) throw new Error('A reward request names neither userIDs, an audience nor a segment.');
  const missing = await missingAccounts(sources.identity, userIDs);
  if (missing.length > 0) throw new UnknownUsersError(missing);
  return { ...named, find: async () => userIDs };
}
