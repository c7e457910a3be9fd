// A bench run cut short: opens its stores on PostgreSQL, prints their schemas' prefix and waits for a
// signal. With `while-opening`, it prints the prefix as it starts opening them, so the signal can come
// mid-migration, and says at the signal whether they were open; with `opened-elsewhere`, it opens them,
// then has a child process open them again (as the push's app process does, opening-child.ts) and
// prints the prefix as it gives the child their options, saying at the signal whether the child's
// opening had settled. stop-run.test.ts stops it and looks for what it left.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  benchStoreOptions,
  newSetting,
  openBenchStores,
  runIsStopping,
  stopRunOnSignals,
  whileStoresOpen,
} from './app-target';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error('Set TEST_DATABASE_URL: the run opens its stores on PostgreSQL.');
const mode = process.argv[2];
const whileOpening = mode === 'while-opening';
const setting = newSetting('', databaseUrl);
const prefix = `${setting.runPrefix}stopped_`;
stopRunOnSignals();
let settled = false;
// Says, as the stop begins, whether the opening was still under way (the race the test is about).
process.once('SIGTERM', () => process.stdout.write(settled ? 'stopped when open\n' : 'stopped while opening\n'));
const opening = openBenchStores(setting, 'stopped').finally(() => {
  settled = true;
});
if (whileOpening) process.stdout.write(`${prefix}\n`);
// As bench/run.ts does: a run being stopped leaves its exit to the stop, whose drops may fail an
// opening under way.
const opened = await opening.then(
  () => true,
  (error: unknown) => {
    if (!runIsStopping()) throw error;
    return false;
  },
);
if (opened && mode === 'opened-elsewhere') {
  const child = fork(fileURLToPath(new URL('./opening-child.ts', import.meta.url)), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const said = (what: string) =>
    new Promise<void>((resolve, reject) => {
      child.on('message', (message) => message === what && resolve());
      child.once('exit', () => reject(new Error(`the child exited before it said ${what}`)));
    });
  await said('ready');
  settled = false;
  const childOpened = said('opened');
  child.send(benchStoreOptions(setting, 'stopped'));
  process.stdout.write(`${prefix}\n`);
  await whileStoresOpen(setting, childOpened).then(
    () => {
      settled = true;
    },
    (error: unknown) => {
      if (!runIsStopping()) throw error;
    },
  );
} else if (opened && !whileOpening) process.stdout.write(`${prefix}\n`);
// Held open until the signal.
setInterval(() => {}, 60_000);
