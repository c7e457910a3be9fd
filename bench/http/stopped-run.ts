// A bench run cut short: opens its stores on PostgreSQL, prints their schemas' prefix and waits for a
// signal; with `while-opening`, it prints the prefix as it starts opening them, so the signal comes
// mid-migration. stop-run.test.ts stops it and looks for what it left in the database.
import { newSetting, openBenchStores, stopRunOnSignals } from './app-target';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error('Set TEST_DATABASE_URL: the run opens its stores on PostgreSQL.');
const whileOpening = process.argv[2] === 'while-opening';
const setting = newSetting('', databaseUrl);
const prefix = `${setting.runPrefix}stopped_`;
stopRunOnSignals();
const opening = openBenchStores(setting, 'stopped');
if (whileOpening) process.stdout.write(`${prefix}\n`);
await opening;
if (!whileOpening) process.stdout.write(`${prefix}\n`);
// Held open until the signal.
setInterval(() => {}, 60_000);
