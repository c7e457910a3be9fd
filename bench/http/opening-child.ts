// A process that opens a bench run's stores after the run has (as the push's app process does,
// bench/push/app-process.ts), for stopped-run.ts: it says when it is ready, and given the stores'
// options opens them a moment later: their schemas and each migrator's table, created again if a drop
// came first (no migration of its own, so it is quick whatever the machine). It says when they are
// open, and ends with its parent once its opening has settled: the worst case for the parent's stop.
import { openStores, type StoreOptions } from '../../apps/server/src/platform/db/stores';

/** Between the options and the opening: long enough for the parent's first drop to come before it. */
const OPEN_AFTER_MS = 500;

let opening: Promise<unknown> | undefined;
process.once('message', (options: StoreOptions) => {
  opening = new Promise((resolve) => setTimeout(resolve, OPEN_AFTER_MS))
    .then(() => openStores(options, { identity: {}, game: {} }))
    .then(
      async (stores) => {
        process.send?.('opened');
        await stores.close();
      },
      // A drop under the opening fails it: the parent learns of it from the exit.
      () => process.exit(1),
    );
});
process.once('disconnect', () => void (opening ?? Promise.resolve()).finally(() => process.exit(0)));
process.send?.('ready');
