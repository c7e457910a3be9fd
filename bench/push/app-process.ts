// The million-device push's app (million.ts): the whole app (buildApp, its job runner, its FCM
// adapter) in a process of its own, so that its memory can be read from /proc and holds nothing of
// the bench's. It opens the stores the parent migrated and seeded, and answers where it listens.
import { randomBytes } from 'node:crypto';
import type { StoreOptions } from '../../apps/server/src/platform/db/stores';
import { FCM_DEFAULT_CONCURRENCY } from '../../apps/server/src/platform/push-transport/fcm';
import type { ServiceAccount } from '../../apps/server/src/platform/push-transport/service-account';
import { openAppStores } from '../../apps/server/src/stores';
import { benchConfig, newSetting, type Setting, startApp } from '../http/app-target';

export type AppProcessRequest =
  | {
      kind: 'start';
      webDist: string;
      stores: StoreOptions;
      /** The local FCM server the development environment sends to, and its quota per minute. */
      fcm: { apiUrl: string; serviceAccount: ServiceAccount; quotaPerMinute: number };
    }
  | { kind: 'exit' };

export type AppProcessMessage = { kind: 'listening'; origin: string; publicUrl: string };

const send = (message: AppProcessMessage) => process.send?.(message);

let setting: Setting | undefined;
const stop = () => void (setting?.cleanups.run() ?? Promise.resolve()).finally(() => process.exit(0));

process.on('message', async (raw) => {
  const request = raw as AppProcessRequest;
  if (request.kind === 'exit') return stop();
  setting = newSetting(request.webDist, request.stores.databaseUrl);
  const stores = await openAppStores(request.stores);
  setting.cleanups.add(() => stores.close());
  const generated = benchConfig(setting, randomBytes(16).toString('hex'));
  const development = { ...request.fcm, concurrency: FCM_DEFAULT_CONCURRENCY };
  const config = { ...generated, fcm: { ...generated.fcm, development } };
  const origin = await startApp(setting, { config, stores });
  send({ kind: 'listening', origin, publicUrl: config.publicUrl });
});

// Without its parent nobody reads the result.
process.once('disconnect', stop);
