import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointOffTheLoop, WRITER_CHECKPOINT_PAGES } from './checkpoints';
import { Database } from './sqlite-driver';

describe('checkpoints off the event loop', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A WAL store whose writer checkpoints only past WRITER_CHECKPOINT_PAGES, as the app opens its stores. */
  const openStore = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-checkpoints-'));
    dirs.push(dir);
    const file = path.join(dir, 'store.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
    db.exec('create table rows (id integer primary key, body text)');
    db.pragma('wal_checkpoint(TRUNCATE)');
    return { db, file };
  };
  /** 1,000 pages' worth of rows in one commit: far below the writer's own threshold. */
  const writeRows = (db: InstanceType<typeof Database>) => {
    const insert = db.prepare('insert into rows (body) values (?)');
    db.transaction(() => {
      for (let row = 0; row < 1_000; row += 1) insert.run('x'.repeat(4_000));
    })();
  };

  it("copies a commit's pages into the database file without the writer checkpointing", async () => {
    const { db, file } = openStore();
    const { committed, release } = checkpointOffTheLoop(file);
    try {
      const before = fs.statSync(file).size;
      writeRows(db);
      committed();
      // The writer's commit left the pages in the log; only a checkpoint grows the database file.
      await expect.poll(() => fs.statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(before + 3_000_000);
    } finally {
      await release();
      db.close();
    }
  });

  it('answers every release of one store, however many overlap', async () => {
    const { db, file } = openStore();
    const { release } = checkpointOffTheLoop(file);
    await Promise.all([release(), release()]);
    db.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it("closes the worker's connection on release, so the store's close is the last and removes the log", async () => {
    const { db, file } = openStore();
    const { committed, release } = checkpointOffTheLoop(file);
    writeRows(db);
    committed();
    await expect.poll(() => fs.statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(3_000_000);
    await release();
    db.close();
    // Had the worker's connection stayed open, the log would have outlived the store's close.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('copies nothing until the writer says it committed', async () => {
    const { db, file } = openStore();
    const { committed, release, rounds } = checkpointOffTheLoop(file);
    try {
      const before = fs.statSync(file).size;
      writeRows(db);
      // Rounds of the worker after the writes: without a commit it saw, it leaves the log alone.
      const looked = rounds();
      await expect.poll(rounds, { timeout: 5_000, interval: 5 }).toBeGreaterThanOrEqual(looked + 3);
      expect(fs.statSync(file).size).toBe(before);
      committed();
      await expect.poll(() => fs.statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(before + 3_000_000);
    } finally {
      await release();
      db.close();
    }
  });

  it('keeps one connection per handle when two handles open one file, each released with its own', async () => {
    const { db, file } = openStore();
    const first = checkpointOffTheLoop(file);
    const second = checkpointOffTheLoop(file);
    writeRows(db);
    first.committed();
    await expect.poll(() => fs.statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(3_000_000);
    await first.release();
    // The second handle's connection outlived the first's release and still copies the log.
    const before = fs.statSync(file).size;
    writeRows(db);
    second.committed();
    await expect.poll(() => fs.statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(before + 3_000_000);
    await second.release();
    db.close();
    // Both of the worker's connections closed: none leaked, so the store's close removed the log.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });
});
