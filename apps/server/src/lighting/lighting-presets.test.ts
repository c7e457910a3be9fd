import {
  GUEST_OWNER,
  LIGHTING_MESSAGES,
  LIGHTING_PRESETS_PER_OWNER,
  type LightingPreset,
  type LightingPresetInput,
  type LightingPresetList,
  presetLimitMessage,
} from '@outpost/contracts/lighting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp } from '../identity/testing';
import { seedDemoData } from '../seed';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { DEMO_LIGHTING_PRESETS, DEMO_PRESET_OWNER } from './seed';

const DUSK: LightingPresetInput = {
  name: 'Dusk over the yard',
  public: false,
  settings: { timeOfDay: 19.25, sunIntensity: 0.3, ambient: 0.3, fogDensity: 0.15, tint: '#ff9966' },
};

const NOT_FOUND = errorAnswer('not-found', LIGHTING_MESSAGES.notFound, { code: 'preset-not-found' });
const NOT_YOURS = errorAnswer('permission-denied', LIGHTING_MESSAGES.notYours, { code: 'preset-not-yours' });

describe.each(TEST_DIALECTS)('lighting presets on %s', (dialect) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  const db = () => t.stores.game.development;

  const auth = (who: SignedIn | null) => (who ? { authorization: who.bearer } : {});
  const list = async (who: SignedIn | null) => {
    const response = await t.app.inject({ url: '/api/lighting-presets', headers: auth(who) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LightingPresetList;
  };
  const ids = (presets: readonly LightingPreset[]) => presets.map((preset) => preset.presetID);
  const create = (who: SignedIn | null, payload: object = DUSK) =>
    t.app.inject({ method: 'POST', url: '/api/lighting-presets', headers: auth(who), payload });
  const created = async (who: SignedIn | null, payload: LightingPresetInput = DUSK) => {
    const response = await create(who, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LightingPreset;
  };
  const update = (who: SignedIn | null, presetID: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/lighting-presets/${presetID}`, headers: auth(who), payload });
  const remove = (who: SignedIn | null, presetID: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/lighting-presets/${presetID}`, headers: auth(who) });
  const stored = (presetID: string) =>
    db().selectFrom('lighting_presets').selectAll().where('preset_id', '=', presetID).executeTakeFirst();
  const ownerCount = async (owner: string) => {
    const row = await db()
      .selectFrom('lighting_preset_owners')
      .select('preset_count')
      .where('owner', '=', owner)
      .executeTakeFirst();
    const rows = await db().selectFrom('lighting_presets').select('preset_id').where('owner', '=', owner).execute();
    return { count: Number(row?.preset_count ?? 0), rows: rows.length };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { rateLimits: { lightingPresetWrites: { max: 1000, windowMs: 60_000 } } });
    await seedDemoData(t.stores, 'development');
    alice = await signUp(t.app, { email: 'alice-lighting@example.com' });
    bob = await signUp(t.app, { email: 'bob-lighting@example.com' });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('shows everyone the demo’s public presets, which nobody may change', async () => {
    const demoIDs = DEMO_LIGHTING_PRESETS.map((preset) => preset.presetID).sort();
    for (const who of [null, alice]) {
      const presets = await list(who);
      expect(presets.mine).toEqual([]);
      expect(ids(presets.shared).sort()).toEqual(demoIDs);
      expect(presets.shared.every((preset) => preset.owner === DEMO_PRESET_OWNER && !preset.editable)).toBe(true);
      const demo = demoIDs[0] ?? '';
      expect((await update(who, demo, DUSK)).json()).toEqual(NOT_YOURS);
      expect((await remove(who, demo)).json()).toEqual(NOT_YOURS);
    }
    expect(await ownerCount(DEMO_PRESET_OWNER)).toEqual({ count: demoIDs.length, rows: demoIDs.length });
  });

  it('keeps a private preset its owner’s, stored exactly as sent, with a random id', async () => {
    const preset = await created(alice, { ...DUSK, settings: { ...DUSK.settings, tint: ' #FF9966 ' } });
    expect(preset).toMatchObject({ ...DUSK, owner: alice.userId, editable: true });
    expect(preset.presetID).toMatch(/^[a-z0-9]{16}$/);
    expect((await list(alice)).mine).toEqual([preset]);
    for (const who of [bob, null]) {
      const seen = await list(who);
      expect([...ids(seen.mine), ...ids(seen.shared)]).not.toContain(preset.presetID);
    }
    // Another player's private preset is not there for them: 404, never "it is someone else's".
    expect((await update(bob, preset.presetID, DUSK)).json()).toEqual(NOT_FOUND);
    expect((await remove(null, preset.presetID)).json()).toEqual(NOT_FOUND);
    expect((await stored(preset.presetID))?.name).toBe(DUSK.name);
  });

  it('shares a preset once its owner makes it public; others still cannot change it', async () => {
    const preset = await created(alice, { ...DUSK, name: 'Shared dusk' });
    const response = await update(alice, preset.presetID, { ...DUSK, name: 'Shared dusk', public: true });
    expect(response.statusCode, response.body).toBe(200);
    const shared = response.json() as LightingPreset;
    expect(shared).toMatchObject({ public: true, created: preset.created });
    expect(shared.updated >= preset.updated).toBe(true);

    for (const who of [bob, null]) {
      const seen = (await list(who)).shared.find((item) => item.presetID === preset.presetID);
      // Alice's user id stays on the server.
      expect(seen).toEqual({ ...shared, owner: null, editable: false });
    }
    const bobUpdate = await update(bob, preset.presetID, { ...DUSK, name: 'Taken over' });
    expect(bobUpdate.statusCode).toBe(403);
    expect(bobUpdate.json()).toEqual(NOT_YOURS);
    const guestDelete = await remove(null, preset.presetID);
    expect(guestDelete.statusCode).toBe(403);
    expect((await stored(preset.presetID))?.name).toBe('Shared dusk');

    // Private again: gone from the others' lists.
    expect((await update(alice, preset.presetID, { ...DUSK, name: 'Shared dusk', public: false })).statusCode).toBe(
      200,
    );
    expect(ids((await list(bob)).shared)).not.toContain(preset.presetID);
  });

  it('lets visitors share presets under the owner guest, which signed-in players cannot change', async () => {
    const guestPreset = await created(null, { ...DUSK, name: 'Guest fog' });
    expect(guestPreset).toMatchObject({ owner: GUEST_OWNER, editable: true, public: false });
    // Any visitor is the guest: they see it and change it.
    expect(ids((await list(null)).mine)).toContain(guestPreset.presetID);
    const renamed = await update(null, guestPreset.presetID, { ...DUSK, name: 'Guest fog, thicker' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // A signed-in player is not the guest.
    const aliceSees = await list(alice);
    expect([...ids(aliceSees.mine), ...ids(aliceSees.shared)]).not.toContain(guestPreset.presetID);
    expect((await update(alice, guestPreset.presetID, DUSK)).json()).toEqual(NOT_FOUND);

    const publicGuest = await created(null, { ...DUSK, name: 'Guest noon', public: true });
    expect(ids((await list(alice)).shared)).toContain(publicGuest.presetID);
    expect((await remove(alice, publicGuest.presetID)).json()).toEqual(NOT_YOURS);

    const deleted = await remove(null, guestPreset.presetID);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ presetID: guestPreset.presetID, deleted: true });
    expect(await stored(guestPreset.presetID)).toBeUndefined();
    expect((await remove(null, guestPreset.presetID)).json()).toEqual(NOT_FOUND);
    expect(await ownerCount(GUEST_OWNER)).toEqual({ count: 1, rows: 1 });
  });

  it.each([
    [{ ...DUSK, name: '   ' }, `name: ${LIGHTING_MESSAGES.name}`],
    [{ ...DUSK, name: 'x'.repeat(61) }, `name: ${LIGHTING_MESSAGES.name}`],
    [
      { ...DUSK, settings: { ...DUSK.settings, timeOfDay: 24.5 } },
      `settings.timeOfDay: ${LIGHTING_MESSAGES.timeOfDay}`,
    ],
    [
      { ...DUSK, settings: { ...DUSK.settings, sunIntensity: -1 } },
      `settings.sunIntensity: ${LIGHTING_MESSAGES.sunIntensity}`,
    ],
    [{ ...DUSK, settings: { ...DUSK.settings, ambient: '0.5' } }, `settings.ambient: ${LIGHTING_MESSAGES.ambient}`],
    [
      { ...DUSK, settings: { ...DUSK.settings, fogDensity: 2 } },
      `settings.fogDensity: ${LIGHTING_MESSAGES.fogDensity}`,
    ],
    [{ ...DUSK, settings: { ...DUSK.settings, tint: 'orange' } }, `settings.tint: ${LIGHTING_MESSAGES.tint}`],
    [{ name: 'No flag', settings: DUSK.settings }, `public: ${LIGHTING_MESSAGES.public}`],
  ])('refuses %j with a message saying what is wrong', async (payload, message) => {
    const before = await ownerCount(bob.userId);
    for (const response of [await create(bob, payload), await update(null, 'demogoldenhour', payload)]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorAnswer('invalid-argument', message));
    }
    expect(await ownerCount(bob.userId)).toEqual(before);
  });

  it('refuses a preset id that cannot be one', async () => {
    const response = await remove(alice, 'Not-An-ID');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(`presetID: ${LIGHTING_MESSAGES.presetID}`);
  });

  it(`keeps at most ${LIGHTING_PRESETS_PER_OWNER} presets per owner, also when creates race`, async () => {
    const carol = await signUp(t.app, { email: 'carol-lighting@example.com' });
    for (let index = 0; index < LIGHTING_PRESETS_PER_OWNER - 5; index += 1) {
      await created(carol, { ...DUSK, name: `Preset ${index}` });
    }
    const racing = await Promise.all(
      Array.from({ length: 20 }, (_, index) => create(carol, { ...DUSK, name: `Race ${index}` })),
    );
    const statuses = racing.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    const refused = racing.find((response) => response.statusCode === 429);
    expect(refused?.json()).toEqual(
      errorAnswer('resource-exhausted', presetLimitMessage(carol.userId), { code: 'preset-limit' }),
    );
    expect(await ownerCount(carol.userId)).toEqual({
      count: LIGHTING_PRESETS_PER_OWNER,
      rows: LIGHTING_PRESETS_PER_OWNER,
    });

    // Deleting one makes room for one.
    const first = (await list(carol)).mine[0];
    expect((await remove(carol, first?.presetID ?? '')).statusCode).toBe(200);
    expect((await create(carol)).statusCode).toBe(200);
    expect((await create(carol)).statusCode).toBe(429);
    expect(await ownerCount(carol.userId)).toEqual({
      count: LIGHTING_PRESETS_PER_OWNER,
      rows: LIGHTING_PRESETS_PER_OWNER,
    });
  });

  it('keeps the count equal to the presets when concurrent deletes of one preset race', async () => {
    const preset = await created(bob, { ...DUSK, name: 'Delete me' });
    const before = await ownerCount(bob.userId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => remove(bob, preset.presetID)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 404)).toHaveLength(9);
    expect(await ownerCount(bob.userId)).toEqual({ count: before.count - 1, rows: before.rows - 1 });
  });
});

describe.each(TEST_DIALECTS)('lighting preset writes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { rateLimits: { lightingPresetWrites: { max: 2, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('are limited per visitor address', async () => {
    const create = () => t.app.inject({ method: 'POST', url: '/api/lighting-presets', payload: DUSK });
    expect((await create()).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(200);
    const refused = await create();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect((await t.app.inject({ url: '/api/lighting-presets' })).json().mine).toHaveLength(2);
  });
});
