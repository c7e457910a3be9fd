import { DASHBOARD_FIGURES } from '@outpost/contracts/backoffice';
import type { Domain } from '../domain';
import type { DashboardFigureQueries } from './dashboard';
import { backofficeMigrations } from './migrations/index';
import { adminLogPersonalData } from './personal-data';
import { registerBackofficeRoutes } from './routes';

/** Every dashboard figure from the domain that holds its data; a figure no domain brings is a fault at start. */
function gatherFigures(domains: readonly Domain[]): DashboardFigureQueries {
  const figures: Partial<DashboardFigureQueries> = Object.assign({}, ...domains.map((domain) => domain.figures ?? {}));
  const missing = DASHBOARD_FIGURES.filter((figure) => !figures[figure]);
  if (missing.length > 0) throw new Error(`No domain brings the dashboard figures ${missing.join(', ')}.`);
  return figures as DashboardFigureQueries;
}

/** The back office: the admin log, config documents and the dashboard's figures. */
export const backofficeDomain: Domain = {
  name: 'backoffice',
  migrations: { game: backofficeMigrations },
  register(app, { stores, identity, domains }) {
    registerBackofficeRoutes(app, {
      game: stores.game,
      identity,
      figures: gatherFigures(domains),
      gameStatus: Object.assign({}, ...domains.map((domain) => domain.gameStatus ?? {})),
    });
  },
  personalData: adminLogPersonalData,
};
