import type { Count, CountedStores, CountName, Domain } from '../domain';
import { dashboardFigureCounts } from './dashboard';
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

/** The back office: the admin log, config documents, the dashboard's figures, the revenue and the search across domains. */
export const domain: Domain = {
  name: 'backoffice',
  migrations: { game: backofficeMigrations },
  register(app, { stores, identity, domains }) {
    const counts = summedCounts(domains);
    registerBackofficeRoutes(app, {
      game: stores.game,
      identity,
      figures: dashboardFigureCounts(counts),
      gameStatus: counts,
      revenue: domains.flatMap((domain) => (domain.revenue ? [domain.revenue] : [])),
      search: domains.flatMap((domain) => (domain.search ? [domain.search] : [])),
    });
  },
  personalData: adminLogPersonalData,
};
