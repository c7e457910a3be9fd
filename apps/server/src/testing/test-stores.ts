import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../app';
import type { AppStores } from '../database';
import type { Dialect } from '../platform/db/stores';
import { openAppStores } from '../stores';
import { createTestDatabase } from './postgres-databases';

/** Server tests run on SQLite always, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const TEST_DIALECTS: readonly Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestStores {
  stores: AppStores;
  dataDir: string;
  /** Opens the same stores again, as a second instance of the app would (the caller closes them). */
  reopen(): Promise<AppStores>;
  cleanup(): Promise<void>;
}

/** Fresh, migrated stores: a temp folder on SQLite, a database of their own on PostgreSQL. */
export async function openTestStores(dialect: Dialect): Promise<TestStores> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-test-'));
  const baseUrl = dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const database = baseUrl ? await createTestDatabase(baseUrl) : undefined;
  const open = () => openAppStores({ dataDir, databaseUrl: database?.url, poolSize: 5 });
  const stores = await open();
  return {
    stores,
    dataDir,
    reopen: open,
    async cleanup() {
      await stores.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp extends TestStores {
  app: FastifyInstance;
}

export type TestAppOptions = Partial<Omit<AppOptions, 'stores' | 'config'>> & {
  config?: Partial<AppOptions['config']>;
};

/** The whole app on fresh stores, ready for `inject`. */
export async function buildTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const testStores = await openTestStores(dialect);
  const app = await buildUnreadyTestApp(testStores, options);
  await app.ready();
  return {
    ...testStores,
    app,
    async cleanup() {
      await app.close();
      await testStores.cleanup();
    },
  };
}

/** The whole app before `ready()`, for tests that register a route of their own first. */
export function buildUnreadyTestApp(testStores: TestStores, options: TestAppOptions = {}): Promise<FastifyInstance> {
  return buildApp({
    ...options,
    stores: testStores.stores,
    config: {
      appEnv: 'development',
      logLevel: 'silent',
      trustProxy: false,
      webDist: path.join(testStores.dataDir, 'no-web-build'),
      publicUrl: 'http://localhost:3000',
      authSecret: 'test-secret-that-is-at-least-32-characters-long',
      smtpUrl: undefined,
      mailFrom: 'Outpost <no-reply@outpost.test>',
      attestationMode: 'off',
      attestationDebugTokens: [],
      attestationAllowDebugInProduction: false,
      dataDir: testStores.dataDir,
      fileStore: { kind: 'local' },
      imageMaxBytes: 10 * 1024 * 1024,
      paypal: { development: undefined, beta: undefined, production: undefined },
      stripe: { development: undefined, beta: undefined, production: undefined },
      appStore: { development: undefined, beta: undefined, production: undefined },
      googlePlay: { development: undefined, beta: undefined, production: undefined },
      ingestKeys: { development: undefined, beta: undefined, production: undefined },
      fcm: { development: undefined, beta: undefined, production: undefined },
      metricsToken: undefined,
      redisUrl: undefined,
      ...options.config,
    },
  });
}
