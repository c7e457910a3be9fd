import type { MerchCatalogue, MerchDrop } from '@outpost/contracts/merch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpPlayers, signUpRoles } from '../identity/testing';
import type { Mailer, MailMessage } from '../platform/mail/mailer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { notifyOpenedDrops } from './drops';
import { placeOrder, putTestProduct, readyToShop } from './testing';

const HOUR = 3_600_000;

/** A mailer that keeps what it sends, and fails for addresses it is told to. */
function recordingMailer(failFor: Set<string> = new Set()): Pick<Mailer, 'send'> & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      if (failFor.has(message.to)) throw new Error('the mail server refused it');
      sent.push(message);
    },
  };
}

describe.each(TEST_DIALECTS)('merch drops on %s', (dialect) => {
  let t: TestApp;
  let staff: SignedIn;
  let moderator: SignedIn;
  let crowd: SignedIn[] = [];
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    ({ staff, moderator } = await signUpRoles(t.app, t.stores.identity, {
      staff: ['staff'],
      moderator: ['moderator'],
    }));
    crowd = await signUpPlayers(t.app, t.stores.identity, `drops-${dialect}`, 12);
    await putTestProduct(db(), { productID: 'drop-tee', varieties: [['m', 3]] });
    await putTestProduct(db(), { productID: 'drop-cap', varieties: [['default', 1]] });
    await putTestProduct(t.stores.game.beta, { productID: 'beta-only', varieties: [['default', 1]] });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const adminCall = (caller: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: caller.bearer }, ...(payload ? { payload } : {}) });

  const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

  it('creates, edits and deletes a drop, each change in the admin log first', async () => {
    const created = await adminCall(staff, 'POST', '/api/admin/development/merch/drops', {
      dropID: 'Spring-Drop',
      name: 'Spring Drop',
      opensAt: inHours(48),
      products: ['drop-tee'],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ dropID: 'spring-drop', products: ['drop-tee'] });
    const edited = await adminCall(staff, 'PUT', '/api/admin/development/merch/drops/spring-drop', {
      name: 'Spring Drop II',
      opensAt: inHours(24),
      products: ['drop-tee', 'drop-cap'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as MerchDrop).products).toEqual(['drop-tee', 'drop-cap']);
    const log = await db().selectFrom('admin_log').select(['action', 'admin']).orderBy('id').execute();
    expect(log.filter((entry) => entry.action.startsWith('merchDrop.'))).toEqual([
      { action: 'merchDrop.create', admin: staff.userId },
      { action: 'merchDrop.update', admin: staff.userId },
    ]);
    const list = await adminCall(moderator, 'GET', '/api/admin/development/merch/drops');
    expect(list.statusCode).toBe(200);
    expect(list.json().rows).toEqual([expect.objectContaining({ dropID: 'spring-drop', subscribers: 0, notified: 0 })]);
    // The drop names its products, in its order, as the drops screen shows them.
    expect(list.json().rows[0].namedProducts).toEqual([
      { productID: 'drop-tee', name: 'Product drop-tee' },
      { productID: 'drop-cap', name: 'Product drop-cap' },
    ]);
    expect((await adminCall(moderator, 'DELETE', '/api/admin/development/merch/drops/spring-drop')).statusCode).toBe(
      403,
    );
    const deleted = await adminCall(staff, 'DELETE', '/api/admin/development/merch/drops/spring-drop');
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await adminCall(staff, 'DELETE', '/api/admin/development/merch/drops/spring-drop')).statusCode).toBe(404);
  });

  it('refuses a drop naming a missing product, a product in another drop, a taken id, and changes nothing', async () => {
    const first = await adminCall(staff, 'POST', '/api/admin/development/merch/drops', {
      dropID: 'one',
      name: 'One',
      opensAt: inHours(10),
      products: ['drop-cap'],
    });
    expect(first.statusCode).toBe(200);
    const missing = await adminCall(staff, 'POST', '/api/admin/development/merch/drops', {
      dropID: 'two',
      name: 'Two',
      opensAt: inHours(10),
      products: ['beta-only'],
    });
    expect(missing.statusCode).toBe(400);
    const noSuchProduct = 'No product with the ID beta-only exists here.';
    expect(missing.json().error).toMatchObject({
      message: noSuchProduct,
      details: { fields: { 'products.0': noSuchProduct } },
    });
    const taken = await adminCall(staff, 'POST', '/api/admin/development/merch/drops', {
      dropID: 'three',
      name: 'Three',
      opensAt: inHours(10),
      products: ['drop-tee', 'drop-cap'],
    });
    expect(taken.statusCode).toBe(409);
    // Named as staff know them, the product by its name and the other drop by its name; its place marked.
    const inOne = 'A product can be in one drop only: Product drop-cap is in One.';
    expect(taken.json().error).toMatchObject({ message: inOne, details: { fields: { 'products.1': inOne } } });
    const again = await adminCall(staff, 'POST', '/api/admin/development/merch/drops', {
      dropID: 'one',
      name: 'Again',
      opensAt: inHours(10),
      products: ['drop-tee'],
    });
    expect(again.statusCode).toBe(409);
    expect(Object.keys(again.json().error.details.fields)).toEqual(['dropID']);
    const bad = await adminCall(staff, 'POST', '/api/admin/development/merch/drops', {
      dropID: 'four',
      name: 'Four',
      opensAt: 'next week',
      products: ['drop-tee'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Opens at must be a date and time.');
    const drops = await db().selectFrom('merch_drops').select('drop_id').execute();
    expect(drops.map((drop) => drop.drop_id)).toEqual(['one']);
    await adminCall(staff, 'DELETE', '/api/admin/development/merch/drops/one');
  });

  it('keeps a drop’s products off sale until it opens, with its countdown in the catalogue', async () => {
    await adminCall(staff, 'POST', '/api/admin/development/merch/drops', {
      dropID: 'later',
      name: 'Later Drop',
      opensAt: inHours(3),
      products: ['drop-tee'],
    });
    const catalogue = (await t.app.inject({ url: '/api/shop/merch' })).json() as MerchCatalogue;
    expect(catalogue.drops).toEqual([
      expect.objectContaining({ dropID: 'later', open: false, soldOut: false, products: ['drop-tee'] }),
    ]);
    expect(catalogue.products.find((product) => product.productID === 'drop-tee')).toMatchObject({
      dropID: 'later',
      orderable: false,
    });
    const player = crowd.pop() as SignedIn;
    await readyToShop(t.app, db(), player, 10_000);
    const refused = await placeOrder(t.app, player, {
      lines: [{ productID: 'drop-tee', varietyID: 'm', quantity: 1 }],
      payment: 'credits',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(
      'This product belongs to a drop that has not opened yet. Later Drop opens',
    );

    await adminCall(staff, 'PUT', '/api/admin/development/merch/drops/later', {
      name: 'Later Drop',
      opensAt: inHours(-1),
      products: ['drop-tee'],
    });
    const open = await placeOrder(t.app, player, {
      lines: [{ productID: 'drop-tee', varietyID: 'm', quantity: 3 }],
      payment: 'credits',
    });
    expect(open.statusCode, open.body).toBe(200);
    const soldOut = (await t.app.inject({ url: '/api/shop/merch' })).json() as MerchCatalogue;
    expect(soldOut.drops.find((drop) => drop.dropID === 'later')).toMatchObject({ open: true, soldOut: true });
    await adminCall(staff, 'DELETE', '/api/admin/development/merch/drops/later');
  });

  it('subscribes an address once per drop and answers text, and mails it once when the drop opens', async () => {
    await adminCall(staff, 'POST', '/api/admin/development/merch/drops', {
      dropID: 'mail-drop',
      name: 'Mail Drop',
      opensAt: inHours(2),
      products: ['drop-cap'],
    });
    const player = crowd.pop() as SignedIn;
    const subscribe = (email: string, drop = 'mail-drop') =>
      t.app.inject({
        url: `/api/fn/subscribe-to-drop?drop=${drop}&email=${encodeURIComponent(email)}`,
        headers: { authorization: player.bearer },
      });
    const first = await subscribe('Fan@Example.com');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/plain');
    expect(first.body).toBe("You're on the list: we'll email you when Mail Drop opens.");
    const repeats = await Promise.all([subscribe('fan@example.com'), subscribe(' FAN@example.com ')]);
    expect(repeats.map((response) => response.body)).toEqual([
      "You're already on the list for Mail Drop; we'll email you once when it opens.",
      "You're already on the list for Mail Drop; we'll email you once when it opens.",
    ]);
    await subscribe('other@example.com');
    expect((await subscribe('fan@example.com', 'nope')).statusCode).toBe(404);
    expect((await subscribe('not an address')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ url: '/api/fn/subscribe-to-drop?drop=mail-drop&email=a@example.com' });
    expect(anonymous.statusCode).toBe(401);

    const mailer = recordingMailer();
    const options = { shopUrl: 'http://localhost:3000/shop/' };
    expect(await notifyOpenedDrops(db(), mailer, { ...options, now: new Date() })).toBe(0);
    const opened = new Date(Date.now() + 3 * HOUR);
    // Two instances running the round at once send each mail once.
    const rounds = await Promise.all([
      notifyOpenedDrops(db(), mailer, { ...options, now: opened }),
      notifyOpenedDrops(db(), mailer, { ...options, now: opened }),
    ]);
    expect(rounds[0] + rounds[1]).toBe(2);
    expect(mailer.sent.map((mail) => mail.to).sort()).toEqual(['fan@example.com', 'other@example.com']);
    expect(mailer.sent[0]).toMatchObject({ subject: 'Mail Drop is open' });
    expect(mailer.sent[0]?.text).toContain('http://localhost:3000/shop/');
    expect(await notifyOpenedDrops(db(), mailer, { ...options, now: opened })).toBe(0);
    expect(mailer.sent).toHaveLength(2);

    // A send that fails gives its claim back, and a later round sends it.
    await subscribe('broken@example.com');
    const refusing = recordingMailer(new Set(['broken@example.com']));
    expect(await notifyOpenedDrops(db(), refusing, { ...options, now: opened })).toBe(0);
    expect(await notifyOpenedDrops(db(), refusing, { ...options, now: opened })).toBe(0);
    const failing = await db()
      .selectFrom('merch_drop_subscriptions')
      .select(['notified_at', 'attempts'])
      .where('email', '=', 'broken@example.com')
      .executeTakeFirstOrThrow();
    expect(failing).toEqual({ notified_at: null, attempts: 2 });
    expect(await notifyOpenedDrops(db(), mailer, { ...options, now: opened })).toBe(1);
    const list = await adminCall(staff, 'GET', '/api/admin/development/merch/drops');
    expect(list.json().rows).toEqual([expect.objectContaining({ dropID: 'mail-drop', subscribers: 3, notified: 3 })]);

    await adminCall(staff, 'PUT', '/api/admin/development/merch/drops/mail-drop', {
      name: 'Mail Drop',
      opensAt: inHours(-1),
      products: ['drop-cap'],
    });
    const late = await subscribe('late@example.com');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This drop is already open: you can order now.');
  });
});
