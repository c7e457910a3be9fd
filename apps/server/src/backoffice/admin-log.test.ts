import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpWithProfile } from '../identity/testing';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { appendAdminLog } from './admin-log';

interface Page {
  rows: AdminLogEntry[];
  total: number;
  page: number;
  pageSize: number;
}

describe.each(TEST_DIALECTS)('the admin log on %s', (dialect) => {
  let t: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await signUpWithProfile(t.app, (id, keys) => setProfileKeys(t.stores.identity, id, keys), {
      email: 'log-admin@example.com',
      displayName: 'log-admin',
      keys: ['admin'],
    });
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
    expect(body.rows[0]).toMatchObject({ environment: 'production', admin: 'u1', data: { n: 1 } });
  });

  it('lists one environment, newest first, filtered and paginated on the server', async () => {
    const db = t.stores.game.beta;
    const base = Date.parse('2026-11-01T00:00:00.000Z');
    await db.transaction().execute(async (trx) => {
      for (let index = 0; index < 7; index += 1) {
        await appendAdminLog(trx, {
          action: index % 2 === 0 ? 'createProduct' : 'updateProduct',
          environment: 'beta',
          admin: index < 4 ? 'admin-a' : 'admin-b',
          data: { index },
          now: new Date(base + index * 60_000),
        });
      }
    });

    const all = await list('beta');
    expect(all.body.total).toBe(7);
    expect(all.body.rows.map((row) => row.data.index)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect((await list('development')).body.total).toBe(0);

    const filtered = await list('beta', '?action=createProduct&admin=admin-a&pageSize=1&page=2&order=asc');
    expect(filtered.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(filtered.body.rows.map((row) => row.data.index)).toEqual([2]);

    const range = await list(
      'beta',
      `?from=${encodeURIComponent(new Date(base + 60_000).toISOString())}&to=${encodeURIComponent(new Date(base + 3 * 60_000).toISOString())}`,
    );
    expect(range.body.rows.map((row) => row.data.index)).toEqual([3, 2, 1]);
  });

  it('answers a bad query with a message a person understands', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/beta/admin-log?pageSize=9000&sort=secret',
      headers: { authorization: admin.bearer },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('pageSize must be at most 500.');
  });
});
