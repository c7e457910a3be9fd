import type { AdminListPage } from '@outpost/contracts/admin-list';
import type {
  AdminDrop,
  CreateCreditPackInput,
  CreateDropInput,
  CreateMachineInput,
  CreditPack,
  Drop,
  Machine,
  PayPalAmounts,
  UpdateMachineInput,
} from '@outpost/contracts/shop';
import { SHOP_MESSAGES } from '@outpost/contracts/shop';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpWithProfile } from '../identity/testing';
import { putItems } from '../items/queries';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { machinePrizeItemUse } from './admin-queries';

type Env = 'development' | 'beta';

describe.each(TEST_DIALECTS)('the shop’s back office on %s', (dialect) => {
  let t: TestApp;
  let staff: SignedIn;
  let admin: SignedIn;
  let moderator: SignedIn;
  let player: SignedIn;
  let counter = 0;
  /** An id no other test uses. */
  const nextId = (prefix: string) => {
    counter += 1;
    return `${prefix}-${counter}`;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const setKeys = (id: string, keys: string[]) => setProfileKeys(t.stores.identity, id, keys);
    staff = await signUpWithProfile(t.app, setKeys, {
      email: 'staff@example.com',
      displayName: 'staffer',
      keys: ['staff'],
    });
    admin = await signUpWithProfile(t.app, setKeys, {
      email: 'admin@example.com',
      displayName: 'adminer',
      keys: ['admin'],
    });
    moderator = await signUpWithProfile(t.app, setKeys, {
      email: 'mod@example.com',
      displayName: 'moddy',
      keys: ['moderator'],
    });
    player = await signUpWithProfile(t.app, setKeys, { email: 'player@example.com', displayName: 'playa' });
    const updatedAt = new Date().toISOString();
    await putItems(t.stores.game.development, [
      { item_id: 'taco', name: 'Taco', updated_at: updatedAt },
      { item_id: 'boba-tea', name: 'Boba Tea', updated_at: updatedAt },
    ]);
    await putItems(t.stores.game.beta, [{ item_id: 'taco', name: 'Taco', updated_at: updatedAt }]);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { as?: SignedIn; payload?: unknown; env?: Env } = {},
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method,
      url: `/api/admin/${options.env ?? 'development'}${path}`,
      headers: { authorization: (options.as ?? staff).bearer },
      ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
    });
  }

  async function ok<Body>(response: Promise<LightMyRequestResponse>): Promise<Body> {
    const answered = await response;
    expect(answered.statusCode, answered.body).toBe(200);
    return answered.json() as Body;
  }

  /** The admin-log entries of an action whose data names `key: value`. */
  async function logEntries(action: string, key: string, value: string, env: Env = 'development') {
    const rows = await t.stores.game[env].selectFrom('admin_log').selectAll().where('action', '=', action).execute();
    return rows
      .map((row) => ({ ...row, data: JSON.parse(row.data) as Record<string, unknown> }))
      .filter((row) => row.data[key] === value);
  }

  async function expectRefusal(response: Promise<LightMyRequestResponse>, status: number, message: string) {
    const answered = await response;
    expect(answered.statusCode, answered.body).toBe(status);
    expect(answered.json().error.message).toContain(message);
    return answered.json().error as { message: string; details?: { fields: Record<string, string> } };
  }

  const packInput = (overrides: Partial<CreateCreditPackInput> = {}): CreateCreditPackInput => ({
    packID: nextId('pack'),
    name: 'Pouch of credits',
    credits: 500,
    costUSD: 499,
    available: true,
    ...overrides,
  });

  const machineInput = (overrides: Partial<CreateMachineInput> = {}): CreateMachineInput => ({
    machineID: nextId('machine'),
    name: 'Snack Machine',
    description: 'Street food in mystery balls.',
    available: true,
    costCredits: 100,
    costUSD: null,
    prizes: [
      { prizeID: 'taco', name: 'A taco', itemID: 'taco', weight: 3, stock: 10 },
      { prizeID: 'boba', name: 'A boba tea', itemID: 'boba-tea', weight: 1, stock: 5 },
    ],
    ...overrides,
  });

  const saveOf = (machine: Machine, overrides: Partial<UpdateMachineInput> = {}): UpdateMachineInput => ({
    name: machine.name,
    description: machine.description,
    available: machine.available,
    costCredits: machine.costCredits,
    costUSD: machine.costUSD,
    prizes: machine.prizes.map(({ prizeID, name, itemID, weight, stock }) => ({
      prizeID,
      name,
      itemID,
      weight,
      stock,
    })),
    version: machine.version,
    ...overrides,
  });

  const createPack = (input = packInput(), env: Env = 'development') =>
    ok<CreditPack>(call('POST', '/credit-packs', { payload: input, env }));
  const createMachine = (input = machineInput(), env: Env = 'development') =>
    ok<Machine>(call('POST', '/machines', { payload: input, env }));

  /** What the players' spin does to a machine (the lead's spin code): one unit less, the version moved on. */
  async function spinOnce(machineID: string, prizeID: string) {
    await t.stores.game.development.transaction().execute(async (trx) => {
      await trx
        .updateTable('machines')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('machine_id', '=', machineID)
        .execute();
      await trx
        .updateTable('machine_prizes')
        .set((eb) => ({ stock: eb('stock', '-', 1) }))
        .where('machine_id', '=', machineID)
        .where('prize_id', '=', prizeID)
        .execute();
    });
  }

  describe('credit packs', () => {
    it('creates a pack and reads it back, with its admin-log entry', async () => {
      const input = packInput({ packID: '  Starter-Pack ', name: ' Starter ', available: false });
      const pack = await createPack(input);
      expect(pack).toEqual({ packID: 'starter-pack', name: 'Starter', credits: 500, costUSD: 499, available: false });
      expect(await ok(call('GET', '/credit-packs/starter-pack', { as: moderator }))).toEqual(pack);
      const [entry, ...more] = await logEntries('creditPack.create', 'packID', 'starter-pack');
      expect(more).toHaveLength(0);
      expect(entry).toMatchObject({ environment: 'development', admin: staff.userId });
      expect(entry?.data).toMatchObject({ name: 'Starter', credits: 500, costUSD: 499, available: false });
    });

    it('lists every pack, unavailable ones included, by costUSD ascending unless asked otherwise', async () => {
      const tag = nextId('sorted');
      for (const [index, costUSD] of [1999, 99, 499].entries()) {
        await createPack(packInput({ packID: `${tag}-${index}`, costUSD, available: index !== 1 }));
      }
      const list = (query = '') =>
        ok<AdminListPage<CreditPack>>(call('GET', `/credit-packs?search=${tag}${query}`, { as: moderator }));
      const byPrice = await list();
      expect(byPrice.rows.map((pack) => [pack.costUSD, pack.available])).toEqual([
        [99, false],
        [499, true],
        [1999, true],
      ]);
      expect((await list('&order=desc')).rows.map((pack) => pack.costUSD)).toEqual([1999, 499, 99]);
      expect((await list('&pageSize=2&page=2')).rows.map((pack) => pack.costUSD)).toEqual([1999]);
      expect((await list('&sort=packID')).rows.map((pack) => pack.packID)).toEqual([0, 1, 2].map((i) => `${tag}-${i}`));
      const everything = await ok<AdminListPage<CreditPack>>(call('GET', '/credit-packs?pageSize=500'));
      const prices = everything.rows.map((pack) => pack.costUSD);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      // LIKE's wildcards are text in a search.
      expect((await ok<AdminListPage<CreditPack>>(call('GET', '/credit-packs?search=%25_%25'))).total).toBe(0);
      await expectRefusal(
        call('GET', '/credit-packs?sort=price'),
        400,
        'sort must be one of costUSD, name, credits, packID.',
      );
    });

    it('edits and hides a pack, logging what it was', async () => {
      const pack = await createPack();
      const { packID: _id, ...fields } = pack;
      const hidden = await ok<CreditPack>(
        call('PUT', `/credit-packs/${pack.packID}`, { payload: { ...fields, name: 'Renamed', available: false } }),
      );
      expect(hidden).toEqual({ ...pack, name: 'Renamed', available: false });
      expect(await ok(call('GET', `/credit-packs/${pack.packID}`))).toEqual(hidden);
      const [entry] = await logEntries('creditPack.update', 'packID', pack.packID);
      expect(entry?.data).toMatchObject({
        name: 'Renamed',
        available: false,
        previous: { name: pack.name, available: true },
      });
      await expectRefusal(
        call('PUT', '/credit-packs/ghost', { payload: fields }),
        404,
        'There is no credit pack with the ID "ghost" in development.',
      );
    });

    it.each([
      ['an empty name', { name: '  ' }, 'A name is required.'],
      ['a price of 0 cents', { costUSD: 0 }, 'The price in cents must be at least 1.'],
      ['a price in dollars', { costUSD: 4.99 }, 'The price in cents must be a whole number.'],
      ['no credits', { credits: 0 }, 'Credits must be at least 1.'],
      ['an id with a slash', { packID: 'a/b' }, SHOP_MESSAGES.idCharacters],
      ['the create page’s name as id', { packID: 'NEW' }, SHOP_MESSAGES.idReserved],
      ['no available flag', { available: undefined }, 'available'],
    ])('refuses %s with a clear 400, storing nothing', async (_case, overrides, message) => {
      const input = packInput(overrides);
      await expectRefusal(call('POST', '/credit-packs', { payload: input }), 400, message);
      expect(await logEntries('creditPack.create', 'packID', input.packID)).toHaveLength(0);
    });

    it('lets exactly one of many concurrent creates of one id win, with one admin-log entry', async () => {
      const packID = nextId('racer');
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          call('POST', '/credit-packs', {
            as: index % 2 ? admin : staff,
            payload: packInput({ packID, name: `Racer ${index}` }),
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const refused = responses.find((response) => response.statusCode === 409)?.json().error;
      const taken = `A credit pack with the ID "${packID}" already exists in development.`;
      expect(refused.message).toBe(taken);
      // The form marks the Pack ID field with it.
      expect(refused.details).toEqual({ fields: { packID: taken } });
      // The losers appended their entry before their insert failed: it rolled back with them.
      expect(await logEntries('creditPack.create', 'packID', packID)).toHaveLength(1);
    });
  });

  describe('machines', () => {
    it('creates a machine with its prizes in order, at version 1', async () => {
      const machine = await createMachine();
      expect(machine).toMatchObject({
        name: 'Snack Machine',
        available: true,
        costCredits: 100,
        costUSD: null,
        version: 1,
      });
      expect(machine.prizes.map((prize) => [prize.prizeID, prize.weight, prize.stock])).toEqual([
        ['taco', 3, 10],
        ['boba', 1, 5],
      ]);
      expect(await ok(call('GET', `/machines/${machine.machineID}`, { as: moderator }))).toEqual(machine);
      const [entry] = await logEntries('machine.create', 'machineID', machine.machineID);
      expect(entry?.data).toMatchObject({
        costCredits: 100,
        prizes: [{ prizeID: 'taco', itemID: 'taco', stock: 10 }, {}],
      });
    });

    it('lists machines with their prize count and the stock left', async () => {
      const tag = nextId('listed');
      await createMachine(machineInput({ machineID: `${tag}-b`, name: 'B machine', available: false }));
      await createMachine(
        machineInput({
          machineID: `${tag}-a`,
          name: 'A machine',
          prizes: [{ prizeID: 'one', name: 'One', itemID: 'taco', weight: 1, stock: 7 }],
        }),
      );
      const page = await ok<AdminListPage<Record<string, unknown>>>(
        call('GET', `/machines?search=${tag}`, { as: moderator }),
      );
      expect(page.rows).toEqual([
        {
          machineID: `${tag}-a`,
          name: 'A machine',
          available: true,
          costCredits: 100,
          costUSD: null,
          prizeCount: 1,
          stockLeft: 7,
        },
        {
          machineID: `${tag}-b`,
          name: 'B machine',
          available: false,
          costCredits: 100,
          costUSD: null,
          prizeCount: 2,
          stockLeft: 15,
        },
      ]);
    });

    it('replaces the prizes as a set and counts the version up', async () => {
      const machine = await createMachine();
      const saved = await ok<Machine>(
        call('PUT', `/machines/${machine.machineID}`, {
          payload: saveOf(machine, {
            costUSD: 299,
            prizes: [
              { prizeID: 'boba', name: 'Big boba', itemID: 'boba-tea', weight: 2, stock: 50 },
              { prizeID: 'taco-2', name: 'Two tacos', itemID: 'taco', weight: 5, stock: 1 },
            ],
          }),
        }),
      );
      expect(saved).toMatchObject({ costUSD: 299, version: 2 });
      expect(saved.prizes.map((prize) => [prize.prizeID, prize.name, prize.stock])).toEqual([
        ['boba', 'Big boba', 50],
        ['taco-2', 'Two tacos', 1],
      ]);
      expect(await ok(call('GET', `/machines/${machine.machineID}`))).toEqual(saved);
      const [entry] = await logEntries('machine.update', 'machineID', machine.machineID);
      expect(entry?.data).toMatchObject({ version: 2, costUSD: 299 });
    });

    it('refuses a save over a spin that happened after the machine was opened', async () => {
      const machine = await createMachine();
      await spinOnce(machine.machineID, 'taco');
      const response = call('PUT', `/machines/${machine.machineID}`, { payload: saveOf(machine, { name: 'Stale' }) });
      await expectRefusal(
        response,
        409,
        'Players spun this machine or someone saved it after you opened it; reload to see the stock now.',
      );
      const now = await ok<Machine>(call('GET', `/machines/${machine.machineID}`));
      expect(now).toMatchObject({ name: 'Snack Machine', version: 2 });
      expect(now.prizes[0]?.stock).toBe(9);
      expect(await logEntries('machine.update', 'machineID', machine.machineID)).toHaveLength(0);
      // Reloaded, the save goes through and keeps the stock the spin left.
      const saved = await ok<Machine>(
        call('PUT', `/machines/${machine.machineID}`, { payload: saveOf(now, { name: 'Fresh' }) }),
      );
      expect(saved).toMatchObject({ name: 'Fresh', version: 3 });
      expect(saved.prizes[0]?.stock).toBe(9);
    });

    it('lets exactly one of concurrent saves from one version win, with one admin-log entry', async () => {
      const machine = await createMachine();
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          call('PUT', `/machines/${machine.machineID}`, {
            as: index % 2 ? admin : staff,
            payload: saveOf(machine, { name: `Save ${index}` }),
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const winner = responses.find((response) => response.statusCode === 200)?.json() as Machine;
      expect(await ok(call('GET', `/machines/${machine.machineID}`))).toMatchObject({ name: winner.name, version: 2 });
      expect(await logEntries('machine.update', 'machineID', machine.machineID)).toHaveLength(1);
    });

    it('refuses prizes whose items are not in items-master, naming them', async () => {
      const input = machineInput({
        prizes: [
          { prizeID: 'a', name: 'A', itemID: 'taco', weight: 1, stock: 1 },
          { prizeID: 'b', name: 'B', itemID: 'unicorn', weight: 1, stock: 1 },
          { prizeID: 'c', name: 'C', itemID: 'dragon', weight: 1, stock: 1 },
        ],
      });
      const unknown = 'These items are not in items-master of development: "unicorn", "dragon". Add them there first.';
      const refused = await expectRefusal(call('POST', '/machines', { payload: input }), 400, unknown);
      // Each prize row of an unknown item is named, so the form marks their Item cells.
      expect(refused.details).toEqual({ fields: { 'prizes.1.itemID': unknown, 'prizes.2.itemID': unknown } });
      expect((await call('GET', `/machines/${input.machineID}`)).statusCode).toBe(404);
      const machine = await createMachine();
      await expectRefusal(
        call('PUT', `/machines/${machine.machineID}`, {
          payload: saveOf(machine, { prizes: [{ prizeID: 'x', name: 'X', itemID: 'unicorn', weight: 1, stock: 1 }] }),
        }),
        400,
        'There is no item "unicorn" in items-master of development: add it there first.',
      );
      // Items are per environment: beta's items-master has no boba tea.
      await expectRefusal(
        call('POST', '/machines', { payload: machineInput(), env: 'beta' }),
        400,
        'There is no item "boba-tea" in items-master of beta: add it there first.',
      );
    });

    it('names the prize that uses an item, so items-master keeps it', async () => {
      const db = t.stores.game.development;
      await putItems(db, [{ item_id: 'rare-gem', name: 'Rare gem', updated_at: new Date().toISOString() }]);
      expect(await machinePrizeItemUse(db, 'rare-gem')).toBeNull();
      const machine = await createMachine(
        machineInput({ prizes: [{ prizeID: 'gem', name: 'Gem', itemID: 'rare-gem', weight: 1, stock: 1 }] }),
      );
      expect(await machinePrizeItemUse(db, 'rare-gem')).toBe(`the prize "gem" of machine "${machine.machineID}"`);
      expect(await machinePrizeItemUse(t.stores.game.beta, 'rare-gem')).toBeNull();
      // Plugged into the items routes: items-master refuses to lose it.
      await expectRefusal(call('DELETE', '/items/rare-gem'), 409, `the prize "gem" of machine "${machine.machineID}"`);
      expect(
        await db.selectFrom('items_master').select('item_id').where('item_id', '=', 'rare-gem').execute(),
      ).toHaveLength(1);
    });

    it.each([
      ['no prizes', { prizes: [] }, 'A machine needs at least one prize.'],
      [
        'two prizes of one id',
        {
          prizes: [
            { prizeID: 'same', name: 'A', itemID: 'taco', weight: 1, stock: 1 },
            { prizeID: 'same', name: 'B', itemID: 'taco', weight: 1, stock: 1 },
          ],
        },
        'Each prize needs its own prize ID.',
      ],
      [
        'a weight of 0',
        { prizes: [{ prizeID: 'a', name: 'A', itemID: 'taco', weight: 0, stock: 1 }] },
        'An odds weight must be at least 1.',
      ],
      [
        'negative stock',
        { prizes: [{ prizeID: 'a', name: 'A', itemID: 'taco', weight: 1, stock: -1 }] },
        'Stock must be at least 0.',
      ],
      ['a cost of 0 credits', { costCredits: 0 }, 'The cost in credits must be at least 1.'],
      ['the create page’s name as id', { machineID: 'new' }, SHOP_MESSAGES.idReserved],
    ])('refuses %s with a clear 400', async (_case, overrides, message) => {
      const input = machineInput(overrides);
      await expectRefusal(call('POST', '/machines', { payload: input }), 400, message);
      expect(await logEntries('machine.create', 'machineID', input.machineID)).toHaveLength(0);
    });

    it('answers 409 for a taken id, 404 for a machine that does not exist, and 400 for a save without version', async () => {
      const machine = await createMachine();
      const taken = `A machine with the ID "${machine.machineID}" already exists in development.`;
      const refused = await expectRefusal(
        call('POST', '/machines', { payload: machineInput({ machineID: machine.machineID }) }),
        409,
        taken,
      );
      expect(refused.details).toEqual({ fields: { machineID: taken } });
      await expectRefusal(
        call('PUT', '/machines/ghost', { payload: saveOf(machine) }),
        404,
        'There is no machine with the ID "ghost" in development.',
      );
      const { version: _version, ...withoutVersion } = saveOf(machine);
      await expectRefusal(call('PUT', `/machines/${machine.machineID}`, { payload: withoutVersion }), 400, 'version');
    });
  });

  describe('drops', () => {
    const dropInput = (machineID: string, overrides: Partial<CreateDropInput> = {}): CreateDropInput => ({
      dropID: nextId('drop'),
      machineID,
      name: 'Friday drop',
      opensAt: '2026-12-04T18:00:00+01:00',
      closesAt: '2026-12-04T20:00:00Z',
      ...overrides,
    });

    it('creates, lists newest opening first, edits and deletes drops, each logged', async () => {
      const machine = await createMachine();
      const early = await ok<Drop>(call('POST', '/drops', { payload: dropInput(machine.machineID) }));
      expect(early).toMatchObject({ opensAt: '2026-12-04T17:00:00.000Z', closesAt: '2026-12-04T20:00:00.000Z' });
      const late = await ok<Drop>(
        call('POST', '/drops', {
          payload: dropInput(machine.machineID, { opensAt: '2030-01-01T00:00:00Z', closesAt: '2030-01-02T00:00:00Z' }),
        }),
      );
      const list = await ok<AdminListPage<AdminDrop>>(call('GET', '/drops?pageSize=500', { as: moderator }));
      const ours = list.rows.filter((drop) => drop.machineID === machine.machineID);
      expect(ours.map((drop) => drop.dropID)).toEqual([late.dropID, early.dropID]);
      // Each drop names its machine as the drops screen shows it.
      expect(ours.map((drop) => drop.machineName)).toEqual([machine.name, machine.name]);

      const { dropID: _id, ...fields } = early;
      const edited = await ok<Drop>(call('PUT', `/drops/${early.dropID}`, { payload: { ...fields, name: 'Moved' } }));
      expect(edited).toEqual({ ...early, name: 'Moved' });
      const deleted = await ok<Drop>(call('DELETE', `/drops/${late.dropID}`));
      expect(deleted).toEqual(late);
      await expectRefusal(
        call('DELETE', `/drops/${late.dropID}`),
        404,
        `There is no drop with the ID "${late.dropID}"`,
      );

      expect(await logEntries('drop.create', 'machineID', machine.machineID)).toHaveLength(2);
      expect(await logEntries('drop.update', 'dropID', early.dropID)).toHaveLength(1);
      expect(await logEntries('drop.delete', 'dropID', late.dropID)).toHaveLength(1);
    });

    it('refuses a drop of a machine that does not exist, or that closes before it opens', async () => {
      const input = dropInput('ghost-machine');
      const ghost = 'There is no machine with the ID "ghost-machine" in development to drop.';
      const refused = await expectRefusal(call('POST', '/drops', { payload: input }), 400, ghost);
      expect(refused.details).toEqual({ fields: { machineID: ghost } });
      expect(await logEntries('drop.create', 'dropID', input.dropID)).toHaveLength(0);
      const machine = await createMachine();
      await expectRefusal(
        call('POST', '/drops', { payload: dropInput(machine.machineID, { closesAt: '2026-12-04T16:00:00Z' }) }),
        400,
        'A drop must close after it opens.',
      );
      await expectRefusal(
        call('POST', '/drops', { payload: dropInput(machine.machineID, { opensAt: 'next friday' }) }),
        400,
        'Opens at must be a date and time.',
      );
      const drop = await ok<Drop>(call('POST', '/drops', { payload: dropInput(machine.machineID) }));
      const { dropID: _id, ...fields } = drop;
      await expectRefusal(
        call('PUT', `/drops/${drop.dropID}`, { payload: { ...fields, machineID: 'ghost-machine' } }),
        400,
        'There is no machine with the ID "ghost-machine"',
      );
      await expectRefusal(
        call('PUT', '/drops/ghost', { payload: fields }),
        404,
        'There is no drop with the ID "ghost"',
      );
      const taken = await expectRefusal(
        call('POST', '/drops', { payload: { ...drop } }),
        409,
        `A drop with the ID "${drop.dropID}"`,
      );
      expect(Object.keys(taken.details?.fields ?? {})).toEqual(['dropID']);
    });
  });

  describe('config/container-spin', () => {
    it('reads null until set, then the opening date in UTC, and logs each change', async () => {
      expect(await ok(call('GET', '/config/container-spin', { env: 'beta', as: moderator }))).toEqual({
        shopOpens: null,
      });
      const set = await ok(
        call('PUT', '/config/container-spin', { env: 'beta', payload: { shopOpens: '2026-12-24T09:00:00-05:00' } }),
      );
      expect(set).toEqual({ shopOpens: '2026-12-24T14:00:00.000Z' });
      expect(await ok(call('GET', '/config/container-spin', { env: 'beta' }))).toEqual(set);
      expect(await ok(call('GET', '/config/container-spin'))).toEqual({ shopOpens: null });
      await ok(call('PUT', '/config/container-spin', { env: 'beta', payload: { shopOpens: null } }));
      expect(await ok(call('GET', '/config/container-spin', { env: 'beta' }))).toEqual({ shopOpens: null });
      const entries = await logEntries('config.update', 'configID', 'container-spin', 'beta');
      expect(entries.map((entry) => entry.data.shopOpens)).toEqual(['2026-12-24T14:00:00.000Z', null]);
      await expectRefusal(
        call('PUT', '/config/container-spin', { payload: { shopOpens: 'soon' } }),
        400,
        'Shop opens must be a date and time.',
      );
    });
  });

  describe('paypal-transactions', () => {
    it('lists every recorded outcome newest first, filtered by result', async () => {
      const db = t.stores.game.beta;
      const row = (orderID: string, result: string, createdAt: string) => ({
        order_id: orderID,
        user_id: player.userId,
        result,
        shipping: null,
        amounts: JSON.stringify({
          expected: { value: 499, currency: 'USD', customId: `order-of-${orderID}` },
          captured: { value: '4.99', currency_code: 'USD' },
          paypalFee: null,
          net: null,
          captureId: `capture-of-${orderID}`,
          captureStatus: result === 'completed' ? 'COMPLETED' : 'DECLINED',
          alreadyCaptured: false,
          reason: result === 'completed' ? null : 'capture is DECLINED',
        } satisfies PayPalAmounts),
        created_at: createdAt,
      });
      await db
        .insertInto('paypal_transactions')
        .values([
          row('ORDER-1', 'completed', '2026-11-27T10:00:00.000Z'),
          row('ORDER-2', 'declined', '2026-11-27T11:00:00.000Z'),
          row('ORDER-3', 'completed', '2026-11-27T12:00:00.000Z'),
        ])
        .execute();
      const page = await ok<AdminListPage<{ orderID: string; amounts: unknown; shipping: unknown }>>(
        call('GET', '/paypal-transactions', { env: 'beta', as: moderator }),
      );
      expect(page.rows.map((transaction) => transaction.orderID)).toEqual(['ORDER-3', 'ORDER-2', 'ORDER-1']);
      expect(page.rows[0]).toMatchObject({
        userID: player.userId,
        // Its player named, as a person.
        player: { userID: player.userId, displayName: 'playa', email: 'player@example.com' },
        result: 'completed',
        shipping: null,
        amounts: { expected: { value: 499, currency: 'USD' }, captured: { value: '4.99' } },
      });
      const completed = await ok<AdminListPage<{ orderID: string }>>(
        call('GET', '/paypal-transactions?result=completed&order=asc', { env: 'beta' }),
      );
      expect(completed.rows.map((transaction) => transaction.orderID)).toEqual(['ORDER-1', 'ORDER-3']);
    });
  });

  describe('roles and environments', () => {
    it('lets a moderator look at everything and change nothing; a player sees none of it', async () => {
      const pack = await createPack();
      const machine = await createMachine();
      const { packID: _id, ...packFields } = pack;
      const writes = [
        call('POST', '/credit-packs', { as: moderator, payload: packInput() }),
        call('PUT', `/credit-packs/${pack.packID}`, { as: moderator, payload: { ...packFields, available: false } }),
        call('POST', '/machines', { as: moderator, payload: machineInput() }),
        call('PUT', `/machines/${machine.machineID}`, { as: moderator, payload: saveOf(machine) }),
        call('POST', '/drops', {
          as: moderator,
          payload: {
            dropID: 'mod-drop',
            machineID: machine.machineID,
            name: 'x',
            opensAt: '2026-01-01T00:00:00Z',
            closesAt: '2026-01-02T00:00:00Z',
          },
        }),
        call('DELETE', '/drops/any', { as: moderator }),
        call('PUT', '/config/container-spin', { as: moderator, payload: { shopOpens: null } }),
      ];
      for (const response of await Promise.all(writes)) expect(response.statusCode, response.body).toBe(403);
      expect(await ok(call('GET', `/credit-packs/${pack.packID}`, { as: moderator }))).toEqual(pack);

      for (const path of ['/credit-packs', '/machines', '/drops', '/config/container-spin', '/paypal-transactions']) {
        expect((await call('GET', path, { as: moderator })).statusCode, path).toBe(200);
        expect((await call('GET', path, { as: player })).statusCode, path).toBe(403);
      }
    });

    it('keeps each environment’s shop apart', async () => {
      const pack = await createPack(packInput(), 'beta');
      expect((await call('GET', `/credit-packs/${pack.packID}`, { env: 'beta' })).statusCode).toBe(200);
      expect((await call('GET', `/credit-packs/${pack.packID}`)).statusCode).toBe(404);
      expect(await logEntries('creditPack.create', 'packID', pack.packID, 'beta')).toHaveLength(1);
      expect(await logEntries('creditPack.create', 'packID', pack.packID)).toHaveLength(0);
      await expectRefusal(call('GET', '/credit-packs', { env: 'staging' as Env }), 400, '');
    });
  });
});
