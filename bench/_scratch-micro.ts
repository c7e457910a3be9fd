import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { openStores } from '../apps/server/src/platform/db/stores';
import { StatementCachingDatabase } from '../apps/server/src/platform/db/sqlite-statement-cache';
import { seedDemoData } from '../apps/server/src/ops/seed';
import { findEmailSignup } from '../apps/server/src/site/queries';
import type { GameDatabase } from '../apps/server/src/platform/db/schema';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-'));
const stores = await openStores({ dataDir: dir });
await seedDemoData(stores, 'development');
const db = stores.game.development;
const file = path.join(dir, 'game-development.sqlite');
const keys = Array.from({ length: 128 }, (_, i) => `survivor-${String(i + 1).padStart(3, '0')}@example.com`);
const raw = new Database(file, { readonly: true });
const st = raw.prepare('select * from email_signups where email = ?');
const oldDb = new Kysely<GameDatabase>({ dialect: new SqliteDialect({ database: new StatementCachingDatabase(new Database(file, { readonly: true })) }) });
const noCache = new Kysely<GameDatabase>({ dialect: new SqliteDialect({ database: new Database(file, { readonly: true }) }) });
async function run(label: string, fn: (k: string) => unknown, n = 300000) {
  for (let i = 0; i < 30000; i++) await fn(keys[i & 127]!);
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn(keys[i & 127]!);
  const us = Number(process.hrtime.bigint() - t) / 1000 / n;
  console.log(label.padEnd(30), us.toFixed(2), 'us/op');
}
for (let r = 0; r < 2; r++) {
await run('raw get', (k) => st.get(k));
await run('raw all', (k) => st.all(k));
await run('kysely new driver', (k) => findEmailSignup(db, k));
await run('kysely SqliteDialect+cache', (k) => findEmailSignup(oldDb, k));
await run('kysely SqliteDialect nocache', (k) => findEmailSignup(noCache, k));
await run('kysely compile only', (k) => db.selectFrom('email_signups').selectAll().where('email', '=', k).compile());
}
await stores.close();
