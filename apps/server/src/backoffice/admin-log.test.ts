import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpWithProfile } from '../identity/testing';
import { putReports } from '../moderation/queries';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { appendAdminLog, OPERATOR } from './admin-log';

interface Page {
  rows: AdminLogEntry[];
  total: number;
  page: number;
  pageSize: number;
}

describe.each(TEST_DIALECTS)('the admin log on %s', (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let staff: SignedIn;
  let player: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const setKeys = (id: string, keys: string[]) => setProfileKeys(t.stores.identity, id, keys);
    admin = await signUpWithProfile(t.app, setKeys, {
      email: 'log-admin@example.com',
      displayName: 'BossAdmin',
      keys: ['admin'],
    });
    staff = await signUpWithProfile(t.app, setKeys, {
      email: 'helper@studio.example',
      displayName: 'StaffHelper',
      keys: ['staff'],
    });
    player = await signUpWithProfile(t.app, setKeys, { email: 'griefer@example.com', displayName: 'Griefer' });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function list(env: string, query = ''): Promise<{ status: number; body: Page }> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${env}/admin-log${query}`,
      headers: { authorization: admin.bearer },
    });
    return { status: response.statusCode, body: response.json() as Page };
  }

  it('keeps an entry with the change that commits and none for a change that fails', async () => {
    const db = t.stores.game.production;
    await db.transaction().execute(async (trx) => {
      await appendAdminLog(trx, { action: 'kept', environment: 'production', admin: 'u1', data: { n: 1 } });
      await trx.insertInto('store_meta').values({ key: 'kept-change', value: 'x' }).execute();
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await appendAdminLog(trx, { action: 'failed', environment: 'production', admin: 'u1', data: {} });
        // The change itself fails (the key exists), so its entry must go with it.
        await trx.insertInto('store_meta').values({ key: 'kept-change', value: 'y' }).execute();
      }),
    ).rejects.toThrow();

    const { status, body } = await list('production');
    expect(status).toBe(200);
    expect(body.rows.map((row) => row.action)).toEqual(['kept']);
    expect(body.rows[0]).toMatchObject({
      environment: 'production',
      admin: 'u1',
      adminPerson: { userID: 'u1', displayName: null, email: null },
      data: { n: 1 },
    });
  });

  it('lists one environment, newest first, filtered and paginated on the server', async () => {
    const db = t.stores.game.beta;
    const base = Date.parse('2026-11-01T00:00:00.000Z');
    await db.transaction().execute(async (trx) => {
      for (let index = 0; index < 7; index += 1) {
        await appendAdminLog(trx, {
          action: index % 2 === 0 ? 'createProduct' : 'updateProduct',
          environment: 'beta',
          admin: index < 4 ? admin.userId : staff.userId,
          data: { index },
          now: new Date(base + index * 60_000),
        });
      }
    });

    const all = await list('beta');
    expect(all.body.total).toBe(7);
    expect(all.body.rows.map((row) => row.data.index)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect((await list('development')).body.total).toBe(0);

    const filtered = await list('beta', '?action=createProduct&admin=bossadmin&pageSize=1&page=2&order=asc');
    expect(filtered.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(filtered.body.rows.map((row) => row.data.index)).toEqual([2]);

    const range = await list(
      'beta',
      `?from=${encodeURIComponent(new Date(base + 60_000).toISOString())}&to=${encodeURIComponent(new Date(base + 3 * 60_000).toISOString())}`,
    );
    expect(range.body.rows.map((row) => row.data.index)).toEqual([3, 2, 1]);
  });

  it('names the admin and the people the data names, and nobody for the operator', async () => {
    const db = t.stores.game.development;
    await db.transaction().execute(async (trx) => {
      await appendAdminLog(trx, {
        action: 'user.suspend',
        environment: 'development',
        admin: admin.userId,
        data: { userID: player.userId, reason: 'Griefing' },
      });
      await appendAdminLog(trx, {
        action: 'account.export',
        environment: 'development',
        admin: OPERATOR,
        data: { userID: 'gone-account', requestedBy: 'operator' },
      });
    });
    const { body } = await list('development');
    const [exported, suspended] = body.rows;
    expect(suspended).toMatchObject({
      admin: admin.userId,
      adminPerson: { userID: admin.userId, displayName: 'BossAdmin', email: 'log-admin@example.com' },
      people: { [player.userId]: { userID: player.userId, displayName: 'Griefer', email: 'griefer@example.com' } },
    });
    expect(exported?.adminPerson).toBeNull();
    // An id whose account is gone is still answered, as nobody's.
    expect(exported?.people).toEqual({ 'gone-account': { userID: 'gone-account', displayName: null, email: null } });
  });

  it('filters by the admin’s name or email, and answers an unknown name with an empty page', async () => {
    const db = t.stores.game.production;
    await db.transaction().execute(async (trx) => {
      for (const [who, productID] of [
        [admin.userId, 'boss-hoodie'],
        [staff.userId, 'staff-cap'],
        [OPERATOR, 'operator-tee'],
      ] as const) {
        await appendAdminLog(trx, {
          action: 'product.create',
          environment: 'production',
          admin: who,
          data: { productID },
        });
      }
    });
    const products = async (admin: string) => {
      const { status, body } = await list('production', `?action=product.create&admin=${encodeURIComponent(admin)}`);
      expect(status).toBe(200);
      return body.rows.map((row) => row.data.productID);
    };
    expect(await products('@BossAdmin')).toEqual(['boss-hoodie']);
    expect(await products('staffhelp')).toEqual(['staff-cap']);
    // A screen that knows only the admin's id links with it.
    expect(await products(staff.userId)).toEqual(['staff-cap']);
    expect(await products('studio.example')).toEqual(['staff-cap']);
    expect(await products('operator')).toEqual(['operator-tee']);
    // Both admins' names hold an "a", the operator's too.
    expect(await products('a')).toEqual(['operator-tee', 'staff-cap', 'boss-hoodie']);
    // A player who never changed anything is no admin of this log.
    expect(await products('Griefer')).toEqual([]);
    const unknown = await list('production', '?admin=nobody-at-all');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ rows: [], total: 0, page: 1 });
  });

  it('filters by a record’s id or code in the data, its wildcards and quotes taken literally', async () => {
    const db = t.stores.game.beta;
    const records: Record<string, unknown>[] = [
      { orderID: 'ord5047abcdefghij', trackingReference: 'RM123456789GB' },
      { claimCodeID: 'batch-1', customCodeName: 'WELCOME' },
      { packID: 'half', name: '50% off' },
      { packID: 'five-hundred', name: '500 off' },
      { itemID: 'quote', name: 'say "hi"' },
    ];
    await db.transaction().execute(async (trx) => {
      for (const data of records) {
        await appendAdminLog(trx, { action: 'record.test', environment: 'beta', admin: admin.userId, data });
      }
    });
    const matching = async (record: string) => {
      const { status, body } = await list('beta', `?action=record.test&record=${encodeURIComponent(record)}`);
      expect(status).toBe(200);
      return body.rows.map((row) => Object.values(row.data)[0]);
    };
    expect(await matching('5047')).toEqual(['ord5047abcdefghij']);
    // A shortened id copied from a sentence finds its entry.
    expect(await matching('ord5047a…')).toEqual(['ord5047abcdefghij']);
    expect(await matching('RM123')).toEqual(['ord5047abcdefghij']);
    expect(await matching('welcome')).toEqual(['batch-1']);
    expect(await matching('50%')).toEqual(['half']);
    expect(await matching('0_o')).toEqual([]);
    expect(await matching('"hi"')).toEqual(['quote']);
    expect(await matching('nothing-like-it')).toEqual([]);
  });

  it('finds the entries of an order or a report by its short number, in the environment’s store', async () => {
    const db = t.stores.game.beta;
    const order = (id: string) => ({
      order_id: id,
      user_id: player.userId,
      kind: 'credit-pack',
      payment: 'paypal',
      pack_id: 'pack-500',
      machine_id: null,
      amount_cents: 499,
      credits: 500,
      currency: 'USD',
      paypal_order_id: null,
      stripe_session_id: null,
      stripe_payment_intent: null,
      status: 'completed',
      created_at: new Date().toISOString(),
      settled_at: new Date().toISOString(),
    });
    for (const id of ['numbered-order-a', 'numbered-order-b', 'numbered-order-c']) {
      await db.insertInto('payment_orders').values(order(id)).execute();
    }
    await putReports(db, [
      {
        report_id: 'numbered-report-a',
        category: 'harassment',
        target: '@someone',
        text: 'Rude.',
        reporter: null,
        source: 'game',
        created_at: new Date().toISOString(),
        resolved: 0,
        resolved_by: null,
        resolved_at: null,
        resolution: null,
      },
    ]);
    const orderNumber = async (id: string) =>
      Number(
        (
          await db
            .selectFrom('payment_orders')
            .select('order_number')
            .where('order_id', '=', id)
            .executeTakeFirstOrThrow()
        ).order_number,
      );
    const report = await db
      .selectFrom('reports')
      .select('report_number')
      .where('report_id', '=', 'numbered-report-a')
      .executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      for (const data of [
        { orderID: 'numbered-order-c', note: 'refunded' },
        { reportID: 'numbered-report-a' },
        { orderID: 'numbered-order-a' },
      ]) {
        await appendAdminLog(trx, { action: 'number.test', environment: 'beta', admin: admin.userId, data });
      }
    });
    const matching = async (record: string) => {
      const { status, body } = await list('beta', `?action=number.test&record=${encodeURIComponent(record)}`);
      expect(status).toBe(200);
      return body.rows.map((row) => Object.values(row.data)[0]).sort();
    };
    const orderC = await orderNumber('numbered-order-c');
    expect(await matching(`#${orderC}`)).toEqual(['numbered-order-c']);
    expect(await matching(` ${orderC}`)).toEqual(['numbered-order-c']);
    // One number may name an order and a report: both are found.
    const reportA = Number(report.report_number);
    expect(await orderNumber('numbered-order-a')).toBe(reportA);
    expect(await matching(`#${reportA}`)).toEqual(['numbered-order-a', 'numbered-report-a']);
    // A number no record has finds nothing; the ids still find their entries.
    expect(await matching('#999999')).toEqual([]);
    expect(await matching('numbered-report')).toEqual(['numbered-report-a']);
  });

  it('answers a bad query with a message a person understands', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/beta/admin-log?pageSize=9000&sort=secret',
      headers: { authorization: admin.bearer },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('pageSize must be at most 500.');
    // A user id or an action key sorts nothing a person can follow: the log is sorted by time only.
    for (const sort of ['admin', 'action']) expect((await list('beta', `?sort=${sort}`)).status).toBe(400);
  });
});
