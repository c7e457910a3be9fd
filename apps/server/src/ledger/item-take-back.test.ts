import type { AdminListPage } from '@outpost/contracts/admin-list';
import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import type { AccountItems, ClaimedItem } from '@outpost/contracts/economy';
import {
  type ItemTakeBackResult,
  PLAYER_SUPPORT_MESSAGES,
  type PlayerHoldings,
  type PlayerRecord,
} from '@outpost/contracts/player-record';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_RATE_LIMITS } from '../identity/index';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpRoles, signUpWithProfile } from '../identity/testing';
import { putNamedTestItems } from '../items/testing';
import { STORE_MIGRATIONS } from '../stores';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { openUnmigratedStore, type UnmigratedStore } from '../testing/unmigrated-store';

/*
 * Support takes items back from the player page (docs/decisions/0130-the-player-page.md): a row of its own in
 * the inventory with the reason, which the player reads and their data download holds, an admin-log entry,
 * and refusals in words, over real HTTP on every store, concurrently where the inventory could go below none.
 */
describe.each(TEST_DIALECTS)('taking items back on the player page on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let staff: SignedIn;
  let moderator: SignedIn;
  let players = 0;
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      rateLimits: { auth: { ...DEFAULT_AUTH_RATE_LIMITS, signUp: { windowSeconds: 3600, max: 1_000 } } },
    });
    ({ staff, moderator } = await signUpRoles(t.app, t.stores.identity, {
      staff: ['staff'],
      moderator: ['moderator'],
    }));
    await putNamedTestItems(db(), { 'hat-1': 'Scout hat', 'crate-1': 'Gold crate' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function newPlayer(): Promise<SignedIn & { name: string }> {
    players += 1;
    const name = `Holder${players}`;
    const player = await signUpWithProfile(t.app, (userId, keys) => setProfileKeys(t.stores.identity, userId, keys), {
      email: `holder${players}@example.com`,
      displayName: name,
    });
    return { ...player, name };
  }

  const call = (who: SignedIn, method: string, path: string, body?: object) =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: who.bearer, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const userPath = (userID: string) => `/api/admin/development/users/${userID}`;
  const give = async (userID: string, itemID: string, count: number) => {
    const itemIDs = Array.from({ length: count }, () => itemID);
    const given = await call(staff, 'POST', `${userPath(userID)}/items`, { itemIDs, reason: 'Event prize' });
    expect(given.status, await given.clone().text()).toBe(200);
  };
  const takeBack = (userID: string, body: object, who = staff) =>
    call(who, 'POST', `${userPath(userID)}/items/take-back`, body);
  const holdings = async (userID: string) => {
    const response = await call(moderator, 'GET', `${userPath(userID)}/items`);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as PlayerHoldings).holdings;
  };
  const rowsOf = (userID: string) =>
    db().selectFrom('claimed_items').selectAll().where('user_id', '=', userID).orderBy('claimed_at').execute();
  const claimsOf = async (itemID: string) =>
    Number(
      (await db().selectFrom('claimed_item_counts').select('count').where('item_id', '=', itemID).executeTakeFirst())
        ?.count ?? 0,
    );
  const loggedTakeBacks = async (userID: string) => {
    const log = await call(staff, 'GET', `/api/admin/development/admin-log?record=${userID}&action=items.takeBack`);
    expect(log.status, await log.clone().text()).toBe(200);
    return ((await log.json()) as AdminListPage<AdminLogEntry>).rows;
  };
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { message: string; details?: { fields?: Record<string, string> } } }).error;

  it('takes items back with a reason: a row of its own the player reads, the download holds and the log tells', async () => {
    const player = await newPlayer();
    await give(player.userId, 'hat-1', 3);
    const claimsBefore = await claimsOf('hat-1');

    const response = await takeBack(player.userId, { itemID: 'hat-1', quantity: 2, reason: 'Given twice' });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json()) as ItemTakeBackResult).toEqual({
      itemID: 'hat-1',
      name: 'Scout hat',
      heldBefore: 3,
      held: 1,
    });
    expect(await holdings(player.userId)).toEqual([{ itemID: 'hat-1', name: 'Scout hat', held: 1 }]);
    // Nothing is deleted: the grant stays, and the take-back is a row of its own.
    expect((await rowsOf(player.userId)).map((row) => [row.quantity, row.source, row.note])).toEqual([
      [3, 'support', null],
      [-2, 'takeBack', 'Given twice'],
    ]);
    expect(await claimsOf('hat-1')).toBe(claimsBefore - 2);

    // The page: what they hold, and the row with its sign and the reason.
    const recordAnswer = await call(moderator, 'GET', `${userPath(player.userId)}/record`);
    const inventory = ((await recordAnswer.json()) as PlayerRecord).sections.find(
      (section) => section.key === 'inventory',
    );
    expect(inventory?.facts).toEqual([{ label: 'Holds', value: { kind: 'text', text: 'Scout hat × 1' } }]);
    expect(inventory?.rows[0]?.cells).toMatchObject({
      item: { kind: 'text', text: 'Scout hat' },
      quantity: { kind: 'text', text: '−2' },
      source: { kind: 'text', text: 'Taken back by support: Given twice' },
    });

    // The player's own item history, and their data download.
    const own = (await (await call(player, 'GET', '/api/account/items')).json()) as AccountItems;
    expect(own.items[0]).toEqual({
      itemID: 'hat-1',
      name: 'Scout hat',
      quantity: -2,
      source: 'takeBack',
      note: 'Given twice',
      claimedAt: expect.any(String),
    });
    expect(own.items[1]).not.toHaveProperty('note');
    const exported = await call(staff, 'POST', `${userPath(player.userId)}/data-export`);
    expect(exported.status).toBe(200);
    const downloaded = itemsIn(await exported.json());
    expect(downloaded).toContainEqual(
      expect.objectContaining({ quantity: -2, source: 'takeBack', note: 'Given twice' }),
    );

    expect((await loggedTakeBacks(player.userId)).map((entry) => entry.data)).toEqual([
      {
        userID: player.userId,
        itemID: 'hat-1',
        item: 'Scout hat',
        quantity: 2,
        reason: 'Given twice',
        changes: { held: { from: 3, to: 1 } },
      },
    ]);
  });

  it('refuses, in words at the field and changing nothing: more than held, none, an unknown item, bad input', async () => {
    const player = await newPlayer();
    await give(player.userId, 'hat-1', 2);
    const claimsBefore = await claimsOf('hat-1');

    const forbidden = await takeBack(player.userId, { itemID: 'hat-1', quantity: 1, reason: 'Moderator' }, moderator);
    expect(forbidden.status).toBe(403);

    const tooMany = await takeBack(player.userId, { itemID: 'hat-1', quantity: 3, reason: 'Given twice' });
    expect(tooMany.status).toBe(409);
    expect(await errorOf(tooMany)).toMatchObject({
      message: PLAYER_SUPPORT_MESSAGES.tooManyItems(2, 3, 'Scout hat'),
      details: {
        fields: { quantity: 'The player holds 2 of “Scout hat”, so 3 cannot be taken back. Take back at most 2.' },
      },
    });
    const none = await takeBack(player.userId, { itemID: 'crate-1', quantity: 1, reason: 'Never had it' });
    expect(none.status).toBe(409);
    expect((await errorOf(none)).message).toBe('The player holds no “Gold crate”, so none can be taken back.');

    const unknown = await takeBack(player.userId, { itemID: 'no-such-item', quantity: 1, reason: 'Ghost item' });
    expect(unknown.status).toBe(400);
    expect(await errorOf(unknown)).toMatchObject({
      message: PLAYER_SUPPORT_MESSAGES.noItem('no-such-item'),
      details: { fields: { itemID: PLAYER_SUPPORT_MESSAGES.noItem('no-such-item') } },
    });

    for (const [body, field, message] of [
      [{ itemID: 'hat-1', quantity: 0, reason: 'Nothing' }, 'quantity', PLAYER_SUPPORT_MESSAGES.takeBackQuantity],
      [{ itemID: 'hat-1', quantity: -1, reason: 'Negative' }, 'quantity', PLAYER_SUPPORT_MESSAGES.takeBackQuantity],
      [{ itemID: 'hat-1', quantity: 1.5, reason: 'Half' }, 'quantity', PLAYER_SUPPORT_MESSAGES.takeBackQuantity],
      [{ itemID: ' ', quantity: 1, reason: 'No item' }, 'itemID', PLAYER_SUPPORT_MESSAGES.takeBackItem],
      [{ itemID: 'hat-1', quantity: 1, reason: ' ' }, 'reason', PLAYER_SUPPORT_MESSAGES.reason],
    ] as const) {
      const bad = await takeBack(player.userId, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(bad)).details?.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    const nobody = await takeBack('nobody-at-all', { itemID: 'hat-1', quantity: 1, reason: 'Ghost' });
    expect(nobody.status).toBe(404);
    expect((await call(moderator, 'GET', `${userPath('nobody-at-all')}/items`)).status).toBe(404);

    // Nothing was written: not a row, not a claim, not an entry.
    expect((await rowsOf(player.userId)).map((row) => row.quantity)).toEqual([2]);
    expect(await claimsOf('hat-1')).toBe(claimsBefore);
    expect(await loggedTakeBacks(player.userId)).toEqual([]);
  });

  it('takes back concurrently without going below none: of five take-backs of one from three, three succeed', async () => {
    const player = await newPlayer();
    await give(player.userId, 'hat-1', 3);
    const claimsBefore = await claimsOf('hat-1');

    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        takeBack(player.userId, { itemID: 'hat-1', quantity: 1, reason: `Duplicate ${index + 1}` }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 409, 409]);
    const results = await Promise.all(
      answers.filter((answer) => answer.status === 200).map((answer) => answer.json() as Promise<ItemTakeBackResult>),
    );
    // Each read what the one before left: 3 → 2, 2 → 1, 1 → 0, in some order.
    expect(results.map((result) => `${result.heldBefore}→${result.held}`).sort()).toEqual(['1→0', '2→1', '3→2']);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect((await errorOf(refused)).message).toBe('The player holds no “Scout hat”, so none can be taken back.');
    }

    expect(await holdings(player.userId)).toEqual([]);
    const rows = await rowsOf(player.userId);
    expect(rows.filter((row) => row.source === 'takeBack')).toHaveLength(3);
    expect(rows.reduce((sum, row) => sum + row.quantity, 0)).toBe(0);
    expect(await claimsOf('hat-1')).toBe(claimsBefore - 3);
    expect(await loggedTakeBacks(player.userId)).toHaveLength(3);
  });
});

