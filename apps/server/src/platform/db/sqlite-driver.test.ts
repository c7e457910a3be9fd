import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Database, sqliteDriver } from './sqlite-driver';

const require = createRequire(import.meta.url);
const hasNodeApi10 = Number(process.versions.napi) >= 10;

describe('the SQLite driver for this Node.js', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-sqlite-driver-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is better-sqlite3 13 where Node.js has Node-API 10, 12 where it does not', () => {
    expect(sqliteDriver.package).toBe(hasNodeApi10 ? 'better-sqlite3-13' : 'better-sqlite3');
    expect(sqliteDriver.version.split('.')[0]).toBe(hasNodeApi10 ? '13' : '12');
  });

  it('opens a file in WAL mode, commits a transaction and reads it back from a second connection', () => {
    const file = path.join(dir, 'check.sqlite');
    const writer = new Database(file);
    expect(writer.pragma('journal_mode = WAL', { simple: true })).toBe('wal');
    writer.exec('create table notes (id integer primary key, body text not null)');
    const insert = writer.prepare('insert into notes (body) values (?)');
    writer.transaction((bodies: string[]) => {
      for (const body of bodies) insert.run(body);
    })(['one', 'two', 'three']);
    expect(() => insert.run(null)).toThrow(expect.objectContaining({ code: 'SQLITE_CONSTRAINT_NOTNULL' }));

    const reader = new Database(file, { readonly: true });
    expect(reader.prepare('select body from notes order by id').pluck().all()).toEqual(['one', 'two', 'three']);
    reader.close();
    writer.close();
  });

  it('loads its binary where it should: 13.x the prebuilt one it ships (no build shadows it), 12.x its compiled one', () => {
    // 13.x looks for a compiled binary in build/Debug and build/Release before prebuilds/. npm may
    // run node-gyp on it at install (`npm ci` does), but its binding.gyp builds nothing when the
    // package ships a binary for the host, so one `npm ci` on Node.js 20 leaves what 24 loads.
    const root13 = path.dirname(require.resolve('better-sqlite3-13/package.json'));
    for (const build of ['Debug', 'Release'])
      expect(fs.existsSync(path.join(root13, 'build', build, 'better_sqlite3.node'))).toBe(false);

    new Database(':memory:').close();
    const addons = Object.keys(require.cache).filter((file) => file.endsWith('.node') && file.includes('sqlite3'));
    const expected = hasNodeApi10
      ? path.join(root13, 'prebuilds')
      : path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'build', 'Release');
    expect(addons.map((file) => path.dirname(file))).toEqual([expected]);
  });
});
