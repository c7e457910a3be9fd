import type { ComparedCountName, Count, CountAt, CountedStores, CountName, Domain } from '../domain';
import { countJobRuns } from '../platform/jobs/counts';
import { dashboardCounts } from './dashboard';
import { BACKOFFICE_LIVE_TOPICS } from './live';
import { backofficeMigrations } from './migrations/index';
import { adminLogPersonalData } from './personal-data';
import { registerBackofficeRoutes } from './routes';

/**
 * Every name some domain counts, as the sum of the counts of every domain that counts it (credit packs sold on the
 * web and in the stores), now or at a past moment.
 */
function summed<Name extends string, Args extends [CountedStores, ...unknown[]]>(
  each: readonly Partial<Record<Name, (...args: Args) => Promise<number>>>[],
): Partial<Record<Name, (...args: Args) => Promise<number>>> {
  const byName = new Map<Name, ((...args: Args) => Promise<number>)[]>();
  for (const queries of each) {
    for (const [name, query] of Object.entries(queries) as [Name, (...args: Args) => Promise<number>][]) {
      byName.set(name, [...(byName.get(name) ?? []), query]);
    }
  }
  return Object.fromEntries(
    [...byName].map(([name, queries]) => [
      name,
      async (...args: Args) => (await Promise.all(queries.map((query) => query(...args)))).reduce((a, b) => a + b, 0),
    ]),
  ) as Partial<Record<Name, (...args: Args) => Promise<number>>>;
}

/** The back office: the admin log, config documents, the dashboard's figures, the revenue and the search across domains. */
export const domain: Domain = {
  name: 'backoffice',
  migrations: { game: backofficeMigrations },
  register(app, { stores, identity, domains }) {
    const counts = summed<CountName, Parameters<Count>>(domains.map((domain) => domain.counts ?? {}));
    const countsAt = summed<ComparedCountName, Parameters<CountAt>>(domains.map((domain) => domain.countsAt ?? {}));
    registerBackofficeRoutes(app, {
      game: stores.game,
      identity,
      figures: dashboardCounts(counts, countsAt),
      gameStatus: { now: counts, past: countsAt },
      revenue: domains.flatMap((domain) => (domain.revenue ? [domain.revenue] : [])),
      search: domains.flatMap((domain) => (domain.search ? [domain.search] : [])),
      numbered: domains.flatMap((domain) => (domain.numberedRecords ? [domain.numberedRecords] : [])),
    });
  },
  personalData: adminLogPersonalData,
  liveTopics: BACKOFFICE_LIVE_TOPICS,
  // The job runner is the platform's: the back office counts what failed in it, for the dashboard's attention list.
  counts: { failedJobs: ({ identity }) => countJobRuns(identity, 'failed') },
};
