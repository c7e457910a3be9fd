import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppStores } from './database';
import type { Config } from './platform/config';
import { checkDataDir } from './platform/data-dir';
import { resolveAuthSecret } from './platform/secrets';
import { collectStartupGarbage, type StartupCollection } from './platform/startup-collection';
import { createFileStore } from './platform/storage/create-file-store';
import { seedIfNew } from './seed';
import { openAppStores } from './stores';

export interface RunningServer {
  app: FastifyInstance;
  stores: AppStores;
  url: string;
  /** The full collection run once the server listened, or null when node was started without --expose-gc. */
  startupCollection: StartupCollection | null;
  /** Stops accepting, lets requests in flight finish, then closes the stores. Safe to call twice. */
  shutdown(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  // Before any store is opened: a DATA_DIR it cannot write stops the start with one line, the stores untouched.
  checkDataDir(config);
  const stores = await openAppStores({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    schemaPrefix: config.databaseSchemaPrefix,
  });
  // Opened here rather than by the app: the demo seed stores its images in it before the app starts.
  const files = createFileStore(config);
  let app: FastifyInstance;
  try {
    if (config.seedDemoData && config.appEnv !== 'production' && (await seedIfNew(stores, config.appEnv, { files }))) {
      console.info(`Seeded the ${config.appEnv} store with demo data.`);
    }
    app = await buildApp({ config: { ...config, authSecret: resolveAuthSecret(config) }, stores, files });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await files.close();
    await stores.close();
    throw error;
  }

  // Once listening, after everything the start does, so that none of its garbage is left to keep a
  // send's rows alive (platform/startup-collection.ts).
  const startupCollection = collectStartupGarbage();

  let closing: Promise<void> | undefined;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    app,
    stores,
    url: `http://127.0.0.1:${port}`,
    startupCollection,
    shutdown() {
      closing ??= (async () => {
        // close() only drops connections idle at that moment; a keep-alive connection whose
        // request finishes later would hold shutdown open until its timeout, so sweep again.
        const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
        try {
          await app.close();
        } finally {
          clearInterval(sweep);
        }
        await files.close();
        await stores.close();
      })();
      return closing;
    },
  };
}
