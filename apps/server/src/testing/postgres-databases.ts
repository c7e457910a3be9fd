import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openAppStores, STORE_MIGRATIONS } from '../stores';

/*
 * A database of its own for each test's stores on PostgreSQL, copied from a migrated template:
 * `create database … template …` copies files in a tenth of a second, where migrating the four
 * stores' schemas anew took five seconds for every app a test built. The template is built once
 * per set of migrations (its name carries a hash of their names and text), by whichever test process comes first,
 * under an advisory lock; the others wait for it and copy it.
 */

/**
 * The modules migrations import besides their own folder (platform/db/day-sums.ts, row-numbers.ts),
 * by text: a migration's function text shows only that it calls them, and a change to one alone
 * kept copying a template built by the old.
 */
export function migrationHelpersText(): string[] {
  const source = fileURLToPath(new URL('..', import.meta.url));
  const migrationFiles = fs
    .readdirSync(source, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.split(path.sep).includes('migrations') && file.endsWith('.ts'));
  const helpers = new Set<string>();
  for (const file of migrationFiles) {
    const text = fs.readFileSync(path.join(source, file), 'utf8');
    for (const [, specifier] of text.matchAll(/from '(\.\.\/[^']+)'/g)) {
      const helper = path.resolve(source, path.dirname(file), `${specifier}.ts`);
      if (!helper.includes(`${path.sep}migrations${path.sep}`) && fs.existsSync(helper)) helpers.add(helper);
    }
  }
  return [...helpers].sort().map((helper) => fs.readFileSync(helper, 'utf8'));
}

/**
 * The migrations by name and by text, with the helpers they call: a migration edited before it
 * ships (same name, new columns) makes a new template, where a hash of the names kept copying the
 * stale one.
 */
const MIGRATIONS_FINGERPRINT = JSON.stringify([
  Object.entries(STORE_MIGRATIONS).map(([store, migrations]) => [
    store,
    Object.entries(migrations)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, migration]) => [name, String(migration.up), String(migration.down ?? '')]),
  ]),
  migrationHelpersText(),
]);
const TEMPLATE = `outpost_template_${createHash('sha256').update(MIGRATIONS_FINGERPRINT).digest('hex').slice(0, 16)}`;

let counter = 0;
let template: Promise<void> | undefined;

/** `url` with another database in its path. */
function urlOf(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

async function withAdmin<Result>(url: string, work: (client: pg.Client) => Promise<Result>): Promise<Result> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function ensureTemplate(url: string): Promise<void> {
  template ??= withAdmin(url, async (client) => {
    await client.query('select pg_advisory_lock(hashtext($1))', [TEMPLATE]);
    const found = await client.query('select 1 from pg_database where datname = $1', [TEMPLATE]);
    if (found.rowCount) return;
    // Built under another name and renamed when whole: a template under its name is complete.
    const building = `${TEMPLATE}_${process.pid}`;
    await client.query(`drop database if exists "${building}" with (force)`);
    await client.query(`create database "${building}"`);
    const stores = await openAppStores({
      dataDir: 'unused-on-postgres',
      databaseUrl: urlOf(url, building),
      poolSize: 2,
    });
    await stores.close();
    await client.query(`alter database "${building}" rename to "${TEMPLATE}"`);
  });
  return template;
}

/** A new database, migrated, for one test's stores; `drop` removes it. */
export async function createTestDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  await ensureTemplate(url);
  counter += 1;
  const name = `outpost_test_${process.pid}_${counter}_${Date.now().toString(36)}`;
  await withAdmin(url, (client) => client.query(`create database "${name}" template "${TEMPLATE}"`));
  return {
    url: urlOf(url, name),
    drop: () =>
      withAdmin(url, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}
