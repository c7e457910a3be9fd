import type { Domain } from '../domain';
import { ledgerMigrations } from './migrations/index';
import { creditsPersonalData } from './personal-data';
import { registerLedgerRoutes } from './routes';

/** The ledger: every player's credits, moved once per cause, and the items granted to their inventory. */
export const domain: Domain = {
  name: 'ledger',
  migrations: { game: ledgerMigrations },
  register(app, { game }) {
    registerLedgerRoutes(app, { game });
  },
  personalData: creditsPersonalData,
};
