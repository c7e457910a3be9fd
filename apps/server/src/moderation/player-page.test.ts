import type { AdminListPage } from '@outpost/contracts/admin-list';
import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import type { Credits } from '@outpost/contracts/economy';
import {
  type CreditAdjustmentResult,
  PLAYER_RECORD_SECTIONS,
  PLAYER_SUPPORT_MESSAGES,
  type PlayerRecord,
} from '@outpost/contracts/player-record';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_RATE_LIMITS } from '../identity/index';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpRoles, signUpWithProfile } from '../identity/testing';
import { putNamedTestItems } from '../items/testing';
import { credit } from '../ledger/ledger';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';

/*
 * The player page for support (docs/decisions/0130-the-player-page.md): every domain's sections about one
 * player, and the changes staff make from it, over real HTTP on every store, concurrently where money moves.
 */
describe.each(TEST_DIALECTS)('the player page on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let staff: SignedIn;
  let moderator: SignedIn;
  let players = 0;

  beforeAll(async () => {
    // More sign-ups than the hourly limit allows one address: each test has players of its own.
    t = await buildTestApp(dialect, {
      rateLimits: { auth: { ...DEFAULT_AUTH_RATE_LIMITS, signUp: { windowSeconds: 3600, max: 1_000 } } },
    });
    ({ staff, moderator } = await signUpRoles(t.app, t.stores.identity, {
      staff: ['staff'],
      moderator: ['moderator'],
    }));
    await putNamedTestItems(t.stores.game.development, { 'hat-1': 'Scout hat' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function newPlayer(): Promise<SignedIn & { name: string }> {
    players += 1;
    const name = `Support${players}`;
    const player = await signUpWithProfile(t.app, (userId, keys) => setProfileKeys(t.stores.identity, userId, keys), {
      email: `support${players}@example.com`,
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
  const adjust = (who: SignedIn, userID: string, body: object) =>
    call(who, 'POST', `/api/admin/development/users/${userID}/credits`, body);
  const record = async (userID: string): Promise<PlayerRecord> => {
    const response = await call(moderator, 'GET', `/api/admin/development/users/${userID}/record`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as PlayerRecord;
  };
  const ledgerRows = (userID: string) =>
    t.stores.game.development.selectFrom('credit_ledger').selectAll().where('user_id', '=', userID).execute();
  const balanceOf = async (userID: string) =>
    (
      await t.stores.game.development
        .selectFrom('credit_balances')
        .select('balance')
        .where('user_id', '=', userID)
        .executeTakeFirst()
    )?.balance ?? 0;

  it('shows moderators every domain’s sections about the player, in the page’s order, and 404 for nobody', async () => {
    const player = await newPlayer();
    await credit(t.stores.game.development, { userId: player.userId, amount: 40, reason: 'reward', reference: 'r-1' });
    const { sections } = await record(player.userId);
    expect(sections.map((section) => section.key)).toEqual([...PLAYER_RECORD_SECTIONS]);
    const credits = sections.find((section) => section.key === 'credits');
    expect(credits?.facts).toEqual([{ label: 'Balance', value: { kind: 'credits', credits: 40, signed: false } }]);
    // The player is signed in on the device that signed up: one session.
    expect(sections.find((section) => section.key === 'sessions')?.total).toBe(1);
    const missing = await call(moderator, 'GET', '/api/admin/development/users/nobody-at-all/record');
    expect(missing.status).toBe(404);
  });

  it('shows the reports a player filed and those about them, each by its number, the filer named', async () => {
    const filer = await newPlayer();
    const target = await newPlayer();
    const filed = await call(filer, 'POST', '/api/account/reports', {
      category: 'cheating',
      target: `@${target.name}`,
      text: 'Flies through walls.',
    });
    expect(filed.status, await filed.clone().text()).toBe(200);
    const { reportNumber } = (await filed.json()) as { reportNumber: number };
    const section = async (userID: string, key: string) =>
      (await record(userID)).sections.find((each) => each.key === key);
    expect((await section(filer.userId, 'reportsFiled'))?.rows.map((row) => row.cells)).toEqual([
      expect.objectContaining({
        report: expect.objectContaining({ kind: 'link', text: `Report #${reportNumber}` }),
        about: { kind: 'text', text: `@${target.name}` },
        state: { kind: 'text', text: 'Unresolved' },
      }),
    ]);
    const about = await section(target.userId, 'reportsAbout');
    expect(about?.rows.map((row) => row.cells.by)).toEqual([
      { kind: 'person', person: { userID: filer.userId, displayName: filer.name, email: expect.any(String) } },
    ]);
    expect((await section(filer.userId, 'reportsAbout'))?.total).toBe(0);
  });

  it('lets staff give credits with a reason: one ledger entry the player reads, logged with the balance before → after', async () => {
    const player = await newPlayer();
    const refused = await adjust(moderator, player.userId, {
      direction: 'grant',
      amount: 500,
      reason: 'Lost in a crash',
    });
    expect(refused.status).toBe(403);

    const response = await adjust(staff, player.userId, { direction: 'grant', amount: 500, reason: 'Lost in a crash' });
    expect(response.status, await response.clone().text()).toBe(200);
    const result = (await response.json()) as CreditAdjustmentResult;
    expect(result).toMatchObject({ balanceBefore: 0, balance: 500, entry: { amount: 500, note: 'Lost in a crash' } });

    const own = (await (await call(player, 'GET', '/api/account/credits')).json()) as Credits;
    expect(own.balance).toBe(500);
    expect(own.history.rows[0]).toMatchObject({ reason: 'adjustment', note: 'Lost in a crash', balanceAfter: 500 });

    const ledger = (await record(player.userId)).sections.find((section) => section.key === 'credits');
    expect(ledger?.rows[0]?.cells).toMatchObject({
      what: { kind: 'text', text: 'Adjustment by staff: Lost in a crash' },
      change: { kind: 'credits', credits: 500, signed: true },
      balance: { kind: 'credits', credits: 500 },
    });

    const log = await call(staff, 'GET', `/api/admin/development/admin-log?record=${player.userId}`);
    const entries = ((await log.json()) as AdminListPage<AdminLogEntry>).rows;
    expect(entries.map((entry) => [entry.action, entry.data])).toEqual([
      [
        'credits.grant',
        {
          userID: player.userId,
          amount: 500,
          reason: 'Lost in a crash',
          changes: { balance: { from: 0, to: 500 } },
        },
      ],
    ]);
  });

  it('refuses to take back more than the player holds, and bad amounts and reasons, with words for people', async () => {
    const player = await newPlayer();
    await adjust(staff, player.userId, { direction: 'grant', amount: 30, reason: 'Starter' });
    const tooMuch = await adjust(staff, player.userId, {
      direction: 'takeBack',
      amount: 31,
      reason: 'Duplicate grant',
    });
    expect(tooMuch.status).toBe(409);
    expect(((await tooMuch.json()) as { error: { message: string } }).error.message).toBe(
      PLAYER_SUPPORT_MESSAGES.tooMuch(30, 31),
    );
    for (const body of [
      { direction: 'grant', amount: 0, reason: 'Nothing' },
      { direction: 'grant', amount: 1.5, reason: 'Half' },
      { direction: 'grant', amount: 5, reason: ' ' },
    ]) {
      const bad = await adjust(staff, player.userId, body);
      expect(bad.status).toBe(400);
    }
    expect(await balanceOf(player.userId)).toBe(30);
    expect(await ledgerRows(player.userId)).toHaveLength(1);
    const nobody = await adjust(staff, 'nobody-at-all', { direction: 'grant', amount: 5, reason: 'Ghost' });
    expect(nobody.status).toBe(404);
  });

  it('takes back concurrently without going below zero: each change one ledger entry, the rest refused', async () => {
    const player = await newPlayer();
    const grants = await Promise.all(
      Array.from({ length: 5 }, () =>
        adjust(staff, player.userId, { direction: 'grant', amount: 20, reason: 'Apology' }),
      ),
    );
    expect(grants.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await balanceOf(player.userId)).toBe(100);

    const takeBacks = await Promise.all(
      Array.from({ length: 8 }, () =>
        adjust(staff, player.userId, { direction: 'takeBack', amount: 30, reason: 'Given twice' }),
      ),
    );
    const statuses = takeBacks.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    expect(await balanceOf(player.userId)).toBe(10);
    const rows = await ledgerRows(player.userId);
    expect(rows).toHaveLength(8);
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(10);
    expect(rows.every((row) => row.balance_after >= 0)).toBe(true);
    const logged = await t.stores.game.development
      .selectFrom('admin_log')
      .select('action')
      .where('data', 'like', `%${player.userId}%`)
      .execute();
    expect(logged.filter((row) => row.action === 'credits.takeBack')).toHaveLength(3);
  });

  it('gives items with a reason into the inventory, refusing an item the catalogue lacks', async () => {
    const player = await newPlayer();
    const path = `/api/admin/development/users/${player.userId}/items`;
    const unknown = await call(staff, 'POST', path, { itemIDs: ['no-such-item'], reason: 'Lost hat' });
    expect(unknown.status).toBe(400);
    const given = await call(staff, 'POST', path, { itemIDs: ['hat-1', 'hat-1'], reason: 'Lost hat' });
    expect(given.status, await given.clone().text()).toBe(200);
    const inventory = (await record(player.userId)).sections.find((section) => section.key === 'inventory');
    expect(inventory?.rows.map((row) => [row.cells.item, row.cells.quantity, row.cells.source])).toEqual([
      [
        { kind: 'text', text: 'Scout hat' },
        { kind: 'text', text: '2' },
        { kind: 'text', text: 'support' },
      ],
    ]);
  });

  it('ends the player’s sessions: their next request is signed out', async () => {
    const player = await newPlayer();
    expect((await call(player, 'GET', '/api/account/credits')).status).toBe(200);
    expect(
      (await call(moderator, 'POST', `/api/admin/development/users/${player.userId}/sessions/end`, {})).status,
    ).toBe(403);
    const ended = await call(staff, 'POST', `/api/admin/development/users/${player.userId}/sessions/end`, {});
    expect(ended.status, await ended.clone().text()).toBe(200);
    expect((await call(player, 'GET', '/api/account/credits')).status).toBe(401);
    expect((await record(player.userId)).sections.find((section) => section.key === 'sessions')?.total).toBe(0);
  });

  it('lets staff download the player’s data and delete their account, logged with who did it', async () => {
    const player = await newPlayer();
    const path = (what: string) => `/api/admin/development/users/${player.userId}/${what}`;
    expect((await call(moderator, 'POST', path('data-export'))).status).toBe(403);
    const exported = await call(staff, 'POST', path('data-export'));
    expect(exported.status, await exported.clone().text()).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
    expect(((await exported.json()) as { account: { userID: string } }).account.userID).toBe(player.userId);

    // A staff account is only an admin's to delete, and nobody deletes their own here.
    const colleague = await signUpWithProfile(
      t.app,
      (userId, keys) => setProfileKeys(t.stores.identity, userId, keys),
      { email: 'colleague@example.com', displayName: 'Colleague', keys: ['staff'] },
    );
    const privileged = await call(staff, 'POST', `/api/admin/development/users/${colleague.userId}/deletion`);
    expect(privileged.status).toBe(403);
    const own = await call(staff, 'POST', `/api/admin/development/users/${staff.userId}/deletion`);
    expect(own.status).toBe(400);
    expect(((await own.json()) as { error: { message: string } }).error.message).toBe(
      PLAYER_SUPPORT_MESSAGES.ownAccount,
    );

    const deleted = await call(staff, 'POST', path('deletion'));
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect((await call(player, 'GET', '/api/account/credits')).status).toBe(401);
    expect((await call(staff, 'GET', `/api/admin/development/users/${player.userId}/record`)).status).toBe(404);
    const logged = await t.stores.game.development
      .selectFrom('admin_log')
      .select(['action', 'admin', 'data'])
      .where('action', 'in', ['account.export', 'account.delete'])
      .where('admin', '=', staff.userId)
      .execute();
    expect(logged.map((row) => [row.action, JSON.parse(row.data).requestedBy])).toEqual(
      expect.arrayContaining([
        ['account.export', 'admin'],
        ['account.delete', 'admin'],
      ]),
    );
  });
});
