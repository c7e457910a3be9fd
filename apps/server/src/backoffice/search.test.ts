import { randomUUID } from 'node:crypto';
import { adminUserPath } from '@outpost/contracts/admin-routes';
import type { BackOfficeSearch, BackOfficeSearchHit } from '@outpost/contracts/backoffice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpRoles } from '../identity/testing';
import { putTestMerchOrders } from '../merch/testing';
import { seedDemoData } from '../seed';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';

/*
 * The back office's search (GET /api/admin/:env/search): players by name, email address or id, merch orders by
 * number, redemption codes, products, machines, items and episodes by name, each with its page.
 */
describe.each(TEST_DIALECTS)('the back office search on %s', (dialect) => {
  let t: TestApp;
  let accounts: Record<'staff' | 'adaLovelace' | 'player', SignedIn>;
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, 'development');
    accounts = await signUpRoles(t.app, t.stores.identity, { staff: ['staff'], adaLovelace: [], player: [] });
    // The demo has no merch order: Ada places one (as placing.ts stores it: its payment record, then the order).
    await putTestMerchOrders(db(), [
      {
        orderID: randomUUID(),
        userID: accounts.adaLovelace.userId,
        at: new Date().toISOString(),
        status: 'paid',
        cents: 4500,
      },
    ]);
  });
  afterAll(() => t.cleanup());

  const search = async (q: string, who: SignedIn = accounts.staff) => {
    const response = await t.app.inject({
      url: `/api/admin/development/search?q=${encodeURIComponent(q)}`,
      headers: { authorization: who.bearer },
    });
    return response;
  };
  const hitsFor = async (q: string): Promise<BackOfficeSearchHit[]> => {
    const response = await search(q);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as BackOfficeSearch).hits;
  };

  it('finds a player by display name, email address and id, and opens their page', async () => {
    const ada = {
      kind: 'player',
      id: accounts.adaLovelace.userId,
      title: '@adaLovelace-role',
      detail: 'adalovelace@example.com',
      path: adminUserPath(accounts.adaLovelace.userId),
    };
    expect(await hitsFor('adaLove')).toContainEqual(ada);
    expect(await hitsFor('adalovelace@example')).toContainEqual(ada);
    expect((await hitsFor(accounts.adaLovelace.userId))[0]).toEqual(ada);
  });

  it('finds each kind of thing by its name or number, kind by kind', async () => {
    const order = await db()
      .selectFrom('payment_orders')
      .select(['order_id', 'order_number'])
      .where('kind', '=', 'merch')
      .executeTakeFirstOrThrow();
    const batch = await db()
      .selectFrom('claim_code_batches')
      .select(['claim_code_id', 'batch_name'])
      .executeTakeFirstOrThrow();
    const code = await db()
      .selectFrom('claim_codes')
      .select(['code', 'claim_code_id'])
      .where('claim_code_id', '=', batch.claim_code_id)
      .executeTakeFirstOrThrow();
    const product = await db().selectFrom('products').select(['product_id', 'name']).executeTakeFirstOrThrow();
    const machine = await db().selectFrom('machines').select(['machine_id', 'name']).executeTakeFirstOrThrow();
    const item = await db().selectFrom('items_master').select(['item_id', 'name']).executeTakeFirstOrThrow();
    const episode = await db().selectFrom('episodes').select(['episode_id', 'title']).executeTakeFirstOrThrow();

    const found = async (q: string, kind: BackOfficeSearchHit['kind'], id: string) =>
      expect(await hitsFor(q), `${kind} ${q}`).toContainEqual(expect.objectContaining({ kind, id }));
    await found(order.order_id.slice(0, 8).toUpperCase(), 'order', order.order_id);
    // By its number, however short, as people say it: the hit names it so.
    for (const q of [`#${order.order_number}`, String(order.order_number)]) {
      expect(await hitsFor(q), q).toContainEqual(
        expect.objectContaining({ kind: 'order', id: order.order_id, title: `Order #${order.order_number}` }),
      );
    }
    await found(batch.batch_name.slice(0, 6), 'code', batch.claim_code_id);
    await found(code.code.toUpperCase(), 'code', code.code);
    await found(product.name.slice(1, 6), 'product', product.product_id);
    await found(machine.name.slice(0, 5).toLowerCase(), 'machine', machine.machine_id);
    await found(item.name.slice(0, 5).toUpperCase(), 'item', item.item_id);
    await found(episode.title.slice(0, 6), 'episode', episode.episode_id);
  });

  it('lists kinds in order, at most five of each', async () => {
    const hits = await hitsFor('role');
    const kinds = hits.map((hit) => hit.kind);
    expect(kinds).toEqual([...kinds].sort((a, b) => KIND_ORDER.indexOf(a) - KIND_ORDER.indexOf(b)));
    expect(kinds.filter((kind) => kind === 'player')).toHaveLength(3);
    const many = await hitsFor('the');
    for (const kind of KIND_ORDER) expect(many.filter((hit) => hit.kind === kind).length).toBeLessThanOrEqual(5);
  });

  it('takes wildcards as text and refuses a query too short or too long in words', async () => {
    expect(await hitsFor('%%%')).toEqual([]);
    expect(await hitsFor('___')).toEqual([]);
    const short = await search('ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain('Type at least 3 characters to search.');
    const long = await search('x'.repeat(101));
    expect(long.json().error.message).toContain('Search for at most 100 characters.');
  });

  it('is for the back office only', async () => {
    expect((await search('ada', accounts.player)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/development/search?q=ada' })).statusCode).toBe(401);
  });
});

const KIND_ORDER = ['player', 'order', 'code', 'product', 'machine', 'item', 'episode'];
