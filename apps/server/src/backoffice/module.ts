import type { Count, CountName, Domain } from '../domain';
import { dashboardFigureCounts } from './dashboard';
import { backofficeMigrations } from './migrations/index';
import { adminLogPersonalData } from './personal-data';
import { registerBackofficeRoutes } from './routes';

/** The back office: the admin log, config documents and the dashboard's figures. */
export const domain: Domain = {
  name: 'backoffice',
  migrations: { game: backofficeMigrations },
  register(app, { stores, identity, domains }) {
    const counts: Partial<Record<CountName, Count>> = Object.assign(
      {},
      ...domains.map((domain) => domain.counts ?? {}),
    );
    registerBackofficeRoutes(app, {
      game: stores.game,
      identity,
      figures: dashboardFigureCounts(counts),
      gameStatus: counts,
    });
  },
  personalData: adminLogPersonalData,
};
