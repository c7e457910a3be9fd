import type { Shop, SpinResult } from '@outpost/contracts/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeConfigDocument } from '../backoffice/config-documents';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpPlayers, signUpWithProfile } from '../identity/testing';
import { credit, getBalance } from '../ledger/ledger';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { CONTAINER_SPIN_CONFIG_ID } from './catalogue';
import { putTestMachine, putTestPack, stockLeft } from './testing';

describe.each(TEST_DIALECTS)('spins on %s', (dialect) => {
  let t: TestApp;
  let crowd: SignedIn[] = [];
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    crowd = await signUpPlayers(t.app, t.stores.identity, `spinner-${dialect}`, 40);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function player(credits = 0): Promise<SignedIn> {
    const signedIn = crowd.pop();
    if (!signedIn) throw new Error('The test needs a larger crowd.');
    if (credits > 0) {
      await credit(db(), {
        userId: signedIn.userId,
        amount: credits,
        reason: 'reward',
        reference: `grant:${signedIn.userId}`,
      });
    }
    return signedIn;
  }

  const spin = (caller: SignedIn, machineID: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/fn/spin-machine?machineID=${encodeURIComponent(machineID)}`,
      headers: { authorization: caller.bearer },
    });

  async function ledgerOf(userId: string) {
    return db().selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  it('charges, draws, takes the prize from stock, records the spin and grants the item', async () => {
    await putTestMachine(db(), {
      machineID: 'one-prize',
      costCredits: 120,
      prizes: [{ prizeID: 'cap', weight: 1, stock: 3 }],
    });
    const caller = await player(500);
    const response = await spin(caller, 'one-prize');
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as SpinResult;
    expect(result).toMatchObject({ prize: { prizeID: 'cap', name: 'Prize cap', itemID: 'item-cap' }, balance: 380 });
    expect(await stockLeft(db(), 'one-prize')).toBe(2);
    const spins = await db().selectFrom('spins').selectAll().where('spin_id', '=', result.spinID).execute();
    expect(spins).toEqual([
      expect.objectContaining({ user_id: caller.userId, machine_id: 'one-prize', prize_id: 'cap' }),
    ]);
    const items = await db().selectFrom('claimed_items').selectAll().where('user_id', '=', caller.userId).execute();
    expect(items).toEqual([
      expect.objectContaining({ item_id: 'item-cap', quantity: 1, source: 'spin', reference: `spin:${result.spinID}` }),
    ]);
    const inventory = await t.app.inject({ url: '/api/account/items', headers: { authorization: caller.bearer } });
    expect(inventory.json()).toEqual({
      items: [{ itemID: 'item-cap', name: 'item-cap', quantity: 1, source: 'spin', claimedAt: expect.any(String) }],
    });
    expect((await ledgerOf(caller.userId)).at(-1)).toMatchObject({
      amount: -120,
      reason: 'spin',
      reference: `spin:${result.spinID}`,
    });
  });

  it('refuses a spin the balance does not cover, changing nothing', async () => {
    await putTestMachine(db(), {
      machineID: 'pricey',
      costCredits: 1000,
      prizes: [{ prizeID: 'gem', weight: 1, stock: 5 }],
    });
    const caller = await player(999);
    const response = await spin(caller, 'pricey');
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      status: 'ABORTED',
      message: 'You do not have enough credits for this spin.',
      details: { balance: 999, cost: 1000 },
    });
    expect(await stockLeft(db(), 'pricey')).toBe(5);
    expect(await getBalance(db(), caller.userId)).toBe(999);
    expect(await db().selectFrom('spins').selectAll().where('user_id', '=', caller.userId).execute()).toEqual([]);
  });

  it('answers unknown, unavailable and missing machines with clear refusals', async () => {
    await putTestMachine(db(), {
      machineID: 'hidden',
      available: false,
      prizes: [{ prizeID: 'x', weight: 1, stock: 1 }],
    });
    const caller = await player(1000);
    expect((await spin(caller, 'nope')).json().error.message).toBe('There is no machine with that ID.');
    const hidden = await spin(caller, 'hidden');
    expect([hidden.statusCode, hidden.json().error.message]).toEqual([409, 'This machine is not available.']);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/fn/spin-machine',
      headers: { authorization: caller.bearer },
    });
    expect(missing.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/fn/spin-machine?machineID=hidden' });
    expect(anonymous.statusCode).toBe(401);
    expect(await getBalance(db(), caller.userId)).toBe(1000);
  });

  it('spins a machine with drops only while one is open', async () => {
    await putTestMachine(db(), { machineID: 'dropped', prizes: [{ prizeID: 'p', weight: 1, stock: 10 }] });
    const hour = 3_600_000;
    await db()
      .insertInto('drops')
      .values({
        drop_id: 'later',
        machine_id: 'dropped',
        name: 'Later',
        opens_at: new Date(Date.now() + hour).toISOString(),
        closes_at: new Date(Date.now() + 2 * hour).toISOString(),
      })
      .execute();
    const caller = await player(1000);
    const closed = await spin(caller, 'dropped');
    expect([closed.statusCode, closed.json().error.message]).toEqual([
      409,
      'This machine only spins while one of its drops is open.',
    ]);
    await db()
      .insertInto('drops')
      .values({
        drop_id: 'now',
        machine_id: 'dropped',
        name: 'Now',
        opens_at: new Date(Date.now() - hour).toISOString(),
        closes_at: new Date(Date.now() + hour).toISOString(),
      })
      .execute();
    expect((await spin(caller, 'dropped')).statusCode).toBe(200);
  });

  it('refuses every spin before the shop opens (config/container-spin), then takes them', async () => {
    await putTestMachine(db(), { machineID: 'opening', prizes: [{ prizeID: 'p', weight: 1, stock: 10 }] });
    const caller = await player(1000);
    const opens = new Date(Date.now() + 86_400_000).toISOString();
    const log = { environment: 'development' as const, admin: 'test-admin', action: 'config.update' };
    await writeConfigDocument(db(), CONTAINER_SPIN_CONFIG_ID, { shopOpens: opens }, log);
    try {
      const refused = await spin(caller, 'opening');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        message: 'The shop is not open yet.',
        details: { shopOpens: opens },
      });
      const shop = (await t.app.inject({ method: 'GET', url: '/api/shop' })).json() as Shop;
      expect(shop.shopOpens).toBe(opens);
      expect(await getBalance(db(), caller.userId)).toBe(1000);
    } finally {
      await writeConfigDocument(db(), CONTAINER_SPIN_CONFIG_ID, { shopOpens: null }, log);
    }
    expect((await spin(caller, 'opening')).statusCode).toBe(200);
  });

  it('never oversells: 500 concurrent spins against 100 units give exactly 100 prizes, the ledger balanced', async () => {
    await putTestMachine(db(), {
      machineID: 'rush',
      costCredits: 10,
      prizes: [
        { prizeID: 'common', weight: 9, stock: 70 },
        { prizeID: 'rare', weight: 1, stock: 30 },
      ],
    });
    const players = await Promise.all(Array.from({ length: 20 }, () => player(250)));
    const responses = await Promise.all(
      Array.from({ length: 500 }, (_, index) => spin(players[index % players.length] as SignedIn, 'rush')),
    );
    const won = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(won).toHaveLength(100);
    expect(refused).toHaveLength(400);
    for (const response of refused) {
      expect([response.statusCode, response.json().error.message]).toEqual([
        409,
        'Sold out: every prize of this machine has been won.',
      ]);
    }
    expect(await stockLeft(db(), 'rush')).toBe(0);
    const spins = await db().selectFrom('spins').select(['prize_id']).where('machine_id', '=', 'rush').execute();
    expect(spins.filter((row) => row.prize_id === 'common')).toHaveLength(70);
    expect(spins.filter((row) => row.prize_id === 'rare')).toHaveLength(30);
    // Every player paid exactly for their prizes: the balances and the ledger agree.
    let spent = 0;
    for (const each of players) {
      const rows = await ledgerOf(each.userId);
      const balance = await getBalance(db(), each.userId);
      expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(balance);
      spent += 250 - balance;
    }
    expect(spent).toBe(100 * 10);
    const items = await db()
      .selectFrom('claimed_items')
      .select((eb) => eb.fn.sum<string | number>('quantity').as('total'))
      .where('item_id', 'in', ['item-common', 'item-rare'])
      .executeTakeFirstOrThrow();
    expect(Number(items.total)).toBe(100);
  });

  it('decides concurrent spins one after the other: each spends what the one before it left', async () => {
    await putTestMachine(db(), {
      machineID: 'left',
      costCredits: 10,
      prizes: [{ prizeID: 'l', weight: 1, stock: 50 }],
    });
    await putTestMachine(db(), {
      machineID: 'right',
      costCredits: 10,
      prizes: [{ prizeID: 'r', weight: 1, stock: 50 }],
    });
    const caller = await player(55);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => spin(caller, index % 2 === 0 ? 'left' : 'right')),
    );
    const won = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(won).toHaveLength(5);
    for (const response of refused) {
      expect(response.json().error).toMatchObject({
        message: 'You do not have enough credits for this spin.',
        details: { balance: 5, cost: 10 },
      });
    }
    // Every answer names the balance its spin left, and no two spins left the same one.
    const balances = won.map((response) => (response.json() as SpinResult).balance).sort((a, b) => b - a);
    expect(balances).toEqual([45, 35, 25, 15, 5]);
    const spins = (await ledgerOf(caller.userId)).filter((row) => row.reason === 'spin');
    expect(spins.map((row) => row.balance_after)).toEqual([45, 35, 25, 15, 5]);
    expect(await getBalance(db(), caller.userId)).toBe(5);
    expect((await stockLeft(db(), 'left')) + (await stockLeft(db(), 'right'))).toBe(95);
    // Each spin moves its machine's version on, so an admin's save from before it is refused.
    const versions = await db()
      .selectFrom('machines')
      .select(['machine_id', 'version'])
      .where('machine_id', 'in', ['left', 'right'])
      .execute();
    expect(versions.reduce((sum, row) => sum + row.version - 1, 0)).toBe(5);
    const items = await db().selectFrom('claimed_items').selectAll().where('user_id', '=', caller.userId).execute();
    expect(items).toHaveLength(5);
    expect(new Set(items.map((item) => item.reference))).toEqual(new Set(spins.map((row) => row.reference)));
  });

  it('writes the spins of a machine made together as one batch: one stock move per batch, not per spin', async () => {
    await putTestMachine(db(), {
      machineID: 'together',
      costCredits: 1,
      prizes: [{ prizeID: 't', weight: 1, stock: 100 }],
    });
    const callers = await Promise.all(Array.from({ length: 4 }, () => player(10)));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => spin(callers[index % callers.length] as SignedIn, 'together')),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(await stockLeft(db(), 'together')).toBe(80);
    // A batch moves the machine's row and its prize's row once each, and the change feed records
    // each move: far fewer than the 40 that spins one at a time would record.
    const changes = await db()
      .selectFrom('changes')
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .where('topic', '=', 'machines')
      .where('key', '=', 'together')
      .executeTakeFirstOrThrow();
    // Two from putting the machine and its prize in; then two per batch.
    const batches = (Number(changes.total) - 2) / 2;
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(batches).toBeLessThanOrEqual(10);
  });

  it('publishes the odds of prizes in stock; players see available packs by price, staff see every one marked', async () => {
    await putTestMachine(db(), {
      machineID: 'odds',
      prizes: [
        { prizeID: 'a', weight: 3, stock: 1 },
        { prizeID: 'b', weight: 1, stock: 1 },
        { prizeID: 'gone', weight: 4, stock: 0 },
      ],
    });
    await putTestPack(db(), { packID: 'big', credits: 5000, costUSD: 2999 });
    await putTestPack(db(), { packID: 'small', credits: 100, costUSD: 99 });
    await putTestPack(db(), { packID: 'secret', credits: 9000, costUSD: 500, available: false });

    const visitor = (await t.app.inject({ method: 'GET', url: '/api/shop' })).json() as Shop;
    const odds = visitor.machines.find((machine) => machine.machineID === 'odds');
    expect(odds?.prizes.map((prize) => [prize.prizeID, prize.odds])).toEqual([
      ['a', 0.75],
      ['b', 0.25],
      ['gone', 0],
    ]);
    expect(visitor.machines.some((machine) => machine.machineID === 'hidden')).toBe(false);
    const prices = visitor.packs.map((pack) => pack.costUSD);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(visitor.packs.map((pack) => pack.packID)).toEqual(expect.arrayContaining(['small', 'big']));
    expect(visitor.packs.some((pack) => pack.packID === 'secret')).toBe(false);
    expect(visitor.paypalClientId).toBeNull();

    const staff = await signUpWithProfile(t.app, (id, keys) => setProfileKeys(t.stores.identity, id, keys), {
      email: 'shop-staff@example.com',
      displayName: 'shopstaff',
      keys: ['staff'],
    });
    const staffView = (
      await t.app.inject({ method: 'GET', url: '/api/shop', headers: { authorization: staff.bearer } })
    ).json() as Shop;
    expect(staffView.packs.find((pack) => pack.packID === 'secret')).toMatchObject({ available: false });
    expect(staffView.machines.find((machine) => machine.machineID === 'hidden')).toMatchObject({
      available: false,
      spinnable: false,
    });
  });

  it('settles a spin order paid with credits once, however often process-direct-transaction is called', async () => {
    await putTestMachine(db(), {
      machineID: 'ordered',
      costCredits: 40,
      prizes: [{ prizeID: 'p', weight: 1, stock: 10 }],
    });
    const caller = await player(100);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/shop/orders',
      headers: { authorization: caller.bearer },
      payload: { kind: 'spin', machineID: 'ordered', payment: 'credits' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { orderID } = created.json() as { orderID: string };
    const settle = (who: SignedIn) =>
      t.app.inject({
        method: 'GET',
        url: `/api/fn/process-direct-transaction?orderID=${orderID}`,
        headers: { authorization: who.bearer },
      });
    const answers = await Promise.all(Array.from({ length: 10 }, () => settle(caller)));
    const spinIDs = new Set(answers.map((response) => (response.json() as SpinResult).spinID));
    expect(answers.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(spinIDs.size).toBe(1);
    expect(await getBalance(db(), caller.userId)).toBe(60);
    expect(await stockLeft(db(), 'ordered')).toBe(9);

    const other = await player(100);
    const stolen = await settle(other);
    expect([stolen.statusCode, stolen.json().error.message]).toEqual([403, 'This order belongs to another player.']);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/fn/process-direct-transaction?orderID=nope',
      headers: { authorization: caller.bearer },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
