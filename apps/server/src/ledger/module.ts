import type { Domain } from '../domain';
import { registerLedgerAdminRoutes } from './admin-routes';
import { LEDGER_EXPERIMENT_METRICS } from './experiment-metrics';
import { ledgerMigrations } from './migrations/index';
import { creditsPersonalData } from './personal-data';
import { ledgerPlayerRecord } from './player-record';
import { registerLedgerRoutes } from './routes';
import { LEDGER_SEGMENT_ATTRIBUTES } from './segment-attributes';

/** The ledger: every player's credits, moved once per cause, and the items granted to their inventory. */
export const domain: Domain = {
  name: 'ledger',
  segmentAttributes: LEDGER_SEGMENT_ATTRIBUTES,
  experimentMetrics: LEDGER_EXPERIMENT_METRICS,
  migrations: { game: ledgerMigrations },
  register(app, { game, stores, identity }) {
    registerLedgerRoutes(app, { game });
    registerLedgerAdminRoutes(app, { game: stores.game, identity });
  },
  personalData: creditsPersonalData,
  playerRecord: ledgerPlayerRecord,
};
