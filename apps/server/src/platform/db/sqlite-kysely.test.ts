import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Database } from './sqlite-driver';
import { createSqliteKysely, StatementCachingDatabase } from './sqlite-kysely';

describe('StatementCachingDatabase', () => {
  it('hands back the same prepared statement for the same SQL text', () => {
    const db = new StatementCachingDatabase(new Database(':memory:'));
    const first = db.prepare('select 1 as one');
    expect(db.prepare('select 1 as one')).toBe(first);
    expect(db.prepare('select 2 as two')).not.toBe(first);
    expect(db.cachedStatementCount).toBe(2);
    db.close();
  });

  it('drops the least recently used statement past its capacity', () => {
    const db = new StatementCachingDatabase(new Database(':memory:'), 2);
    const a = db.prepare('select 1');
    db.prepare('select 2');
    db.prepare('select 1'); // a is now the most recent
    db.prepare('select 3'); // evicts 'select 2'
    expect(db.cachedStatementCount).toBe(2);
    expect(db.prepare('select 1')).toBe(a);
    db.close();
  });
});

describe('the SQLite Kysely path', () => {
  interface Counter {
    counters: { id: number; value: number };
  }
  /** A counter at 0 in `db`. */
  const withCounter = async (db: Kysely<Counter>) => {
    await db.schema
      .createTable('counters')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('value', 'integer')
      .execute();
    await db.insertInto('counters').values({ id: 1, value: 0 }).execute();
    return db;
  };
  const open = () => withCounter(createSqliteKysely<Counter>(new Database(':memory:')));
  const value = async (db: Kysely<Counter>) =>
    (await db.selectFrom('counters').select('value').where('id', '=', 1).executeTakeFirstOrThrow()).value;

  it('keeps read-modify-write transactions exclusive under concurrency', async () => {
    const db = await open();
    await Promise.all(
      Array.from({ length: 200 }, () =>
        db.transaction().execute(async (trx) => {
          const current = await value(trx);
          await Promise.resolve();
          await trx
            .updateTable('counters')
            .set({ value: current + 1 })
            .where('id', '=', 1)
            .execute();
        }),
      ),
    );
    expect(await value(db)).toBe(200);
    await db.destroy();
  });

  it('makes a query from outside wait for an open transaction, so it never sees uncommitted rows', async () => {
    const db = await open();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('counters').set({ value: 99 }).where('id', '=', 1).execute();
        await gate;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const outside = value(db);
    release();
    expect(await transaction).toBe('roll back');
    expect(await outside).toBe(0);
    await db.destroy();
  });

  it('answers a read from outside at once from the last commit while a transaction holds the writer, and keeps a write waiting', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-sqlite-reader-'));
    const file = path.join(dir, 'store.sqlite');
    const writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    const db = createSqliteKysely<Counter>(writer, { openReader: () => new Database(file, { readonly: true }) });
    try {
      await withCounter(db);
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inside = -1;
      const transaction = db.transaction().execute(async (trx) => {
        await trx.updateTable('counters').set({ value: 99 }).where('id', '=', 1).execute();
        inside = await value(trx);
        await gate;
      });
      await expect.poll(() => inside).toBe(99);
      let written = false;
      const write = db
        .updateTable('counters')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .where('id', '=', 1)
        .execute()
        .then(() => {
          written = true;
        });
      // The gate is still shut: a read that waited for the writer would never answer here.
      expect(await value(db)).toBe(0);
      expect(written).toBe(false);
      release();
      await transaction;
      await write;
      // The write waited for the commit and added to it.
      expect(await value(db)).toBe(100);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("makes a second handle on the same file wait its turn behind the first's transaction, never SQLite's busy handler", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-sqlite-turns-'));
    const file = path.join(dir, 'store.sqlite');
    // No busy handler at all: a write meeting another connection's open transaction fails at once.
    const connect = () => {
      const connection = new Database(file);
      connection.pragma('journal_mode = WAL');
      connection.pragma('busy_timeout = 0');
      return connection;
    };
    const first = await withCounter(createSqliteKysely<Counter>(connect()));
    const second = createSqliteKysely<Counter>(connect());
    try {
      const fromSecond: Promise<unknown>[] = [];
      await first.transaction().execute(async (trx) => {
        await trx
          .updateTable('counters')
          .set((eb) => ({ value: eb('value', '+', 1) }))
          .where('id', '=', 1)
          .execute();
        // The first holds the writer across a turn of the loop (as a transaction awaiting the network
        // does); the second's writes arrive meanwhile.
        fromSecond.push(
          second.updateTable('counters').set({ value: -1 }).where('id', '=', 1).execute(),
          second.transaction().execute((other) => other.updateTable('counters').set({ value: -2 }).execute()),
        );
        await new Promise((resolve) => setImmediate(resolve));
        await trx.updateTable('counters').set({ value: 1_000 }).where('id', '=', 1).execute();
      });
      await Promise.all(fromSecond);
      // Each of the second's writes landed after the first's commit, in the order they came.
      expect(await value(second)).toBe(-2);
    } finally {
      await second.destroy();
      await first.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("claims the file as a transaction begins, so another process's commit cannot void it between a read and a write", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-sqlite-claim-'));
    const file = path.join(dir, 'store.sqlite');
    const connection = new Database(file);
    connection.pragma('journal_mode = WAL');
    const db = await withCounter(createSqliteKysely<Counter>(connection));
    // Another process on the same file (the operator CLI beside the server), with no busy handler: each
    // line asks it to add 1,000 to the counter at once, and it answers whether it could.
    const program = `
      const { Database } = await import(${JSON.stringify(new URL('./sqlite-driver.ts', import.meta.url).href)});
      const other = new Database(${JSON.stringify(file)});
      other.pragma('busy_timeout = 0');
      const add = other.prepare('update counters set value = value + 1000 where id = 1');
      process.stdin.setEncoding('utf8');
      for await (const chunk of process.stdin) {
        for (const _ of chunk.trim().split('\\n')) {
          try { add.run(); console.log('added'); } catch (error) { console.log(error.code); }
        }
      }
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', program], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    // Listened for from the start, so a child that ended early (it could not load) is not waited for again.
    const exited = once(child, 'exit');
    // A write to a child that ended fails too; the missing answer below says so.
    child.stdin.on('error', () => undefined);
    child.stdout.setEncoding('utf8');
    const answers = child.stdout[Symbol.asyncIterator]();
    const askOther = async () => {
      child.stdin.write('add\n');
      const answer = (await answers.next()) as IteratorResult<string>;
      if (answer.done) throw new Error(`The other process ended without answering (exit code ${child.exitCode}).`);
      return answer.value.trim();
    };
    try {
      let otherAnswered = '';
      await db.transaction().execute(async (trx) => {
        const read = await value(trx);
        // The other process writes between this transaction's read and its write.
        otherAnswered = await askOther();
        await trx
          .updateTable('counters')
          .set({ value: read + 1 })
          .where('id', '=', 1)
          .execute();
      });
      // The other process met the claim and was told to wait (SQLITE_BUSY is what its busy handler
      // waits out); a deferred transaction would have let it commit and then failed its own write.
      expect(otherAnswered).toBe('SQLITE_BUSY');
      expect(await value(db)).toBe(1);
      expect(await askOther()).toBe('added');
      expect(await value(db)).toBe(1_001);
    } finally {
      child.stdin.end();
      await exited;
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a failing statement as a rejection', async () => {
    const db = await open();
    await expect(db.insertInto('counters').values({ id: 1, value: 5 }).execute()).rejects.toThrow(/UNIQUE/);
    await db.destroy();
  });
});
