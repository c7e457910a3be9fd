// A bench run cut short: opens its stores on PostgreSQL, prints their schemas' prefix and waits for a
// signal; with `while-opening`, it prints the prefix as it starts opening them, so the signal can come
// mid-migration, and says at the signal whether they were open. stop-run.test.ts stops it and looks
// for what it left.
import { newSetting, openBenchStores, runIsStopping, stopRunOnSignals } from './app-target';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error('Set TEST_DATABASE_URL: the run opens its stores on PostgreSQL.');
const whileOpening = process.argv[2] === 'while-opening';
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
if (opened && !whileOpening) process.stdout.write(`${prefix}\n`);
// Held open until the signal.
setInterval(() => {}, 60_000);
