// A bench run cut short: opens its stores on PostgreSQL, prints their schemas' prefix and waits for a
// signal. stop-run.test.ts stops it and looks for what it left in the database.
import { newSetting, openBenchStores, stopRunOnSignals } from './app-target';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error('Set TEST_DATABASE_URL: the run opens its stores on PostgreSQL.');
const setting = newSetting('', databaseUrl);
stopRunOnSignals();
await openBenchStores(setting, 'stopped');
process.stdout.write(`${setting.runPrefix}stopped_\n`);
// Held open until the signal.
setInterval(() => {}, 60_000);