describe.each(TEST_DIALECTS)('the inventory’s take-back migration on %s', (dialect) => {
  let store: UnmigratedStore | undefined;
  afterEach(async () => {
    await store?.cleanup();
    store = undefined;
  });

  it('keeps every row a store holds, and lets only a take-back’s quantity be negative', async () => {
    store = await openUnmigratedStore(dialect, STORE_MIGRATIONS.game);
    await store.migrateToJustBefore('2026-12-22-item-take-backs');
    const { db } = store;
    const row = (reference: string, quantity: number, source: string) => ({
      user_id: 'player-1',
      item_id: 'hat-1',
      quantity,
      source,
      reference,
      claimed_at: '2026-12-01T09:00:00.000Z',
    });
    await db
      .insertInto('claimed_items')
      .values([row('spin:1', 1, 'spin'), row('reward:r:player-1', 2, 'reward')])
      .execute();
    await store.migrateToLatest();

    expect(await db.selectFrom('claimed_items').selectAll().orderBy('reference').execute()).toEqual([
      { ...row('reward:r:player-1', 2, 'reward'), note: null },
      { ...row('spin:1', 1, 'spin'), note: null },
    ]);
    await db
      .insertInto('claimed_items')
      .values({ ...row('takeBack:1', -1, 'takeBack'), note: 'Given twice' })
      .execute();
    for (const refused of [row('takeBack:2', 1, 'takeBack'), row('spin:2', -1, 'spin'), row('spin:3', 0, 'spin')]) {
      await expect(db.insertInto('claimed_items').values(refused).execute()).rejects.toThrow(/check/i);
    }
  });
});

/** The item rows of a data download, wherever its parts put them. */
function itemsIn(value: unknown): ClaimedItem[] {
  if (Array.isArray(value)) return value.flatMap(itemsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'items' && Array.isArray(inner) ? (inner as ClaimedItem[]) : itemsIn(inner),
  );
}
