import type { AdminListPage } from '@outpost/contracts/admin-list';
import { type Environment, invalidEnvironmentMessage } from '@outpost/contracts/environments';
import {
  ITEM_MESSAGES,
  type Item,
  type ItemSummary,
  type MergedPurchasable,
  PURCHASABLES_REFRESH_LIMIT,
  type Purchasable,
  type PurchasableListPage,
  unknownFieldMessage,
  unknownItemsMessage,
} from '@outpost/contracts/items';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpWithProfile } from '../identity/testing';
import { grantItems } from '../ledger/inventory';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { findMissingItems } from './queries';
import { seedItems } from './seed';
import { putTestItems } from './testing';

describe.each(TEST_DIALECTS)('items-master and purchasables on %s', (dialect) => {
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
    const account = (name: string, keys: string[]) =>
      signUpWithProfile(t.app, setKeys, { email: `${name}@example.com`, displayName: `${name}-one`, keys });
    staff = await account('staff', ['staff']);
    admin = await account('admin', ['admin']);
    moderator = await account('moderator', ['moderator']);
    player = await account('player', []);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  function call(method: HTTPMethods, url: string, caller: SignedIn | null = staff, payload?: unknown) {
    return t.app.inject({
      method,
      url,
      headers: caller ? { authorization: caller.bearer } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  const items = (env: Environment = 'development') => `/api/admin/${env}/items`;
  const purchasables = (env: Environment = 'development') => `/api/admin/${env}/purchasables`;

  async function createItem(name = 'Red Beanie', env: Environment = 'development'): Promise<Item> {
    const response = await call('POST', items(env), staff, { itemID: nextId('item'), name });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Item;
  }

  async function merge(purchasableID: string, fields: object, env: Environment = 'development', caller = staff) {
    return call('PUT', `${purchasables(env)}/${purchasableID}`, caller, fields);
  }

  async function createPurchasable(itemID: string, fields: object = {}): Promise<Purchasable> {
    const response = await merge(nextId('buy'), { itemID, name: 'Red Beanie', costCredits: 150, ...fields });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as MergedPurchasable).purchasable;
  }

  async function listPurchasables(query: string, env: Environment = 'development'): Promise<PurchasableListPage> {
    const response = await call('GET', `${purchasables(env)}?${query}`, moderator);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PurchasableListPage;
  }

  function adminLog(action: string, env: Environment = 'development') {
    return t.stores.game[env].selectFrom('admin_log').selectAll().where('action', '=', action).orderBy('id').execute();
  }

  const storedPurchasable = (purchasableID: string) =>
    t.stores.game.development
      .selectFrom('purchasables')
      .selectAll()
      .where('purchasable_id', '=', purchasableID)
      .executeTakeFirst();

  describe('items-master', () => {
    it('creates, reads, renames and lists items, each change in the admin log', async () => {
      const item = await createItem('  Scrap Helmet  ');
      expect(item).toMatchObject({ name: 'Scrap Helmet' });
      expect((await call('GET', `${items()}/${item.itemID}`, moderator)).json()).toEqual(item);

      const renamed = await call('PUT', `${items()}/${item.itemID}`, admin, { name: 'Scrap Helmet Mk II' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ itemID: item.itemID, name: 'Scrap Helmet Mk II' });

      const [created] = (await adminLog('item.create')).filter((row) => JSON.parse(row.data).itemID === item.itemID);
      expect(created).toMatchObject({ environment: 'development', admin: staff.userId });
      const [rename] = (await adminLog('item.rename')).filter((row) => JSON.parse(row.data).itemID === item.itemID);
      expect(rename).toMatchObject({ admin: admin.userId });
      expect(JSON.parse(rename?.data ?? '{}')).toEqual({
        itemID: item.itemID,
        name: 'Scrap Helmet Mk II',
        previousName: 'Scrap Helmet',
      });

      const list = await call('GET', `${items()}?search=${encodeURIComponent('mk ii')}`, moderator);
      expect(list.statusCode, list.body).toBe(200);
      const page = list.json() as AdminListPage<ItemSummary>;
      expect(page.total).toBe(1);
      expect(page.rows[0]).toMatchObject({ itemID: item.itemID, name: 'Scrap Helmet Mk II', purchasableCount: 0 });
    });

    it('pages, sorts and searches (wildcards as text), counting the purchasables of each item', async () => {
      const prefix = nextId('sorting');
      for (const [index, name] of ['Charlie 50%', 'Alpha 50%', 'Bravo 50%'].entries()) {
        const response = await call('POST', items(), staff, { itemID: `${prefix}-${index}`, name });
        expect(response.statusCode, response.body).toBe(200);
      }
      await createPurchasable(`${prefix}-1`);
      await createPurchasable(`${prefix}-1`);
      const page = async (query: string) =>
        (
          await call('GET', `${items()}?search=${encodeURIComponent('50%')}&${query}`, moderator)
        ).json() as AdminListPage<ItemSummary>;
      const byName = await page('sort=name&order=asc');
      expect(byName.total).toBe(3);
      expect(byName.rows.map((row) => row.name)).toEqual(['Alpha 50%', 'Bravo 50%', 'Charlie 50%']);
      expect(byName.rows.map((row) => row.purchasableCount)).toEqual([2, 0, 0]);
      expect((await page('sort=name&order=asc&pageSize=2&page=2')).rows.map((row) => row.name)).toEqual([
        'Charlie 50%',
      ]);
      expect((await call('GET', `${items()}?search=%25_%25`, moderator)).json().total).toBe(0);
    });

    it.each([
      ['no id', { itemID: '', name: 'A' }, ITEM_MESSAGES.itemIdRequired],
      ['an id with a space', { itemID: 'red beanie', name: 'A' }, ITEM_MESSAGES.itemIdCharacters],
      ['an id longer than 64', { itemID: 'x'.repeat(65), name: 'A' }, ITEM_MESSAGES.itemIdCharacters],
      ['the name of an admin page', { itemID: 'List', name: 'A' }, ITEM_MESSAGES.reservedId],
      ['no name', { itemID: 'nameless', name: '  ' }, ITEM_MESSAGES.nameRequired],
      ['a name too long', { itemID: 'wordy', name: 'n'.repeat(121) }, ITEM_MESSAGES.nameTooLong],
    ])('refuses an item with %s, with a clear message and nothing stored', async (_case, body, message) => {
      const before = await adminLog('item.create');
      const response = await call('POST', items(), staff, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ status: 'INVALID_ARGUMENT' });
      expect(response.json().error.message).toContain(message);
      expect(await adminLog('item.create')).toHaveLength(before.length);
    });

    it('lets exactly one of many concurrent creates of one id win, with one admin-log entry', async () => {
      const itemID = nextId('racer');
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          call('POST', items(), index % 2 ? admin : staff, { itemID, name: `Racer ${index}` }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const taken = `An item with the ID "${itemID}" already exists in development.`;
      // The form marks its Item ID field with it.
      expect(responses.find((response) => response.statusCode === 409)?.json().error).toMatchObject({
        message: taken,
        details: { fields: { itemID: taken } },
      });
      const entries = (await adminLog('item.create')).filter((row) => JSON.parse(row.data).itemID === itemID);
      expect(entries).toHaveLength(1);
    });

    it('answers 404 for an item the environment does not have', async () => {
      const item = await createItem('Only in development');
      const response = await call('GET', `${items('beta')}/${item.itemID}`, moderator);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(`There is no item "${item.itemID}" in items-master of beta.`);
      expect((await call('PUT', `${items('beta')}/${item.itemID}`, staff, { name: 'X' })).statusCode).toBe(404);
      expect((await call('DELETE', `${items('beta')}/${item.itemID}`, staff)).statusCode).toBe(404);
    });

    it('refuses to delete an item a purchasable sells (409), then deletes it once that is gone', async () => {
      const item = await createItem('Outpost Parka');
      const parka = await createPurchasable(item.itemID);
      const refused = await call('DELETE', `${items()}/${item.itemID}`, staff);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(
        `The item "${item.itemID}" cannot be deleted: the purchasable "${parka.purchasableID}" sells it (change or delete it first).`,
      );
      expect((await call('GET', `${items()}/${item.itemID}`, moderator)).statusCode).toBe(200);
      const logged = (await adminLog('item.delete')).filter((row) => JSON.parse(row.data).itemID === item.itemID);
      expect(logged).toHaveLength(0);

      expect((await call('DELETE', `${purchasables()}/${parka.purchasableID}`, staff)).statusCode).toBe(200);
      const deleted = await call('DELETE', `${items()}/${item.itemID}`, admin);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ itemID: item.itemID });
      expect((await call('GET', `${items()}/${item.itemID}`, moderator)).statusCode).toBe(404);
      const [entry] = (await adminLog('item.delete')).filter((row) => JSON.parse(row.data).itemID === item.itemID);
      expect(entry).toMatchObject({ admin: admin.userId });
      const [purchasableEntry] = (await adminLog('purchasable.delete')).filter(
        (row) => JSON.parse(row.data).purchasableID === parka.purchasableID,
      );
      expect(JSON.parse(purchasableEntry?.data ?? '{}')).toMatchObject({ itemID: item.itemID, costCredits: 150 });
    });

    it('names several purchasables, and players holding the item, when refusing a delete', async () => {
      const item = await createItem('Campfire Dance');
      const sellers = [];
      for (let index = 0; index < 7; index += 1) sellers.push(await createPurchasable(item.itemID));
      await t.stores.game.development.transaction().execute((trx) =>
        grantItems(trx, {
          userId: player.userId,
          itemIDs: [item.itemID],
          source: 'reward',
          reference: nextId('reward'),
        }),
      );
      const refused = await call('DELETE', `${items()}/${item.itemID}`, staff);
      expect(refused.statusCode).toBe(409);
      const message = refused.json().error.message as string;
      const shown = sellers
        .map((seller) => seller.purchasableID)
        .sort()
        .slice(0, 5);
      expect(message).toContain(`the purchasables ${shown.map((id) => `"${id}"`).join(', ')} and 2 more sell it`);
      expect(message).toContain('1 player holds it in their inventory');
    });
  });

  describe('purchasables merge', () => {
    it('creates a purchasable whole (hidden by default), then changes only the fields given', async () => {
      const item = await createItem('Ranger Beanie');
      const purchasableID = nextId('beanie');
      const created = await merge(purchasableID, { itemID: item.itemID, name: 'Ranger Beanie', costCredits: 150 });
      expect(created.statusCode, created.body).toBe(200);
      const first = created.json() as MergedPurchasable;
      expect(first).toMatchObject({
        created: true,
        purchasable: {
          purchasableID,
          itemID: item.itemID,
          itemName: 'Ranger Beanie',
          name: 'Ranger Beanie',
          costCredits: 150,
          available: false,
        },
      });

      const priced = await merge(purchasableID, { costCredits: 0 }, 'development', admin);
      expect(priced.statusCode, priced.body).toBe(200);
      const second = priced.json() as MergedPurchasable;
      expect(second.created).toBe(false);
      expect(second.purchasable).toEqual({
        ...first.purchasable,
        costCredits: 0,
        updatedAt: second.purchasable.updatedAt,
      });
      expect(second.purchasable.updatedAt >= first.purchasable.updatedAt).toBe(true);

      const shown = (await merge(purchasableID, { available: true })).json() as MergedPurchasable;
      expect(shown.purchasable).toMatchObject({ name: 'Ranger Beanie', costCredits: 0, available: true });
      expect((await call('GET', `${purchasables()}/${purchasableID}`, moderator)).json()).toEqual(shown.purchasable);

      // The log holds each merge as sent, only the fields it named, with what they were before.
      const entries = (await adminLog('purchasables.merge')).filter(
        (row) => JSON.parse(row.data).purchasables[0].purchasableID === purchasableID,
      );
      expect(entries.map((row) => JSON.parse(row.data).purchasables)).toEqual([
        [{ purchasableID, itemID: item.itemID, name: 'Ranger Beanie', costCredits: 150 }],
        [{ purchasableID, name: 'Ranger Beanie', costCredits: 0, previous: { costCredits: 150 } }],
        [{ purchasableID, name: 'Ranger Beanie', available: true, previous: { available: false } }],
      ]);
      expect(entries.map((row) => row.admin)).toEqual([staff.userId, admin.userId, staff.userId]);
    });

    it('moves a purchasable to another item that exists', async () => {
      const [hat, jacket] = [await createItem('Hat'), await createItem('Jacket')];
      const purchasable = await createPurchasable(hat.itemID);
      const moved = (await merge(purchasable.purchasableID, { itemID: jacket.itemID })).json() as MergedPurchasable;
      expect(moved.purchasable).toMatchObject({ itemID: jacket.itemID, itemName: 'Jacket', name: purchasable.name });
    });

    it('refuses a new purchasable without the fields it needs, writing nothing, not even its log entry', async () => {
      const item = await createItem('Half');
      const purchasableID = nextId('half');
      const before = await adminLog('purchasables.merge');
      const response = await merge(purchasableID, { itemID: item.itemID, name: 'Half a purchasable' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        `"${purchasableID}" does not exist yet: a new purchasable needs itemID, name and costCredits.`,
      );
      expect(await storedPurchasable(purchasableID)).toBeUndefined();
      // The entry is appended first in the merge's transaction, so the refusal rolled it back.
      expect(await adminLog('purchasables.merge')).toHaveLength(before.length);
    });

    it('refuses an item items-master does not have, with a clear 400, changing nothing', async () => {
      const item = await createItem('Real');
      const purchasable = await createPurchasable(item.itemID);
      const before = await adminLog('purchasables.merge');
      const response = await merge(purchasable.purchasableID, { itemID: 'no-such-item', costCredits: 999 });
      expect(response.statusCode).toBe(400);
      const unknown = unknownItemsMessage(['no-such-item'], 'development');
      // The one purchasable's form marks its Item field with it.
      expect(response.json().error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: unknown,
        details: { fields: { itemID: unknown } },
        requestId: expect.any(String),
      });
      expect(response.json().error.message).toBe(
        'There is no item "no-such-item" in items-master of development: add it there first.',
      );
      expect(await storedPurchasable(purchasable.purchasableID)).toMatchObject({
        item_id: item.itemID,
        cost_credits: 150,
      });
      expect(await adminLog('purchasables.merge')).toHaveLength(before.length);
    });

    it.each([
      ['an unknown field', { cost: 5 }, unknownFieldMessage(['cost'])],
      ['no field at all', {}, ITEM_MESSAGES.emptyMerge],
      ['a negative cost', { costCredits: -1 }, ITEM_MESSAGES.costCredits],
      ['a fractional cost', { costCredits: 1.5 }, ITEM_MESSAGES.costCredits],
      ['a cost as text', { costCredits: '150' }, ITEM_MESSAGES.costCredits],
      ['an empty name', { name: ' ' }, ITEM_MESSAGES.nameRequired],
      ['available as text', { available: 'yes' }, ITEM_MESSAGES.available],
      ['an empty item', { itemID: '' }, ITEM_MESSAGES.itemRequired],
    ])('refuses a merge with %s: 400 with a clear message', async (_case, body, message) => {
      const response = await merge(nextId('refused'), body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
    });

    it('refuses a purchasable id that is not safe in a path or names an admin page', async () => {
      const spaced = await merge('has%20space', { itemID: 'x', name: 'X', costCredits: 1 });
      expect(spaced.statusCode).toBe(400);
      expect(spaced.json().error.message).toContain(ITEM_MESSAGES.purchasableIdCharacters);
      const page = await merge('new', { itemID: 'x', name: 'X', costCredits: 1 });
      expect(page.json().error.message).toContain(ITEM_MESSAGES.reservedId);
    });

    it('merges several in one transaction, and refuses the whole batch when one names an unknown item', async () => {
      const item = await createItem('Batch');
      const existing = await createPurchasable(item.itemID, { available: true });
      const [a, b] = [nextId('batch'), nextId('batch')];
      const response = await call('POST', purchasables(), admin, {
        purchasables: [
          { purchasableID: a, itemID: item.itemID, name: 'A', costCredits: 10, available: true },
          { purchasableID: existing.purchasableID, costCredits: 75 },
          { purchasableID: b, itemID: item.itemID, name: 'B', costCredits: 20 },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json() as { purchasables: Purchasable[]; created: number; updated: number };
      expect(result).toMatchObject({ created: 2, updated: 1 });
      expect(result.purchasables.map((row) => [row.purchasableID, row.costCredits, row.available])).toEqual([
        [a, 10, true],
        [existing.purchasableID, 75, true],
        [b, 20, false],
      ]);
      const entries = (await adminLog('purchasables.merge')).filter(
        (row) => JSON.parse(row.data).purchasables.length === 3,
      );
      expect(entries).toHaveLength(1);

      const c = nextId('batch');
      const refused = await call('POST', purchasables(), admin, {
        purchasables: [
          { purchasableID: c, itemID: item.itemID, name: 'C', costCredits: 1 },
          { purchasableID: existing.purchasableID, costCredits: 1 },
          { purchasableID: nextId('batch'), itemID: 'ghost-1', name: 'D', costCredits: 1 },
          { purchasableID: nextId('batch'), itemID: 'ghost-2', name: 'E', costCredits: 1 },
        ],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(unknownItemsMessage(['ghost-1', 'ghost-2'], 'development'));
      // A merge of several has no one Item field to name.
      expect(refused.json().error.details).toBeUndefined();
      expect(await storedPurchasable(c)).toBeUndefined();
      expect(await storedPurchasable(existing.purchasableID)).toMatchObject({ cost_credits: 75 });

      const twice = await call('POST', purchasables(), admin, {
        purchasables: [
          { purchasableID: c, name: 'C' },
          { purchasableID: c, name: 'D' },
        ],
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().error.message).toContain(ITEM_MESSAGES.mergeIdsUnique);
      expect((await call('POST', purchasables(), admin, { purchasables: [] })).json().error.message).toContain(
        ITEM_MESSAGES.mergeList,
      );
    });

    it('turns many concurrent merges creating one purchasable into one create and updates', async () => {
      const item = await createItem('Racing');
      const purchasableID = nextId('race');
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          merge(purchasableID, { itemID: item.itemID, name: `Racer ${index}`, costCredits: index }),
        ),
      );
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const results = responses.map((response) => response.json() as MergedPurchasable);
      expect(results.filter((result) => result.created)).toHaveLength(1);
      const rows = await t.stores.game.development
        .selectFrom('purchasables')
        .selectAll()
        .where('purchasable_id', '=', purchasableID)
        .execute();
      expect(rows).toHaveLength(1);
      const entries = (await adminLog('purchasables.merge')).filter(
        (row) => JSON.parse(row.data).purchasables[0].purchasableID === purchasableID,
      );
      expect(entries).toHaveLength(10);
    });

    it('never leaves a purchasable without its item when deletes and merges race', async () => {
      for (let round = 0; round < 6; round += 1) {
        const item = await createItem(`Contested ${round}`);
        const purchasableID = nextId('contested');
        const [deleted, merged] = await Promise.all([
          call('DELETE', `${items()}/${item.itemID}`, admin),
          merge(purchasableID, { itemID: item.itemID, name: 'Contested', costCredits: 5 }),
        ]);
        const itemLeft = await t.stores.game.development
          .selectFrom('items_master')
          .select('item_id')
          .where('item_id', '=', item.itemID)
          .executeTakeFirst();
        const purchasable = await storedPurchasable(purchasableID);
        if (deleted.statusCode === 200) {
          expect(merged.statusCode, merged.body).toBe(400);
          expect(merged.json().error.message).toBe(unknownItemsMessage([item.itemID], 'development'));
          expect(itemLeft).toBeUndefined();
          expect(purchasable).toBeUndefined();
        } else {
          expect(deleted.statusCode, deleted.body).toBe(409);
          expect(merged.statusCode, merged.body).toBe(200);
          expect(itemLeft).toBeDefined();
          expect(purchasable).toMatchObject({ item_id: item.itemID });
        }
      }
    });
  });

  describe('purchasables list', () => {
    it('pages, sorts, searches and filters on the server, with each item’s name', async () => {
      const drone = await createItem('Aurora Drone Skin');
      const emote = await createItem('Salute');
      const tag = nextId('listing');
      const made = [
        await createPurchasable(drone.itemID, { name: `${tag} Aurora`, costCredits: 1200, available: false }),
        await createPurchasable(emote.itemID, { name: `${tag} Salute`, costCredits: 250, available: true }),
        await createPurchasable(emote.itemID, { name: `${tag} Salute Deluxe`, costCredits: 400, available: true }),
      ];
      const byCost = await listPurchasables(`search=${tag}&sort=costCredits&order=asc`);
      expect(byCost).toMatchObject({ total: 3, page: 1, pageSize: 25, capped: false });
      expect(byCost.rows.map((row) => row.costCredits)).toEqual([250, 400, 1200]);
      expect(byCost.rows[2]).toEqual(made[0]);
      expect(byCost.rows[2]?.itemName).toBe('Aurora Drone Skin');
      expect((await listPurchasables(`search=${tag}&available=no`)).rows.map((row) => row.name)).toEqual([
        `${tag} Aurora`,
      ]);
      expect(
        (await listPurchasables(`itemID=${emote.itemID}&sort=name&order=desc`)).rows.map((row) => row.name),
      ).toEqual([`${tag} Salute Deluxe`, `${tag} Salute`]);
      // The search covers the item's id too.
      expect((await listPurchasables(`search=${drone.itemID}`)).total).toBe(1);
      const second = await listPurchasables(`search=${tag}&sort=costCredits&order=asc&pageSize=2&page=2`);
      expect(second.rows.map((row) => row.costCredits)).toEqual([1200]);
      const bad = await call('GET', `${purchasables()}?available=maybe`, moderator);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toContain('available must be yes or no.');
    });

    it('answers the whole list with all=true, as page 1 of the refresh limit', async () => {
      const item = await createItem('Whole');
      const tag = nextId('whole');
      for (let index = 0; index < 3; index += 1) await createPurchasable(item.itemID, { name: `${tag} ${index}` });
      const whole = await listPurchasables(`all=true&search=${tag}&page=3&pageSize=1&sort=name&order=asc`);
      expect(whole).toMatchObject({ total: 3, page: 1, pageSize: PURCHASABLES_REFRESH_LIMIT, capped: false });
      expect(whole.rows.map((row) => row.name)).toEqual([`${tag} 0`, `${tag} 1`, `${tag} 2`]);
    });
  });

  describe('the refresh limit (docs/product.md §9.1)', () => {
    it(`stops the whole list at ${PURCHASABLES_REFRESH_LIMIT} and says it is capped`, async () => {
      // Production holds only this test's rows; they are written directly, as an import would.
      const db = t.stores.game.production;
      await putTestItems(db, ['bulk-item']);
      const at = new Date().toISOString();
      const rows = Array.from({ length: PURCHASABLES_REFRESH_LIMIT + 1 }, (_, index) => ({
        purchasable_id: `bulk-${String(index).padStart(5, '0')}`,
        item_id: 'bulk-item',
        name: `Bulk ${index}`,
        cost_credits: index,
        available: 1,
        updated_at: at,
      }));
      for (let start = 0; start < rows.length; start += 1000) {
        await db
          .insertInto('purchasables')
          .values(rows.slice(start, start + 1000))
          .execute();
      }

      const capped = await listPurchasables('all=true&sort=purchasableID&order=asc', 'production');
      expect(capped.total).toBe(PURCHASABLES_REFRESH_LIMIT + 1);
      expect(capped.capped).toBe(true);
      expect(capped.rows).toHaveLength(PURCHASABLES_REFRESH_LIMIT);
      expect(capped.rows.at(-1)?.purchasableID).toBe('bulk-04999');
      // A page says so too, so the screen can warn from one small request.
      expect(await listPurchasables('pageSize=1', 'production')).toMatchObject({ total: 5001, capped: true });

      const removed = await call('DELETE', `${purchasables('production')}/bulk-00000`, staff);
      expect(removed.statusCode, removed.body).toBe(200);
      const whole = await listPurchasables('all=true', 'production');
      expect(whole).toMatchObject({ total: PURCHASABLES_REFRESH_LIMIT, capped: false });
      expect(whole.rows).toHaveLength(PURCHASABLES_REFRESH_LIMIT);
    });
  });

  describe('environments and roles', () => {
    it.each([
      ['GET', '/api/admin/staging/items'],
      ['GET', '/api/admin/staging/purchasables?all=true'],
      ['GET', '/api/admin/Production/purchasables/ranger-beanie'],
      ['PUT', '/api/admin/staging/purchasables/ranger-beanie'],
      ['POST', '/api/admin/staging/items'],
      ['DELETE', '/api/admin/staging/items/hat'],
    ] as const)('answers %s %s with a clear 400 naming the environments', async (method, url) => {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { name: 'X', itemID: 'x', costCredits: 1 };
      const response = await call(method, url, staff, body);
      expect(response.statusCode).toBe(400);
      const env = url.split('/')[3];
      expect(response.json().error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: `env: ${invalidEnvironmentMessage(env)}`,
        requestId: expect.any(String),
      });
      expect(response.json().error.message).toBe(
        `env: Unknown environment "${env}": use development, beta or production.`,
      );
    });

    it('keeps each environment’s items and purchasables apart', async () => {
      const item = await createItem('Beta only', 'beta');
      const response = await merge(nextId('beta'), { itemID: item.itemID, name: 'Beta', costCredits: 1 }, 'beta');
      expect(response.statusCode, response.body).toBe(200);
      // The same item id is unknown in development.
      const elsewhere = await merge(nextId('dev'), { itemID: item.itemID, name: 'Dev', costCredits: 1 });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().error.message).toBe(unknownItemsMessage([item.itemID], 'development'));
      expect((await adminLog('item.create', 'beta')).length).toBeGreaterThan(0);
    });

    it('lets moderators read, and only staff and admins write', async () => {
      const item = await createItem('Guarded');
      const purchasable = await createPurchasable(item.itemID);
      const reads = [
        items(),
        `${items()}/${item.itemID}`,
        purchasables(),
        `${purchasables()}?all=true`,
        `${purchasables()}/${purchasable.purchasableID}`,
      ];
      for (const url of reads) {
        expect((await call('GET', url, moderator)).statusCode, url).toBe(200);
        expect((await call('GET', url, player)).statusCode, url).toBe(403);
        expect((await call('GET', url, null)).statusCode, url).toBe(401);
      }
      const writes: [HTTPMethods, string, unknown][] = [
        ['POST', items(), { itemID: nextId('mod'), name: 'Mod' }],
        ['PUT', `${items()}/${item.itemID}`, { name: 'Moderated' }],
        ['DELETE', `${items()}/${item.itemID}`, undefined],
        ['PUT', `${purchasables()}/${purchasable.purchasableID}`, { costCredits: 1 }],
        ['POST', purchasables(), { purchasables: [{ purchasableID: purchasable.purchasableID, costCredits: 1 }] }],
        ['DELETE', `${purchasables()}/${purchasable.purchasableID}`, undefined],
      ];
      for (const [method, url, body] of writes) {
        expect((await call(method, url, moderator, body)).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(method, url, player, body)).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      }
      expect(await storedPurchasable(purchasable.purchasableID)).toMatchObject({ cost_credits: 150 });
      expect((await call('GET', `${items()}/${item.itemID}`, moderator)).json().name).toBe('Guarded');
    });
  });

  describe('findMissingItems and the demo seed', () => {
    it('names the ids items-master lacks, once each, in the order given, across many', async () => {
      const db = t.stores.game.beta;
      const known = Array.from({ length: 1200 }, (_, index) => `known-${index}`);
      await putTestItems(db, known);
      expect(await findMissingItems(db, [])).toEqual([]);
      expect(await findMissingItems(db, ['zeta', 'known-3', 'alpha', 'zeta', 'Known-4'])).toEqual([
        'zeta',
        'alpha',
        'Known-4',
      ]);
      expect(await findMissingItems(db, [...known, 'missing-at-the-end'])).toEqual(['missing-at-the-end']);
    });

    it('seeds the demo items and purchasables, and seeding again changes nothing', async () => {
      const db = t.stores.game.beta;
      const now = new Date('2026-11-28T12:00:00.000Z');
      await db.transaction().execute((trx) => seedItems(trx, now));
      await db.transaction().execute((trx) => seedItems(trx, now));
      const seeded = await db
        .selectFrom('purchasables')
        .select(['purchasable_id', 'item_id', 'available'])
        .where('updated_at', '=', now.toISOString())
        .orderBy('purchasable_id')
        .execute();
      expect(seeded.map((row) => row.purchasable_id)).toEqual([
        'aurora-drone-skin',
        'campfire-dance',
        'outpost-parka',
        'ranger-beanie',
      ]);
      expect(
        await findMissingItems(
          db,
          seeded.map((row) => row.item_id),
        ),
      ).toEqual([]);
      const page = await listPurchasables('search=Aurora', 'beta');
      expect(page.rows[0]).toMatchObject({ itemName: 'Aurora Drone Skin', available: false });
    });
  });
});
