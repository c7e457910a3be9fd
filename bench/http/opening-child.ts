// A process that opens a bench run's stores as the push's app process does (bench/push/app-process.ts),
// for stopped-run.ts: it says when it is ready, and given the stores' options opens them a moment later
// (as the app process does after its start), says so and ends with its parent. It finishes an opening
// under way even if its parent has gone: the worst case for the parent's stop.
import type { StoreOptions } from '../../apps/server/src/platform/db/stores';
import { openAppStores } from '../../apps/server/src/stores';

/** Between the options and the opening: long enough for the parent's first drop to come before it. */
const OPEN_AFTER_MS = 500;

let opening: Promise<unknown> | undefined;
process.once('message', (options: StoreOptions) => {
  opening = new Promise((resolve) => setTimeout(resolve, OPEN_AFTER_MS))
    .then(() => openAppStores(options))
    .then(async (stores) => {
      process.send?.('opened');
      await stores.close();
    });
});
process.once('disconnect', () => void (opening ?? Promise.resolve()).finally(() => process.exit(0)));
process.send?.('ready');
