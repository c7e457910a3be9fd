import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import {
  type Calendar,
  type CalendarEntry,
  type CalendarKind,
  CALENDAR_MESSAGES as SAY,
} from '@outpost/contracts/calendar/schemas';
import type { CreateMerchDropInput } from '@outpost/contracts/merch';
import type { ContainerSpinConfig, CreateDropInput, Drop } from '@outpost/contracts/shop';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedEntries } from '../backoffice/testing';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpWithProfile } from '../identity/testing';
import { putTestProduct } from '../merch/testing';
import { putTestMachine } from '../shop/testing';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';

/*
 * The calendar through its routes on each store: the shop's and merch's dated things read into one
 * window, moved and cancelled through their own domains' functions (their admin-log entries, their
 * refusals), who may do what, and concurrent moves of one drop.
 */

type Env = 'development' | 'beta';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The kinds this file's domains bring; other domains' entries (none in these stores) are left out of its checks. */
const OWN_KINDS: readonly CalendarKind[] = ['machine-drop', 'shop-opening', 'merch-drop'];

const iso = (ms: number) => new Date(ms).toISOString();

describe.each(TEST_DIALECTS)('the calendar on %s', (dialect) => {
  let t: TestApp;
  let staff: SignedIn;
  let moderator: SignedIn;
  let player: SignedIn;
  /** The tests' "now": every thing is placed from it, hours and days away, so the clock's progress does not matter. */
  const now = Date.now();
  let counter = 0;
  const nextId = (prefix: string) => {
    counter += 1;
    return `${prefix}-${counter}`;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const setKeys = (id: string, keys: string[]) => setProfileKeys(t.stores.identity, id, keys);
    const account = (name: string, keys: string[]) =>
      signUpWithProfile(t.app, setKeys, { email: `${name}@example.com`, displayName: name, keys });
    staff = await account('staffer', ['staff']);
    moderator = await account('moddy', ['moderator']);
    player = await account('playa', []);
    for (const env of ['development', 'beta'] as const) {
      await putTestMachine(t.stores.game[env], { machineID: 'neon', prizes: [{ prizeID: 'p', weight: 1, stock: 5 }] });
    }
    await putTestProduct(t.stores.game.development, { productID: 'tee', varieties: [['m', 5]] });
    await putTestProduct(t.stores.game.development, { productID: 'cap', varieties: [['m', 5]] });
    await putTestProduct(t.stores.game.development, { productID: 'scarf', varieties: [['m', 5]] });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  function call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { as?: SignedIn; payload?: object; env?: Env } = {},
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method,
      url: `/api/admin/${options.env ?? 'development'}${path}`,
      headers: { authorization: (options.as ?? staff).bearer },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
  }

  async function ok<Body>(response: Promise<LightMyRequestResponse>): Promise<Body> {
    const answered = await response;
    expect(answered.statusCode, answered.body).toBe(200);
    return answered.json() as Body;
  }

  async function refused(response: Promise<LightMyRequestResponse>, status: number, message: string) {
    const answered = await response;
    expect(answered.statusCode, answered.body).toBe(status);
    expect(answered.json().error.message).toBe(message);
  }

  /** The entries of this file's kinds in [from, to), as `as` reads them. */
  async function read(from: number, to: number, options: { as?: SignedIn; env?: Env } = {}) {
    const query = new URLSearchParams({ from: iso(from), to: iso(to) });
    const calendar = await ok<Calendar>(call('GET', `/calendar?${query}`, options));
    return calendar.entries.filter((entry) => OWN_KINDS.includes(entry.kind));
  }

  const entryOf = (entries: readonly CalendarEntry[], kind: CalendarKind, entryID: string) =>
    entries.find((entry) => entry.kind === kind && entry.entryID === entryID);

  /** A drop of the machine "neon" made on the drops screen, opening `opensIn` from now for `length`. */
  async function makeDrop(opensIn: number, length: number, env: Env = 'development'): Promise<Drop> {
    const input: CreateDropInput = {
      dropID: nextId('drop'),
      machineID: 'neon',
      name: 'Weekend drop',
      opensAt: iso(now + opensIn),
      closesAt: iso(now + opensIn + length),
    };
    return ok<Drop>(call('POST', '/drops', { payload: input, env }));
  }

  async function storedDrop(dropID: string) {
    return t.stores.game.development.selectFrom('drops').selectAll().where('drop_id', '=', dropID).executeTakeFirst();
  }

  const move = (kind: CalendarKind, entryID: string, startsAt: string, as?: SignedIn) =>
    call('POST', `/calendar/${kind}/${encodeURIComponent(entryID)}/move`, {
      payload: { startsAt },
      ...(as ? { as } : {}),
    });
  const cancel = (kind: CalendarKind, entryID: string, as?: SignedIn) =>
    call('POST', `/calendar/${kind}/${encodeURIComponent(entryID)}/cancel`, { payload: {}, ...(as ? { as } : {}) });

  const setOpening = (shopOpens: string | null) =>
    ok<ContainerSpinConfig>(call('PUT', '/config/container-spin', { payload: { shopOpens } }));

  it("reads each kind's things that touch the window, sorted, and none outside it or in another environment", async () => {
    const under = await makeDrop(-HOUR_MS, DAY_MS);
    const soon = await makeDrop(2 * DAY_MS, DAY_MS);
    const later = await makeDrop(40 * DAY_MS, DAY_MS);
    const before = await makeDrop(-10 * DAY_MS, DAY_MS);
    const elsewhere = await makeDrop(3 * DAY_MS, DAY_MS, 'beta');
    await setOpening(iso(now + 5 * DAY_MS));
    const merch: CreateMerchDropInput = {
      dropID: nextId('merch'),
      name: 'Autumn Drop',
      opensAt: iso(now + 4 * DAY_MS),
      products: ['tee', 'cap'],
    };
    await ok(call('POST', '/merch/drops', { payload: merch }));

    const entries = await read(now - DAY_MS, now + 10 * DAY_MS);
    const ids = entries.map((entry) => `${entry.kind}:${entry.entryID}`);
    expect(ids).toEqual(
      expect.arrayContaining([
        `machine-drop:${under.dropID}`,
        `machine-drop:${soon.dropID}`,
        `merch-drop:${merch.dropID}`,
        'shop-opening:container-spin',
      ]),
    );
    for (const gone of [later, before, elsewhere]) expect(ids).not.toContain(`machine-drop:${gone.dropID}`);
    const starts = entries.map((entry) => Date.parse(entry.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    expect(entryOf(entries, 'machine-drop', soon.dropID)).toEqual({
      kind: 'machine-drop',
      entryID: soon.dropID,
      title: 'Weekend drop — Machine neon',
      detail: 'Machine neon spins while it is open',
      startsAt: soon.opensAt,
      endsAt: soon.closesAt,
      state: 'scheduled',
      href: ADMIN_ROUTES.adminShopDrops,
      canMove: true,
      canCancel: true,
    });
    expect(entryOf(entries, 'machine-drop', under.dropID)).toMatchObject({
      state: 'under-way',
      canMove: false,
      canCancel: false,
    });
    expect(entryOf(entries, 'merch-drop', merch.dropID)).toMatchObject({
      title: 'Autumn Drop',
      detail: '2 products',
      startsAt: merch.opensAt,
      endsAt: null,
      state: 'scheduled',
      href: ADMIN_ROUTES.adminMerchDrops,
      canMove: true,
    });
    expect(entryOf(entries, 'shop-opening', 'container-spin')).toMatchObject({
      startsAt: iso(now + 5 * DAY_MS),
      endsAt: null,
      href: ADMIN_ROUTES.adminShopSettings,
      canCancel: true,
    });

    // The window's edges: a window ending at `from` touches it, one starting at `to` does not.
    const atEnd = await read(Date.parse(soon.closesAt), Date.parse(soon.closesAt) + DAY_MS);
    expect(entryOf(atEnd, 'machine-drop', soon.dropID)).toBeDefined();
    const atStart = await read(Date.parse(soon.opensAt) - DAY_MS, Date.parse(soon.opensAt));
    expect(entryOf(atStart, 'machine-drop', soon.dropID)).toBeUndefined();
    const beta = await read(now, now + 10 * DAY_MS, { env: 'beta' });
    expect(entryOf(beta, 'machine-drop', elsewhere.dropID)).toMatchObject({ state: 'scheduled' });
  });

  it('refuses a window too long, backwards or not made of dates, in words', async () => {
    const get = (query: Record<string, string>) => call('GET', `/calendar?${new URLSearchParams(query)}`);
    await refused(get({ from: iso(now), to: iso(now + 46 * DAY_MS) }), 400, SAY.window);
    await refused(get({ from: iso(now), to: iso(now - DAY_MS) }), 400, SAY.window);
    await refused(get({ from: iso(now), to: iso(now) }), 400, SAY.window);
    await refused(get({ from: 'yesterday', to: iso(now) }), 400, `from: ${SAY.from}`);
    await refused(get({ from: iso(now) }), 400, `to: ${SAY.to}`);
    await ok(get({ from: iso(now), to: iso(now + 45 * DAY_MS) }));
    const unknown = await call('POST', '/calendar/birthday/x/move', { payload: { startsAt: iso(now + DAY_MS) } });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().error.message).toBe(`kind: ${SAY.unknownKind}`);
  });

  it("moves a machine drop by its start, keeping its length, with the shop's own admin-log entry", async () => {
    const drop = await makeDrop(2 * DAY_MS, 6 * HOUR_MS);
    const startsAt = iso(now + 3 * DAY_MS + 30 * 60_000);
    expect(await ok(move('machine-drop', drop.dropID, startsAt))).toEqual({
      kind: 'machine-drop',
      entryID: drop.dropID,
      startsAt,
    });
    const closesAt = iso(Date.parse(startsAt) + 6 * HOUR_MS);
    expect(await storedDrop(drop.dropID)).toMatchObject({
      opens_at: startsAt,
      closes_at: closesAt,
      machine_id: 'neon',
    });
    const [entry] = await loggedEntries(t.stores.game.development, 'drop.update');
    expect(entry).toEqual({
      admin: staff.userId,
      data: {
        dropID: drop.dropID,
        machineID: 'neon',
        name: 'Weekend drop',
        opensAt: startsAt,
        closesAt,
        previous: { machineID: 'neon', name: 'Weekend drop', opensAt: drop.opensAt, closesAt: drop.closesAt },
      },
    });
    const entries = await read(now, now + 10 * DAY_MS);
    expect(entryOf(entries, 'machine-drop', drop.dropID)).toMatchObject({ startsAt, endsAt: closesAt });
    // Another time zone's spelling of an instant is the same instant.
    const zoned = await ok<{ startsAt: string }>(move('machine-drop', drop.dropID, '2099-06-01T12:00:00+02:00'));
    expect(zoned.startsAt).toBe('2099-06-01T10:00:00.000Z');
  });

  it('refuses a move into the past, a start that is no date and a close the shop cannot take, changing nothing', async () => {
    const drop = await makeDrop(2 * DAY_MS, DAY_MS);
    const logged = (await loggedEntries(t.stores.game.development, 'drop.update')).length;
    await refused(move('machine-drop', drop.dropID, iso(now - HOUR_MS)), 400, SAY.past);
    await refused(move('machine-drop', drop.dropID, 'next tuesday'), 400, `startsAt: ${SAY.startsAt}`);
    // The shop's own words: a drop closing after the year 9999 is no date its contract takes.
    await refused(
      move('machine-drop', drop.dropID, '9999-12-31T12:00:00Z'),
      400,
      'closesAt: Closes at must be a date and time.',
    );
    await refused(
      move('machine-drop', 'no-such-drop', iso(now + DAY_MS)),
      404,
      'There is no drop with the ID "no-such-drop" in development.',
    );
    expect(await storedDrop(drop.dropID)).toMatchObject({ opens_at: drop.opensAt, closes_at: drop.closesAt });
    expect(await loggedEntries(t.stores.game.development, 'drop.update')).toHaveLength(logged);
  });

  it("cancels a machine drop as the drops screen deletes it, with the shop's entry", async () => {
    const drop = await makeDrop(2 * DAY_MS, DAY_MS);
    expect(await ok(cancel('machine-drop', drop.dropID))).toEqual({ kind: 'machine-drop', entryID: drop.dropID });
    expect(await storedDrop(drop.dropID)).toBeUndefined();
    const [entry] = await loggedEntries(t.stores.game.development, 'drop.delete');
    expect(entry).toEqual({ admin: staff.userId, data: { ...drop } });
    await refused(
      cancel('machine-drop', drop.dropID),
      404,
      `There is no drop with the ID "${drop.dropID}" in development.`,
    );
  });

  it('neither moves nor cancels a drop that has started', async () => {
    const drop = await makeDrop(-HOUR_MS, DAY_MS);
    await refused(move('machine-drop', drop.dropID, iso(now + DAY_MS)), 409, SAY.cannotMove);
    await refused(cancel('machine-drop', drop.dropID), 409, SAY.cannotCancel);
    expect(await storedDrop(drop.dropID)).toMatchObject({ opens_at: drop.opensAt, closes_at: drop.closesAt });
    const entries = await read(now - DAY_MS, now + DAY_MS);
    expect(entryOf(entries, 'machine-drop', drop.dropID)).toMatchObject({ canMove: false, canCancel: false });
  });

  it('lets a moderator read the calendar but change nothing on it; a player is not let in', async () => {
    const drop = await makeDrop(2 * DAY_MS, DAY_MS);
    const entries = await read(now - DAY_MS, now + 10 * DAY_MS, { as: moderator });
    expect(entryOf(entries, 'machine-drop', drop.dropID)).toMatchObject({ state: 'scheduled' });
    expect(entries.every((entry) => !entry.canMove && !entry.canCancel)).toBe(true);
    await refused(
      move('machine-drop', drop.dropID, iso(now + 3 * DAY_MS), moderator),
      403,
      SAY.notAllowed('machine-drop'),
    );
    expect(SAY.notAllowed('machine-drop')).toBe('Your account may see machine drops but not change them.');
    await refused(cancel('machine-drop', drop.dropID, moderator), 403, SAY.notAllowed('machine-drop'));
    const query = new URLSearchParams({ from: iso(now), to: iso(now + DAY_MS) });
    expect((await call('GET', `/calendar?${query}`, { as: player })).statusCode).toBe(403);
    expect(await storedDrop(drop.dropID)).toMatchObject({ opens_at: drop.opensAt });
  });

  it("moves and clears the shop's opening as the shop settings screen saves it", async () => {
    const opens = iso(now + 5 * DAY_MS);
    await setOpening(opens);
    const moved = iso(now + 6 * DAY_MS);
    await ok(move('shop-opening', 'container-spin', moved));
    expect(await ok<ContainerSpinConfig>(call('GET', '/config/container-spin'))).toEqual({ shopOpens: moved });
    const [entry] = await loggedEntries(t.stores.game.development, 'config.update');
    expect(entry).toEqual({
      admin: staff.userId,
      data: { configID: 'container-spin', shopOpens: moved, previous: { shopOpens: opens } },
    });
    await refused(move('shop-opening', 'another-opening', moved), 404, SAY.notFound);

    await ok(cancel('shop-opening', 'container-spin'));
    expect(await ok<ContainerSpinConfig>(call('GET', '/config/container-spin'))).toEqual({ shopOpens: null });
    const [cleared] = await loggedEntries(t.stores.game.development, 'config.update');
    expect(cleared?.data).toEqual({ configID: 'container-spin', shopOpens: null, previous: { shopOpens: moved } });
    const entries = await read(now, now + 10 * DAY_MS);
    expect(entryOf(entries, 'shop-opening', 'container-spin')).toBeUndefined();
    await refused(move('shop-opening', 'container-spin', moved), 404, SAY.notFound);

    // An opening that has come is done: the shop is open, and the calendar does not take it back.
    await setOpening(iso(now - HOUR_MS));
    expect(entryOf(await read(now - DAY_MS, now + DAY_MS), 'shop-opening', 'container-spin')).toMatchObject({
      state: 'done',
      canMove: false,
    });
    await refused(cancel('shop-opening', 'container-spin'), 409, SAY.cannotCancel);
    await setOpening(null);
  });

  it("moves and cancels a merch drop through merch's own edit and delete", async () => {
    const input: CreateMerchDropInput = {
      dropID: nextId('merch'),
      name: 'Winter Drop',
      opensAt: iso(now + 7 * DAY_MS),
      // A product is in one drop at most: the first test's drop holds the others.
      products: ['scarf'],
    };
    await ok(call('POST', '/merch/drops', { payload: input }));
    const moved = iso(now + 8 * DAY_MS);
    await ok(move('merch-drop', input.dropID, moved));
    const stored = await t.stores.game.development
      .selectFrom('merch_drops')
      .selectAll()
      .where('drop_id', '=', input.dropID)
      .executeTakeFirstOrThrow();
    expect(stored.opens_at).toBe(moved);
    const [edit] = await loggedEntries(t.stores.game.development, 'merchDrop.update');
    expect(edit).toEqual({
      admin: staff.userId,
      data: {
        dropID: input.dropID,
        name: 'Winter Drop',
        opensAt: moved,
        products: ['scarf'],
        previous: { name: 'Winter Drop', opensAt: input.opensAt, products: ['scarf'] },
      },
    });
    expect(entryOf(await read(now, now + 10 * DAY_MS), 'merch-drop', input.dropID)).toMatchObject({
      startsAt: moved,
      detail: '1 product',
    });

    await ok(cancel('merch-drop', input.dropID));
    const [deleted] = await loggedEntries(t.stores.game.development, 'merchDrop.delete');
    expect(deleted).toEqual({ admin: staff.userId, data: { dropID: input.dropID, name: 'Winter Drop' } });
    expect(entryOf(await read(now, now + 10 * DAY_MS), 'merch-drop', input.dropID)).toBeUndefined();
    await refused(cancel('merch-drop', input.dropID), 404, `There is no merch drop with the ID "${input.dropID}".`);
  });

  it('leaves a drop whole when many moves of it run at once: every window keeps its length', async () => {
    const length = 6 * HOUR_MS;
    const drop = await makeDrop(2 * DAY_MS, length);
    const starts = Array.from({ length: 8 }, (_, index) => iso(now + 3 * DAY_MS + index * HOUR_MS));
    const answers = await Promise.all(starts.map((startsAt) => move('machine-drop', drop.dropID, startsAt)));
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    const moved = answers.filter((answer) => answer.statusCode === 200);
    expect(moved.length).toBeGreaterThan(0);

    const stored = await storedDrop(drop.dropID);
    expect(starts).toContain(stored?.opens_at);
    expect(Date.parse(stored?.closes_at ?? '') - Date.parse(stored?.opens_at ?? '')).toBe(length);
    const entries = (await loggedEntries(t.stores.game.development, 'drop.update')).filter(
      (entry) => entry.data.dropID === drop.dropID,
    );
    expect(entries).toHaveLength(moved.length);
    for (const { data } of entries) {
      const previous = data.previous as { opensAt: string; closesAt: string };
      expect(Date.parse(data.closesAt as string) - Date.parse(data.opensAt as string)).toBe(length);
      expect(Date.parse(previous.closesAt) - Date.parse(previous.opensAt)).toBe(length);
    }

    // A move and a cancel at once: the drop is gone or moved whole, never half of either.
    const other = await makeDrop(2 * DAY_MS, length);
    const [moving, cancelling] = await Promise.all([
      move('machine-drop', other.dropID, iso(now + 4 * DAY_MS)),
      cancel('machine-drop', other.dropID),
    ]);
    expect([200, 404]).toContain(moving.statusCode);
    expect(cancelling.statusCode, cancelling.body).toBe(200);
    const left = await storedDrop(other.dropID);
    expect(left).toBeUndefined();
    // A move that came second found no drop to change: it answers 404 and leaves no entry of a change never made.
    const updates = (await loggedEntries(t.stores.game.development, 'drop.update')).filter(
      (entry) => entry.data.dropID === other.dropID,
    );
    expect(updates).toHaveLength(moving.statusCode === 200 ? 1 : 0);
  });
});
