import { PUSH_DEVICES_PER_PLAYER } from '@outpost/contracts/push';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOwnAccount, type SignedIn, signUpPlayers, signUpRoles } from '../identity/testing';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { DEVICE_TOTALS_FOLD_AT, dropDevices, foldDeviceTotals, measureEveryone } from './audience';
import * as deviceCounts from './migrations/2027-01-01-push-device-counts';
import { tokenKey } from './token-key';

/*
 * The composer's audience of everyone reads the totals the store keeps of push_devices
 * (migrations/2027-01-01-push-device-counts.ts). Whatever writes the devices (registrations, a device
 * changing hands, sign-outs, the cap on a player's devices, a send's drops, erasure, writers side by
 * side, the reader's fold), the totals and the players' rows must be what the devices themselves say.
 */
describe.each(TEST_DIALECTS)('the counts of players holding a push device, on %s', (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let crowd: SignedIn[];
  const db = () => t.stores.game.development;

  const register = (who: SignedIn, token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/push/devices',
      headers: { authorization: who.bearer },
      payload: { token, platform: 'android' },
    });
  const unregister = (who: SignedIn, token: string) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/push/devices',
      headers: { authorization: who.bearer },
      payload: { token },
    });
  const ok = async (answer: Promise<{ statusCode: number; body: string }>) => {
    const response = await answer;
    expect(response.statusCode, response.body).toBe(200);
  };
  /** The composer's count of everyone, through its route. */
  const audience = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/development/push/audience',
      headers: { authorization: admin.bearer },
      payload: { recipientCategory: 'everyone', activeDateTime: null, userIDs: null },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { players: number; devices: number };
  };
  /** What the devices say: each player's count, and the totals. */
  const fromDevices = async () => {
    const rows = await db()
      .selectFrom('push_devices')
      .select((eb) => ['user_id', eb.fn.countAll<string | number>().as('devices')])
      .groupBy('user_id')
      .orderBy('user_id')
      .execute();
    const players = rows.map((row) => ({ user_id: row.user_id, devices: Number(row.devices) }));
    return { players, devices: players.reduce((total, row) => total + row.devices, 0) };
  };
  /** The kept counts equal the devices' own, through the route and in the players' rows. */
  const expectExact = async () => {
    const expected = await fromDevices();
    const kept = await db()
      .selectFrom('push_device_players')
      .select(['user_id', 'devices'])
      .orderBy('user_id')
      .execute();
    expect(kept.map((row) => ({ user_id: row.user_id, devices: Number(row.devices) }))).toEqual(expected.players);
    expect(await audience()).toEqual({ players: expected.players.length, devices: expected.devices });
    return expected;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { rateLimits: { pushDevices: { max: 10_000, windowMs: 60_000 } } });
    ({ admin } = await signUpRoles(t.app, t.stores.identity, { admin: ['admin'] }));
    crowd = await signUpPlayers(t.app, t.stores.identity, `counted-${dialect}`, 40);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('follows registrations, a device changing hands, sign-outs, the cap, a send’s drops and erasure', async () => {
    // Cal is the crowd's one player who signed up through the routes, with a password to delete the account with.
    const [cal, ann, ben] = crowd as [SignedIn, SignedIn, SignedIn];
    expect(await audience()).toEqual({ players: 0, devices: 0 });
    await ok(register(ann, 'ann-phone'));
    await ok(register(ann, 'ann-tablet'));
    // Registering again refreshes the device and moves no count.
    await ok(register(ann, 'ann-phone'));
    expect(await expectExact()).toMatchObject({ devices: 2 });
    // Ann's tablet changes hands: Ben joins, Ann keeps her phone; then her phone too, and she leaves.
    await ok(register(ben, 'ann-tablet'));
    expect(await audience()).toEqual({ players: 2, devices: 2 });
    await ok(register(ben, 'ann-phone'));
    expect(await audience()).toEqual({ players: 1, devices: 2 });
    await ok(unregister(ben, 'ann-phone'));
    await ok(unregister(ben, 'ann-tablet'));
    expect(await expectExact()).toEqual({ players: [], devices: 0 });
    // Past the cap, a player's oldest devices go.
    for (let index = 0; index <= PUSH_DEVICES_PER_PLAYER + 2; index += 1) await ok(register(cal, `cal-${index}`));
    expect(await expectExact()).toMatchObject({ devices: PUSH_DEVICES_PER_PLAYER });
    // A send's drops; then the account goes, and its devices with it.
    await ok(register(ann, 'ann-watch'));
    expect(await dropDevices(db(), ['cal-3', 'cal-4', 'ann-watch', 'never-registered'])).toBe(3);
    expect(await expectExact()).toMatchObject({ players: [{ user_id: cal.userId }] });
    const calAccount = await deleteOwnAccount(t.app, cal);
    expect(calAccount.statusCode, calAccount.body).toBe(200);
    expect(await expectExact()).toEqual({ players: [], devices: 0 });
  });

  it('counts exactly when players register, move and drop devices side by side', async () => {
    const players = crowd.slice(3);
    // Every player's first devices at once: two registrations of one player must make one player.
    await Promise.all(players.flatMap((who, index) => [0, 1, 2].map((n) => ok(register(who, `side-${index}-${n}`)))));
    expect(await expectExact()).toMatchObject({ devices: players.length * 3 });
    // Sign-outs of whole players, devices changing hands between neighbours, new devices, and a send's
    // drops across many players (one statement each), all at once.
    const waves = players.flatMap((who, index) => {
      const next = players[(index + 1) % players.length] as SignedIn;
      if (index % 3 === 0) return [0, 1, 2].map((n) => ok(unregister(who, `side-${index}-${n}`)));
      if (index % 3 === 1) return [ok(register(next, `side-${index}-0`)), ok(register(who, `side-${index}-new`))];
      return [];
    });
    const dropped = players.map((_, index) => `side-${index}-2`).filter((_, index) => index % 3 === 2);
    const drops = [dropDevices(db(), dropped), dropDevices(db(), [...dropped].reverse())];
    await Promise.all([...waves, ...drops]);
    const signedOut = players.filter((_, index) => index % 3 === 0).length;
    const added = players.filter((_, index) => index % 3 === 1).length;
    const after = await expectExact();
    expect(after.devices).toBe(players.length * 3 - signedOut * 3 + added - dropped.length);
  });

  it('folds the rows of changes past their bound, keeping their sums, beside writers', async () => {
    const before = await fromDevices();
    // A bound's worth of changes that add up to nothing, as a day of registrations and drops would leave on PostgreSQL.
    const noise = Array.from({ length: DEVICE_TOTALS_FOLD_AT }, (_, index) =>
      index % 2 === 0 ? { players: 1, devices: 3 } : { players: -1, devices: -3 },
    );
    await db().insertInto('push_device_totals').values(noise).execute();
    const [who] = crowd.slice(-1) as [SignedIn];
    // A registration before any fold moves the totals once, whatever rows there are.
    await ok(register(who, 'folded-first'));
    await Promise.all([
      audience(),
      foldDeviceTotals(db()),
      foldDeviceTotals(db()),
      ...[0, 1, 2, 3].map((n) => ok(register(who, `folded-${n}`))),
    ]);
    const rows = await db()
      .selectFrom('push_device_totals')
      .select(sql<number>`count(*)`.as('rows'))
      .executeTakeFirstOrThrow();
    // Each fold leaves at most its one row, beside the registrations' rows appended after it read.
    expect(Number(rows.rows)).toBeLessThan(10);
    expect(await expectExact()).toMatchObject({ devices: before.devices + 5 });
  });

  it('fills the counts from the devices already there when its migration runs', async () => {
    await deviceCounts.down(db());
    const seen = '2026-12-10T09:00:00.000Z';
    const devices = ['a', 'a', 'b', 'c', 'c', 'c'].map((player, index) => ({
      token_hash: tokenKey(`before-${index}`),
      token: `before-${index}`,
      user_id: `before-${player}`,
      platform: 'ios' as const,
      registered_at: seen,
      last_seen: seen,
    }));
    await db().insertInto('push_devices').values(devices).execute();
    await deviceCounts.up(db());
    const filled = await expectExact();
    expect(filled.players.filter((row) => row.user_id.startsWith('before-'))).toEqual([
      { user_id: 'before-a', devices: 2 },
      { user_id: 'before-b', devices: 1 },
      { user_id: 'before-c', devices: 3 },
    ]);
    expect(await measureEveryone(db())).toEqual({ players: filled.players.length, devices: filled.devices });
  });
});
