import { BETA_CONFIG_ID } from '@outpost/contracts/beta';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { ChangeSource } from '../platform/changes/triggers';
import { BACK_OFFICE_AUDIENCE, backOfficeOrPlayers, type LiveTopic } from '../platform/live/routes';
import { readBetaConfig } from './beta-config';
import { toObjective } from './objectives';

/*
 * The beta programme's live topics (docs/product.md §7.10: beta-config, testing-objectives). Players see what
 * GET /api/beta shows (the active objectives only); the back office sees every objective.
 */

export interface BetaLiveScope {
  game: Kysely<GameDatabase>;
}

export const BETA_CHANGE_SOURCES = {
  config: [{ topic: 'beta-config', table: 'config_documents', key: 'config_id', keys: [BETA_CONFIG_ID] }],
  objectives: [{ topic: 'testing-objectives', table: 'testing_objectives', key: 'objective_id' }],
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
];
