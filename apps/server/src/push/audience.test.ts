import type { PushPlatform } from '@outpost/contracts/push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../testing/test-stores';
import {
  audienceDeviceBatches,
  audienceDevicePage,
  dropDevices,
  listPlayersDevices,
  type PushAudience,
  type PushDevice,
} from './audience';
import { measureEveryone } from './device-totals';
import { tokenKey } from './token-key';

const PLAYERS = 30;
const DEVICES_EACH = 8;
const PLATFORMS: readonly PushPlatform[] = ['ios', 'android', 'web'];

describe.each(TEST_DIALECTS)('the devices a send reads, on %s', (dialect) => {
  let t: TestStores;
  const db = () => t.stores.game.development;
  const everyone: PushAudience = { kind: 'everyone' };
  const all: PushDevice[] = [];

  beforeAll(async () => {
    t = await openTestStores(dialect);
    const seen = '2026-12-10T09:00:00.000Z';
    for (let player = 0; player < PLAYERS; player += 1) {
      for (let index = 0; index < DEVICES_EACH; index += 1) {
        const token = `token-${player}-${index}`;
        all.push({
          userId: `player-${player}`,
          token,
          platform: PLATFORMS[(player + index) % 3] as PushPlatform,
          key: tokenKey(token),
        });
      }
    }
    await db()
      .insertInto('push_devices')
      .values(
        all.map((device) => ({
          token_hash: device.key,
          token: device.token,
          user_id: device.userId,
          platform: device.platform,
          registered_at: seen,
          last_seen: seen,
        })),
      )
      .execute();
    await db()
      .insertInto('user_presence')
      .values([0, 1, 2].map((player) => ({ user_id: `player-${player}`, last_seen: seen })))
      .execute();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const byToken = (devices: readonly PushDevice[]) => [...devices].sort((a, b) => a.token.localeCompare(b.token));

  it('reads everyone’s devices in batches by key, each once, and resumes from a batch’s cursor', async () => {
    expect(await measureEveryone(db())).toEqual({ players: PLAYERS, devices: all.length });
    const batches = [];
    for await (const batch of audienceDeviceBatches(db(), everyone, { batchSize: 100 })) batches.push(batch);
    expect(batches.map((batch) => batch.devices.length)).toEqual([100, 100, 40]);
    const read = batches.flatMap((batch) => batch.devices);
    expect(byToken(read)).toEqual(byToken(all));
    // In key order: each batch's cursor is its last device's key, below the next batch's keys.
    const keys = read.map((device) => tokenKey(device.token));
    expect(keys).toEqual([...keys].sort());
    expect(batches.map((batch) => batch.next)).toEqual([keys[99], keys[199], null]);
    // A send that stopped after the first batch resumes at the second.
    const resumed = [];
    for await (const batch of audienceDeviceBatches(db(), everyone, { after: batches[0]?.next, batchSize: 100 })) {
      resumed.push(...batch.devices);
    }
    expect(resumed).toEqual(read.slice(100));
    // A last page that is exactly full says so on the next read, which is empty.
    const full = await audienceDevicePage(db(), everyone, { after: keys[all.length - 41] ?? null, limit: 40 });
    expect(full.devices).toHaveLength(40);
    expect(await audienceDevicePage(db(), everyone, { after: full.next, limit: 40 })).toEqual({
      devices: [],
      next: null,
    });
  });

  it('reads chosen players’ devices, and a segment’s', async () => {
    const chosen: PushAudience = { kind: 'players', userIds: ['player-4', 'player-7', 'nobody'] };
    const page = await audienceDevicePage(db(), chosen, { after: null, limit: 100 });
    expect(byToken(page.devices)).toEqual(byToken(all.filter((d) => ['player-4', 'player-7'].includes(d.userId))));
    expect(page.next).toBeNull();
    expect(
      (await audienceDevicePage(db(), { kind: 'players', userIds: [] }, { after: null, limit: 100 })).devices,
    ).toEqual([]);
    const seenLately: PushAudience = {
      kind: 'segment',
      players: (store) => store.selectFrom('user_presence').select('user_id').where('last_seen', '>=', '2026-12-10'),
    };
    const seen = await audienceDevicePage(db(), seenLately, { after: null, limit: 100 });
    expect(byToken(seen.devices)).toEqual(
      byToken(all.filter((d) => ['player-0', 'player-1', 'player-2'].includes(d.userId))),
    );
  });

  it('lists a set of players’ devices with their platforms', async () => {
    const devices = await listPlayersDevices(db(), ['player-2', 'player-1', 'player-2']);
    expect(byToken(devices)).toEqual(byToken(all.filter((d) => ['player-1', 'player-2'].includes(d.userId))));
    expect(devices.map((device) => device.userId)).toEqual([
      ...Array(DEVICES_EACH).fill('player-1'),
      ...Array(DEVICES_EACH).fill('player-2'),
    ]);
  });

  it('drops the tokens the push service reports invalid', async () => {
    expect(await dropDevices(db(), ['token-9-0', 'token-9-1', 'token-9-1', 'never-registered'])).toBe(2);
    const left = await listPlayersDevices(db(), ['player-9']);
    expect(left.map((device) => device.token).sort()).toEqual(
      Array.from({ length: DEVICES_EACH - 2 }, (_, index) => `token-9-${index + 2}`),
    );
    expect(await measureEveryone(db())).toEqual({ players: PLAYERS, devices: all.length - 2 });
  });
});
