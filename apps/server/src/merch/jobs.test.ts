import type { MerchOrder } from '@outpost/contracts/merch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp } from '../identity/testing';
import { JobRunner } from '../platform/jobs/runner';
import type { MailMessage } from '../platform/mail/mailer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { merchJobs } from './jobs';
import { placeOrder, putTestProduct, readyToShop, varietyStock } from './testing';

describe.each(TEST_DIALECTS)('the merch jobs on %s', (dialect) => {
  let t: TestApp;
  let player: SignedIn;
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    // The test runs the merch jobs itself; the app's own runner, polling meanwhile, would take some of them.
    t = await buildTestApp(dialect, { jobPollMs: 60 * 60_000 });
    player = await signUp(t.app, { email: `jobs-${dialect}@example.com` });
    await readyToShop(t.app, t.stores.game.development, player, 10_000);
    await putTestProduct(db(), { productID: 'jobs-tee', varieties: [['m', 2]] });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('returns lapsed reservations’ stock and announces opened drops, each a periodic job of the runner', async () => {
    const order = (
      await placeOrder(t.app, player, {
        lines: [{ productID: 'jobs-tee', varietyID: 'm', quantity: 2 }],
        payment: 'credits',
      })
    ).json() as MerchOrder;
    await db()
      .updateTable('merch_orders')
      .set({ reserved_until: new Date(Date.now() - 1000).toISOString() })
      .where('order_id', '=', order.orderID)
      .execute();
    const at = new Date().toISOString();
    await db()
      .insertInto('merch_drops')
      .values({ drop_id: 'now', name: 'Now Drop', opens_at: at, created_at: at, updated_at: at })
      .execute();
    await db()
      .insertInto('merch_drop_subscriptions')
      .values({
        drop_id: 'now',
        email: 'fan@example.com',
        user_id: player.userId,
        created_at: at,
        notified_at: null,
        attempts: 0,
      })
      .execute();

    const sent: MailMessage[] = [];
    const runner = new JobRunner({
      db: t.stores.identity,
      definitions: merchJobs({
        game: db(),
        mailer: { send: async (message) => void sent.push(message) },
        shopUrl: 'http://localhost:3000/shop/',
      }),
      log: { info() {}, error() {} },
    });
    await t.stores.identity.deleteFrom('jobs').execute();
    await runner.start();
    await runner.stop();
    expect(await runner.runDue()).toBe(2);
    expect(await varietyStock(db(), 'jobs-tee', 'm')).toBe(2);
    expect(sent).toHaveLength(1);
    const row = await db()
      .selectFrom('merch_orders')
      .select('status')
      .where('order_id', '=', order.orderID)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    expect(sent[0]).toMatchObject({ to: 'fan@example.com', subject: 'Now Drop is open' });
  });
});
