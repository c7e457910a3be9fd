import { ConfigError, loadConfig } from './platform/config';
import { databaseTextOrder, textOrderWarning } from './platform/db/text-order';
import { exitOnceLogged } from './platform/exit-once-logged';
import { startServer } from './server';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const server = await startServer(config);
  server.app.log.info(
    { listening: server.url, publicUrl: config.publicUrl, env: config.appEnv, store: server.stores.dialect },
    'Outpost is up',
  );
  const collection = server.startupCollection;
  if (collection) {
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    server.app.log.info(
      {
        heapUsedBeforeMB: mb(collection.usedBefore),
        heapUsedAfterMB: mb(collection.usedAfter),
        pauseMs: Math.round(collection.milliseconds),
      },
      'collected what the start left',
    );
  } else {
    server.app.log.warn(
      'no full collection after the start: node was started without --expose-gc, which npm start passes ' +
        '(docs/decisions/0149-a-full-collection-once-the-server-has-started.md)',
    );
  }

  const stop = (signal: NodeJS.Signals) => {
    server.app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      server.app.log.error('requests still running after the grace period; exiting');
      // Not exitOnceLogged: the requests still running would log to a destination it has ended.
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.shutdown().then(
      () => exitOnceLogged(server.app.log, 0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        exitOnceLogged(server.app.log, 1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  // Advice, not a condition of running: a database that cannot be asked leaves the server as it is.
  databaseTextOrder(server.stores.identity).then(
    (order) => {
      const warning = textOrderWarning(order);
      if (warning) server.app.log.warn(warning);
    },
    (error: unknown) => server.app.log.warn({ err: error }, "could not read the database's text order"),
  );
}

main().catch((error: unknown) => {
  console.error('Outpost could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
