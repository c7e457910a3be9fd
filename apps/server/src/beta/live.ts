import { BETA_CONFIG_ID } from '@outpost/contracts/beta';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { ChangeSource } from '../platform/changes/triggers';
import {
  BACK_OFFICE_AUDIENCE,
  backOfficeListTopic,
  backOfficeOrPlayers,
  type LiveTopic,
  ownerAudience,
} from '../platform/live/routes';
import { readAccountBeta } from './account-beta';
import { readBetaConfig } from './beta-config';
import { toObjective } from './objectives';

/*
 * The beta programme's live topics (docs/product.md §7.10: beta-config, testing-objectives). Players see what
 * GET /api/beta shows (the active objectives only); the back office sees every objective. Besides: the
 * back office's lists of requests and invites, and each player's own side (their request, accepted by
 * staff; the invites they share, claimed by friends; the one they came in with).
 */

export interface BetaLiveScope {
  game: Kysely<GameDatabase>;
}

export const BETA_CHANGE_SOURCES = {
  config: [{ topic: 'beta-config', table: 'config_documents', key: 'config_id', keys: [BETA_CONFIG_ID] }],
  objectives: [{ topic: 'testing-objectives', table: 'testing_objectives', key: 'objective_id' }],
  requests: [{ topic: 'beta-requests', table: 'beta_requests', key: 'user_id' }],
  invites: [
    { topic: 'beta-invites', table: 'invites', key: 'invite_id' },
    { topic: 'beta-invites', table: 'invite_claims', key: 'invite_id' },
  ],
  // A player's invites are keyed by who shares them (`source`; an admin invite's is 'admin', no one's account).
  account: [
    { topic: 'account-beta', table: 'beta_requests', key: 'user_id' },
    { topic: 'account-beta', table: 'invites', key: 'source' },
    { topic: 'account-beta', table: 'invite_claims', key: 'user_id' },
  ],
} as const satisfies Record<string, readonly ChangeSource[]>;

export const BETA_LIVE_TOPICS: readonly LiveTopic<BetaLiveScope>[] = [
  {
    name: 'beta-config',
    access: 'public',
    side: 'game',
    sources: BETA_CHANGE_SOURCES.config,
    audience: backOfficeOrPlayers,
    load: (_key, _audience, { game }) => readBetaConfig(game),
  },
  {
    name: 'testing-objectives',
    access: 'public',
    side: 'game',
    sources: BETA_CHANGE_SOURCES.objectives,
    audience: backOfficeOrPlayers,
    load: async (key, who, { game }) => {
      const row = await game
        .selectFrom('testing_objectives')
        .selectAll()
        .where('objective_id', '=', key)
        .executeTakeFirst();
      return row && (who === BACK_OFFICE_AUDIENCE || row.active === 1) ? toObjective(row) : null;
    },
  },
  backOfficeListTopic({
    name: 'beta-requests',
    access: 'manageBeta',
    side: 'game',
    sources: BETA_CHANGE_SOURCES.requests,
  }),
  backOfficeListTopic({
    name: 'beta-invites',
    access: 'manageBeta',
    side: 'game',
    sources: BETA_CHANGE_SOURCES.invites,
  }),
  {
    name: 'account-beta',
    access: 'owner',
    side: 'game',
    sources: BETA_CHANGE_SOURCES.account,
    audience: ownerAudience,
    load: (key, _audience, { game }) => readAccountBeta(game, key),
  },
];
