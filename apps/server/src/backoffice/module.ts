import type { DashboardComparedFigure } from '@outpost/contracts/backoffice';
import type { Count, CountAt, CountedStores, CountName, Domain } from '../domain';
import { countJobRuns } from '../platform/jobs/counts';
import { dashboardCounts } from './dashboard';
import { BACKOFFICE_LIVE_TOPICS } from './live';
import { backofficeMigrations } from './migrations/index';
import { adminLogPersonalData } from './personal-data';
import { registerBackofficeRoutes } from './routes';

/** Every name some domain counts, as the sum of the counts of every domain that counts it (credit packs sold on the web and in the stores). */
function summedCounts(domains: readonly Domain[]): Partial<Record<CountName, Count>> {
  const byName = new Map<CountName, Count[]>();
  for (const domain of domains) {
    for (const [name, count] of Object.entries(domain.counts ?? {}) as [CountName, Count][]) {
      byName.set(name, [...(byName.get(name) ?? []), count]);
    }
  }
  return Object.fromEntries(
    [...byName].map(([name, counts]) => [
      name,
      async (stores: CountedStores) =>
        (await Promise.all(counts.map((count) => count(stores)))).reduce((a, b) => a + b, 0),
    ]),
  );
}

/** The compared figures as they stood in the past, each from the domain that counts it now. */
function pastCounts(domains: readonly Domain[]): Partial<Record<DashboardComparedFigure, CountAt>> {
  return Object.assign({}, ...domains.map((domain) => domain.countsAt ?? {}));
}

/** The back office: the admin log, config documents, the dashboard's figures, the revenue and the search across domains. */
export const domain: Domain = {
  name: 'backoffice',
  migrations: { game: backofficeMigrations },
  register(app, { stores, identity, domains }) {
    const counts = summedCounts(domains);
    registerBackofficeRoutes(app, {
      game: stores.game,
      identity,
      figures: dashboardCounts(counts, pastCounts(domains)),
      gameStatus: counts,
      revenue: domains.flatMap((domain) => (domain.revenue ? [domain.revenue] : [])),
      search: domains.flatMap((domain) => (domain.search ? [domain.search] : [])),
    });
  },
  personalData: adminLogPersonalData,
  liveTopics: BACKOFFICE_LIVE_TOPICS,
  // The job runner is the platform's: the back office counts what failed in it, for the dashboard's attention list.
  counts: { failedJobs: ({ identity }) => countJobRuns(identity, 'failed') },
};
