import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_SOURCES } from './domains';
import { setProfileKeys } from './identity/queries';
import { type SignedIn, signUpWithProfile } from './identity/testing';
import { placeOrder, putTestProduct, readyToShop } from './merch/testing';
import type { ChangeSource } from './platform/changes/triggers';
import { isPostgres } from './platform/db/dialect';
import { insertScheduledPush } from './push/testing';
import { seedDemoData } from './seed';
import { buildTestApp, TEST_DIALECTS, type TestApp } from './testing/test-stores';

/*
 * Every table a live topic covers records its changes, whoever writes it: the checks below write
 * each one with plain SQL, as no route of ours would (the operator's hand, the auth library, a
 * seeder), and find the change the table's triggers recorded in the same transaction.
 */

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

describe.each(TEST_DIALECTS)('the change feed covers every watched table on %s', (dialect) => {
  let t: TestApp;
  let player: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, 'development');
    player = await signUpWithProfile(t.app, (id, keys) => setProfileKeys(t.stores.identity, id, keys), {
      email: 'covered@example.com',
      displayName: 'Covered',
    });
    // An order profile, and the credits of a merch order (the live stats list the newest): the demo set has none.
    await readyToShop(t.app, t.stores.game.development, player, 5000);
    await putTestProduct(t.stores.game.development, { productID: 'covered-tee', varieties: [['m', 5]] });
    const placed = await placeOrder(t.app, player, {
      lines: [{ productID: 'covered-tee', varietyID: 'm', quantity: 1 }],
      payment: 'credits',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    // The back office's lists the demo set leaves empty: a key made (and its admin-log entry), a beta
    // request, a claim of a demo invite, a scheduled push.
    const admin = await signUpWithProfile(t.app, (id, keys) => setProfileKeys(t.stores.identity, id, keys), {
      email: 'covered-admin@example.com',
      displayName: 'CoveredAdmin',
      keys: ['admin'],
    });
    const authorized = (as: SignedIn) => ({ authorization: as.bearer });
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/admin/development/ingest-keys',
      headers: authorized(admin),
      payload: { name: 'Covered server' },
    });
    expect(key.statusCode, key.body).toBe(200);
    const asked = await t.app.inject({
      method: 'PUT',
      url: '/api/account/beta/request',
      headers: authorized(player),
      payload: { data: { platform: 'android' } },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const db = t.stores.game.development;
    const invite = await db.selectFrom('invites').select('invite_id').limit(1).executeTakeFirstOrThrow();
    await db
      .insertInto('invite_claims')
      .values({ invite_id: invite.invite_id, user_id: player.userId, claimed_at: new Date().toISOString() })
      .execute();
    await insertScheduledPush(db, { messageID: 'covered-push', title: 'Covered', createdBy: admin.userId });
    // The work under way the demo set has none of: a push the outbox received, a refund, a reward to everyone.
    const at = new Date().toISOString();
    await t.stores.identity
      .insertInto('push_outbox')
      .values({
        id: 'covered-outbox',
        environment: 'development',
        token: 't',
        title: 'Covered',
        body: '',
        data: null,
        created_at: at,
      })
      .execute();
    const { orderID } = placed.json() as { orderID: string };
    await db
      .insertInto('merch_refunds')
      .values({
        order_id: orderID,
        amount_cents: 1,
        credits: null,
        reason: 'Covered',
        provider_reference: null,
        status: 'pending',
        admin: admin.userId,
        created_at: at,
      })
      .execute();
    await db
      .insertInto('reward_distributions')
      .values({
        request_id: 'covered-everyone',
        reason: 'Covered',
        credits: 1,
        items: '[]',
        distributed_at: at,
        distributed_by: admin.userId,
      })
      .execute();
    await db
      .insertInto('reward_everyone')
      .values({
        request_id: 'covered-everyone',
        state: 'queued',
        players_at_send: 1,
        last_user_id: null,
        started_at: null,
        finished_at: null,
        last_error: null,
        send_at: at,
      })
      .execute();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const sides = [
    ['identity', () => t.stores.identity as unknown as AnyDb, CHANGE_SOURCES.identity],
    ['development', () => t.stores.game.development as unknown as AnyDb, CHANGE_SOURCES.game],
  ] as const;
  const cases = sides.flatMap(([store, db, sources]) => sources.map((source) => [store, source, db] as const));

  it.each(cases)('%s: %o', async (_store, source: ChangeSource, db) => {
    const store = db();
    let rows = store.selectFrom(source.table).select(sql.ref(source.key).as('key'));
    if (source.keys) rows = rows.where(sql.ref(source.key), 'in', [...source.keys]);
    const row = (await rows.limit(1).executeTakeFirst()) as { key: string } | undefined;
    expect(row, `${source.table} has a row to write`).toBeDefined();
    const key = String(row?.key);
    const before = await lastSeq(store);
    const ops = source.ops ?? ['insert', 'update', 'delete'];
    let recorded: { topic: string; key: string }[] = [];
    if (ops.includes('update')) {
      // A write that changes no value is a write all the same.
      await sql`update ${sql.table(source.table)} set ${sql.ref(source.key)} = ${sql.ref(source.key)} where ${sql.ref(source.key)} = ${key}`.execute(
        store,
      );
      recorded = await changesSince(store, before);
    } else {
      // A delete is read back in its own transaction and rolled back, so the row stays for the others.
      await store
        .transaction()
        .execute(async (trx) => {
          // PostgreSQL's change triggers are deferred to the commit: run them now.
          if (isPostgres(trx)) await sql`set constraints all immediate`.execute(trx);
          await sql`delete from ${sql.table(source.table)} where ${sql.ref(source.key)} = ${key}`.execute(trx);
          recorded = await changesSince(trx, before);
          throw new RolledBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
        });
    }
    expect(recorded).toContainEqual({ topic: source.topic, key: source.as ?? key });
    expect(await triggeredOps(store, source)).toEqual([...ops].sort());
  });

  class RolledBack extends Error {}

  const changesSince = (db: AnyDb, seq: number) =>
    db.selectFrom('changes').select(['topic', 'key']).where('seq', '>', seq).execute() as Promise<
      { topic: string; key: string }[]
    >;

  async function lastSeq(db: AnyDb): Promise<number> {
    const row = await db
      .selectFrom('changes')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  /** The writes the table's change trigger fires on, as the database itself lists them. */
  async function triggeredOps(db: AnyDb, source: ChangeSource): Promise<string[]> {
    const name = `changes__${source.topic.replaceAll('-', '_')}__${source.table}`;
    if (isPostgres(db)) {
      const { rows } = await sql<{ ops: number }>`select tgtype as ops from pg_trigger where tgname = ${name}`.execute(
        db,
      );
      // pg_trigger.tgtype's bits: 4 insert, 8 delete, 16 update.
      const bits = rows[0]?.ops ?? 0;
      return [...(bits & 8 ? ['delete'] : []), ...(bits & 4 ? ['insert'] : []), ...(bits & 16 ? ['update'] : [])];
    }
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'trigger' and name like ${`${name}__%`}
    `.execute(db);
    return rows.map((trigger) => trigger.name.slice(name.length + 2)).sort();
  }
});
