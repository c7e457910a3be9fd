import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from './sqlite-driver';
import { createSqliteKysely } from './sqlite-kysely';
import { databaseTextOrder, textOrderWarning } from './text-order';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe('a store’s text order', () => {
  it('is no question on SQLite, which compares text as bytes', async () => {
    const db = createSqliteKysely(new Database(':memory:'));
    try {
      expect(await databaseTextOrder(db)).toBeUndefined();
      expect(textOrderWarning(undefined)).toBeUndefined();
    } finally {
      await db.destroy();
    }
  });

  describe.skipIf(!databaseUrl)('on PostgreSQL, as the database was created', () => {
    const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }),
    });
    const created: string[] = [];
    /** A new database made with `options` (after CREATE DATABASE name), and a handle on it. */
    const databaseWith = async (options: string) => {
      const name = `outpost_text_order_${created.length}_${suffix}`;
      await sql.raw(`create database ${name} template template0 ${options}`).execute(admin);
      created.push(name);
      const url = new URL(databaseUrl as string);
      url.pathname = `/${name}`;
      return new Kysely<unknown>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 1 }) }),
      });
    };
    const orderOf = async (options: string) => {
      const db = await databaseWith(options);
      try {
        return await databaseTextOrder(db);
      } finally {
        await db.destroy();
      }
    };
    beforeAll(() => sql`select 1`.execute(admin));
    afterAll(async () => {
      for (const name of created) await sql.raw(`drop database if exists ${name}`).execute(admin);
      await admin.destroy();
    });

    it("reads the C library's C and C.UTF-8 as bytes, with nothing to say", async () => {
      for (const collation of ['C', 'C.UTF-8']) {
        const order = await orderOf(`locale_provider libc locale '${collation}'`);
        expect(order).toEqual({ collation, asBytes: true });
        expect(textOrderWarning(order)).toBeUndefined();
      }
    });

    it('reads ICU’s en-US as a language’s rules, and says what it costs and how to move', async () => {
      const order = await orderOf("locale_provider icu icu_locale 'en-US' locale 'C.UTF-8'");
      expect(order).toEqual({ collation: "ICU's en-US", asBytes: false });
      expect(textOrderWarning(order)).toBe(
        "The PostgreSQL database compares text by the rules of ICU's en-US, not as bytes: every key's index costs " +
          "more to keep (1,000 ids took 64 % longer to insert under ICU's en-US than under C) and text sorts unlike on " +
          'SQLite. Create the database with createdb --template=template0 --locale-provider=libc --locale=C; ' +
          'docs/deployment.md shows how to move one.',
      );
    });
  });
});
