import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../../apps/server/src/platform/db/sqlite-driver';
import { copyLog } from './by-hand';

const opened: Database[] = [];
const folders: string[] = [];

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A WAL store whose writer never checkpoints itself, as the app's leaves it to its worker. */
function storeWithALog(): { file: string; writer: Database } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'copy-log-'));
  folders.push(folder);
  const file = path.join(folder, 'store.sqlite');
  const writer = new Database(file);
  opened.push(writer);
  writer.pragma('journal_mode = WAL');
  writer.pragma('wal_autocheckpoint = 0');
  writer.exec('create table rows (id integer primary key, body text)');
  const insert = writer.prepare('insert into rows (body) values (?)');
  writer.transaction(() => {
    for (let row = 0; row < 2_000; row += 1) insert.run('x'.repeat(200));
  })();
  return { file, writer };
}

/** The rows the store's file holds by itself, without its log: what checkpoints have copied into it. */
function rowsInTheFile(file: string): number {
  const alone = path.join(path.dirname(file), 'alone.sqlite');
  fs.copyFileSync(file, alone);
  const db = new Database(alone, { readonly: true });
  try {
    return (db.prepare('select count(*) as count from rows').get() as { count: number }).count;
  } finally {
    db.close();
    fs.rmSync(alone);
  }
}

describe('copyLog', () => {
  it("copies another connection's log into the store's file", async () => {
    const { file } = storeWithALog();
    expect(() => rowsInTheFile(file)).toThrow(/no such table/);
    const copier = new Database(file, { fileMustExist: true });
    opened.push(copier);

    await copyLog(copier);

    expect(rowsInTheFile(file)).toBe(2_000);
  });

  it('copies what a reader no longer needs once the reader is done', async () => {
    const { file, writer } = storeWithALog();
    const reader = new Database(file, { readonly: true, fileMustExist: true });
    opened.push(reader);
    // A read transaction pinned on the first rows holds back the pages written after it.
    reader.exec('begin');
    reader.prepare('select count(*) from rows').get();
    writer.prepare('insert into rows (body) values (?)').run('y');
    const copier = new Database(file, { fileMustExist: true });
    opened.push(copier);

    // Its first try runs before it yields, while the reader still holds the last row's pages back.
    const copied = copyLog(copier);
    reader.exec('commit');
    await copied;

    expect(rowsInTheFile(file)).toBe(2_001);
  });
});
