import { PUSH_DEVICES_PER_PLAYER } from '@outpost/contracts/push';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOwnAccount, type SignedIn, signUpPlayers, signUpRoles } from '../identity/testing';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { dropDevices } from './audience';
import { foldDeviceTotals, foldDeviceTotalsJob, measureEveryone } from './device-totals';
import * as deviceCounts from './migrations/2027-01-01-push-device-counts';
import { tokenKey } from './token-key';

/*
 * The composer's audience of everyone reads the totals the store keeps of push_devices
 * (migrations/2027-01-01-push-device-counts.ts). Whatever writes the devices (registrations, a device
 * changing hands, sign-outs, the cap on a player's devices, a send's drops, erasure, writers side by
 * side, the periodic job's fold), the totals and the players' rows must be what the devices themselves say.
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
  /** How many rows of changes the totals are now. */
  const totalsRows = async () => {
    const row = await db()
      .selectFrom('push_device_totals')
      .select(sql<number>`count(*)`.as('rows'))
      .executeTakeFirstOrThrow();
    return Number(row.rows);
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
    // Registering again refreshes the device, moves no count and writes no change.
    const changes = await totalsRows();
    await ok(register(ann, 'ann-phone'));
    expect(await totalsRows()).toBe(changes);
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
    // The newest two: whichever of the oldest the cap kept, these are Cal's.
    const newest = [1, 2].map((past) => `cal-${PUSH_DEVICES_PER_PLAYER + past}`);
    expect(await dropDevices(db(), [...newest, 'ann-watch', 'never-registered'])).toBe(3);
    expect(await expectExact()).toMatchObject({ players: [{ user_id: cal.userId }] });
    const calAccount = await deleteOwnAccount(t.app, cal);
    expect(calAccount.statusCode, calAccount.body).toBe(200);
    expect(await expectExact()).toEqual({ players: [], devices: 0 });
  });

  it('counts exactly when players register, move and drop devices side by side', async () => {
    const players = crowd.slice(3);
    const token = (index: number, n: number | string) => `side-${index}-${n}`;
    const indexes = (group: number) => [...players.keys()].filter((index) => index % 4 === group);
    // Every player's first devices at once: registrations of one player side by side make one player.
    await Promise.all(players.flatMap((who, index) => [0, 1, 2].map((n) => ok(register(who, token(index, n))))));
    expect(await expectExact()).toMatchObject({ devices: players.length * 3 });
    // The second group keeps one device each.
    for (const index of indexes(1)) {
      for (const n of [1, 2]) await ok(unregister(players[index] as SignedIn, token(index, n)));
    }
    // All at once: the first group signs out of every device; the second drops its only device while
    // registering another; the third hands a device to a player of the first (who may have none left by
    // then) and registers another; a send drops two devices of each player of the fourth, in two statements
    // over the same players.
    const at = (index: number) => players[index] as SignedIn;
    await Promise.all([
      ...indexes(0).flatMap((index) => [0, 1, 2].map((n) => ok(unregister(at(index), token(index, n))))),
      ...indexes(1).flatMap((index) => [
        ok(unregister(at(index), token(index, 0))),
        ok(register(at(index), token(index, 'new'))),
      ]),
      ...indexes(2).flatMap((index) => [
        ok(register(at(index - 2), token(index, 0))),
        ok(register(at(index), token(index, 'new'))),
      ]),
      dropDevices(
        db(),
        indexes(3).map((index) => token(index, 1)),
      ),
      dropDevices(
        db(),
        indexes(3).map((index) => token(index, 2)),
      ),
    ]);
    // The first group's players hold what the third handed them, one each.
    const [handed, single, handing, dropping] = [2, 1, 2, 3].map((group) => indexes(group).length) as [
      number,
      number,
      number,
      number,
    ];
    const after = await expectExact();
    expect(after.players).toHaveLength(handed + single + handing + dropping);
    expect(after.devices).toBe(handed + single + handing * 3 + dropping);
  });

  it('folds the rows of changes into one, keeping their sums, beside writers', async () => {
    const before = await fromDevices();
    // A thousand changes that add up to nothing, as a busy hour of registrations and drops leaves on PostgreSQL.
    const noise = Array.from({ length: 1000 }, (_, index) =>
      index % 2 === 0 ? { players: 1, devices: 3 } : { players: -1, devices: -3 },
    );
    await db().insertInto('push_device_totals').values(noise).execute();
    const [who] = crowd.slice(-1) as [SignedIn];
    // A registration before any fold moves the totals once, whatever rows there are.
    await ok(register(who, 'folded-first'));
    // The periodic job folds every environment's rows into one.
    await foldDeviceTotalsJob(t.stores.game).run(undefined, { attempt: 1, extendLease: async () => true });
    expect(await totalsRows()).toBe(1);
    expect(await expectExact()).toMatchObject({ devices: before.devices + 1 });
    // Two folds beside registrations keep every registration's change.
    await db().insertInto('push_device_totals').values(noise).execute();
    await Promise.all([
      foldDeviceTotals(db()),
      foldDeviceTotals(db()),
      ...[0, 1, 2, 3].map((n) => ok(register(who, `folded-${n}`))),
    ]);
    // At most a row from each fold and the four registrations' rows appended after the folds read.
    expect(await totalsRows()).toBeLessThanOrEqual(6);
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
