import type { Environment } from '@outpost/contracts/environments';
import type { FastifyInstance } from 'fastify';
import { type ChangeFeed, listenForChanges } from '../changes/feed';
import type { Metrics } from '../metrics/metrics';
import { LiveHub } from './hub';
import { type LiveSessions, type LiveTopic, registerLiveRoute } from './routes';

export interface LiveUpdatesOptions<Scope> {
  /** Each store's change feed, by the store's name ('identity', or an environment). */
  feeds: ReadonlyMap<string, ChangeFeed>;
  /** PostgreSQL: the database, and each store's schema (its feed is woken by the schema's notifications). */
  postgres: { databaseUrl: string; schemas: Readonly<Record<string, string>> } | undefined;
  topics: readonly LiveTopic<Scope>[];
  appEnv: Environment;
  scopeOf(environment: Environment): Scope;
  /** The sessions streams are opened with: a stream ends, saying why, when its session or its access does. */
  sessions: LiveSessions;
  metrics: Metrics;
}

/**
 * The change feeds read while the app is up (from when it is ready; on PostgreSQL woken through
 * LISTEN), the hub that sends their changes to the live streams (and ends those whose session
 * ended, on whichever instance it ended), and `GET /api/live`. Streams end before the server
 * closes (they would hold it open), the feeds after. The open streams are a metric.
 */
export function registerLiveUpdates<Scope>(app: FastifyInstance, options: LiveUpdatesOptions<Scope>): LiveHub<Scope> {
  const hub = new LiveHub<Scope>({
    feeds: options.feeds,
    identityStore: 'identity',
    log: app.log,
    watchedTopics: options.sessions.watchedTopics,
  });
  // The hub keeps the count; a scrape reads it rather than every open and close moving a gauge.
  options.metrics.gaugeAtScrape(
    {
      name: 'outpost_live_streams',
      help: 'Live update streams (GET /api/live) open on this instance.',
      labelNames: [],
    },
    (set) => set({}, hub.streamCount),
  );
  registerLiveRoute(app, {
    hub,
    sessions: options.sessions,
    topics: new Map(options.topics.map((topic) => [topic.name, topic])),
    appEnv: options.appEnv,
    storeOf: (environment) => environment,
    scopeOf: options.scopeOf,
  });
  let listener: { close(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    for (const feed of options.feeds.values()) await feed.start();
    const { postgres } = options;
    if (postgres) {
      const bySchema = new Map(
        Object.entries(postgres.schemas).flatMap(([store, schema]) => {
          const feed = options.feeds.get(store);
          return feed ? [[schema, feed] as const] : [];
        }),
      );
      listener = listenForChanges(postgres.databaseUrl, bySchema, app.log);
    }
  });
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });
  app.addHook('onClose', async () => {
    await listener?.close();
    for (const feed of options.feeds.values()) await feed.stop();
  });
  return hub;
}
