import { LIVE_TOPIC_NAMES, LIVE_TOPICS, type LiveTopicName } from '@outpost/contracts/live-topics';
import { can, PROFILE_KEYS } from '@outpost/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppStores } from './database';
import { setProfileKeys } from './identity/queries';
import { ORIGIN, type SignedIn, signUpWithProfile } from './identity/testing';
import { seedDemoData } from './seed';
import { openSse, type SseEvent, type SseStream } from './testing/sse-client';
import { buildTestApp, buildUnreadyTestApp, TEST_DIALECTS, type TestApp } from './testing/test-stores';

const ROLES = {
  player: [],
  partner: ['partner'],
  moderator: ['moderator'],
  staff: ['staff'],
  admin: ['admin'],
} as const satisfies Record<string, readonly string[]>;
type Role = keyof typeof ROLES;

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

describe.each(TEST_DIALECTS)('live listeners on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  const callers = {} as Record<Role, SignedIn>;
  const streams: SseStream[] = [];
  const game = () => t.stores.game.development;
  const setKeys = (userId: string, keys: string[]) => setProfileKeys(t.stores.identity, userId, keys);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, 'development');
    for (const [role, keys] of Object.entries(ROLES) as [Role, readonly string[]][]) {
      callers[role] = await signUpWithProfile(t.app, setKeys, {
        email: `${role}@example.com`,
        displayName: `${role}-live`,
        keys: [...keys],
      });
    }
    base = await listen(t.app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.cleanup();
  });

  async function follow(topics: string, options: { as?: SignedIn; env?: string; lastEventId?: string } = {}) {
    const query = new URLSearchParams({ topics });
    if (options.env) query.set('env', options.env);
    const stream = await openSse(`${base}/api/live?${query}`, {
      ...(options.as ? { authorization: options.as.bearer } : {}),
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    });
    streams.push(stream);
    if (stream.status === 200) await stream.next((event) => event.event === 'ready');
    return stream;
  }
  const changed = (topic: string, key: string) => (event: { event: string; data: unknown }) =>
    event.event === topic && (event.data as { key: string }).key === key;

  it('sends players, the data-layer admin view and the back office each the record as their read route answers it', async () => {
    const visitor = await follow('machines');
    const staffShop = await follow('machines', { as: callers.staff });
    const backOffice = await follow('machines', { as: callers.moderator, env: 'development' });
    await game()
      .updateTable('machines')
      .set({ name: 'Scrapyard Deluxe' })
      .where('machine_id', '=', 'scrapyard')
      .execute();
    const seen = await visitor.next(changed('machines', 'scrapyard'));
    expect(seen.data).toMatchObject({
      key: 'scrapyard',
      record: { machineID: 'scrapyard', name: 'Scrapyard Deluxe', available: true },
    });
    expect(seen.id).toMatch(/^\d+\.\d+$/);
    // The back office gets its admin record (with the version its edit screen saves against).
    expect((await backOffice.next(changed('machines', 'scrapyard'))).data).toMatchObject({
      record: { machineID: 'scrapyard', version: expect.any(Number) },
    });
    await staffShop.next(changed('machines', 'scrapyard'));

    // Turned unavailable: players see it go; the data-layer admin view keeps it, marked.
    await game().updateTable('machines').set({ available: 0 }).where('machine_id', '=', 'scrapyard').execute();
    expect((await visitor.next(changed('machines', 'scrapyard'))).data).toEqual({ key: 'scrapyard', record: null });
    expect((await staffShop.next(changed('machines', 'scrapyard'))).data).toMatchObject({
      record: { machineID: 'scrapyard', available: false },
    });
    // A change of an unavailable machine tells players nothing more than that it is not theirs to see.
    await game().updateTable('machines').set({ description: 'Secret' }).where('machine_id', '=', 'scrapyard').execute();
    expect((await visitor.next(changed('machines', 'scrapyard'))).data).toEqual({ key: 'scrapyard', record: null });
    await game()
      .updateTable('machines')
      .set({ available: 1, name: 'Scrapyard Capsules' })
      .where('machine_id', '=', 'scrapyard')
      .execute();
  });

  /** Who may follow what: visitors nothing private, the back office the admin area, a capability's topic its holders in the back office. */
  function expectedStatus(topic: LiveTopicName, role: Role | 'visitor', backOffice: boolean): number {
    const { access } = LIVE_TOPICS[topic];
    if (role === 'visitor' && (access === 'owner' || backOffice)) return 401;
    const keys: readonly string[] = role === 'visitor' ? [] : ROLES[role];
    // The back office is the admin area's: a partner or a player holds none of it.
    if (backOffice && !can(keys, 'adminArea')) return 403;
    if (access === 'public' || access === 'owner') return 200;
    if (!backOffice) return 400;
    return can(keys, access) ? 200 : 403;
  }

  describe('every topic × every role', () => {
    it('has a role for every profile key', () => {
      expect(Object.values(ROLES).flat().sort()).toEqual([...PROFILE_KEYS].sort());
    });

    const cases = LIVE_TOPIC_NAMES.flatMap((topic) =>
      (['visitor', ...Object.keys(ROLES)] as (Role | 'visitor')[]).flatMap((role) =>
        [false, true].map((backOffice) => [topic, role, backOffice] as const),
      ),
    );
    it.each(cases)('%s as %s (back office: %s)', async (topic, role, backOffice) => {
      const as = role === 'visitor' ? undefined : callers[role];
      const stream = await follow(topic, { ...(as ? { as } : {}), ...(backOffice ? { env: 'development' } : {}) });
      expect(stream.status, JSON.stringify(stream.body)).toBe(expectedStatus(topic, role, backOffice));
      stream.close();
    });
  });

  it('sends an owner’s topics to the owner only', async () => {
    const alice = await signUpWithProfile(t.app, setKeys, { email: 'alice@example.com', displayName: 'Alice' });
    const bob = await signUpWithProfile(t.app, setKeys, { email: 'bob@example.com', displayName: 'Bob' });
    const aliceStream = await follow('profile,order-profile', { as: alice });
    const bobStream = await follow('profile,order-profile', { as: bob });
    await setKeys(bob.userId, ['partner']);
    const profile = {
      email: 'bob@example.com',
      phone: '555 010 2030',
      countryCode: '+1',
      firstName: 'Bob',
      lastName: 'Builder',
      cut: 'unisex',
      shippingAddress: { line1: '1 Yard', line2: '', city: 'Portland', state: 'OR', zipcode: '97201', country: 'US' },
      sizes: { shirtSize: 'M', hoodieSize: 'L', pantSize: '32', shoeSize: '10' },
    };
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/fn/set-order-profile',
      headers: { authorization: bob.bearer },
      payload: profile,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await bobStream.next(changed('order-profile', bob.userId))).data).toMatchObject({
      record: { profile: { firstName: 'Bob' } },
    });
    // The two writes may reach the feed in one read, each key sent at its latest change: in
    // either order.
    await expect
      .poll(() => bobStream.events.filter(changed('profile', bob.userId)).at(-1)?.data)
      .toMatchObject({ record: { displayName: 'Bob', keys: ['partner'] } });
    // Alice may still get her own sign-up's change (the feed reads at most every 100 ms, so it can
    // arrive after her stream opened); nothing of anyone else's may reach her.
    await aliceStream.collect(300);
    const herSignUp = (event: SseEvent) => {
      const data = event.data as { key?: string; record?: { displayName?: string } } | null;
      return event.event === 'profile' && data?.key === alice.userId && data.record?.displayName === 'Alice';
    };
    expect(aliceStream.ended).toBe(false);
    expect(aliceStream.events.filter((event) => event.event !== 'ready' && !herSignUp(event))).toEqual([]);
  });

  it('resumes a reconnecting stream from its Last-Event-ID, and tells one too far behind to refetch', async () => {
    const first = await follow('credit-packs', { as: callers.player });
    const at = new Date().toISOString();
    await game()
      .insertInto('credit_packs')
      .values({
        pack_id: 'live-1',
        name: 'Live 1',
        credits: 10,
        cost_usd: 99,
        available: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const last = await first.next(changed('credit-packs', 'live-1'));
    first.close();
    // Another tab stays: once it has heard the last change, the feed has handed on all that was missed.
    const staying = await follow('credit-packs', { as: callers.player });
    // Missed while away: a new pack, and a pack turned unavailable.
    await game()
      .insertInto('credit_packs')
      .values({
        pack_id: 'live-2',
        name: 'Live 2',
        credits: 20,
        cost_usd: 199,
        available: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await game().updateTable('credit_packs').set({ available: 0 }).where('pack_id', '=', 'live-1').execute();
    await staying.next(
      (event) => changed('credit-packs', 'live-1')(event) && (event.data as { record: unknown }).record === null,
    );
    const resumed = await follow('credit-packs', { as: callers.player, lastEventId: last.id as string });
    // Each key once, at its latest, in the order of those latest changes.
    // (Changes of earlier tests may still be on their way to the feed: only this test's keys count.)
    const mine = resumed.events.filter((event) =>
      ['live-1', 'live-2', undefined].includes((event.data as { key?: string }).key),
    );
    expect(mine.slice(0, 3).map((event) => [event.event, (event.data as { key?: string }).key])).toEqual([
      ['credit-packs', 'live-2'],
      ['credit-packs', 'live-1'],
      ['ready', undefined],
    ]);
    expect(mine[1]?.data).toEqual({ key: 'live-1', record: null });
    // A cursor from before what the feed still keeps: nothing to replay, refetch everything.
    await game().deleteFrom('changes').execute();
    const behind = await openSse(`${base}/api/live?topics=credit-packs`, { 'last-event-id': '1.0' });
    streams.push(behind);
    expect((await behind.next()).event).toBe('reset');
    await game().deleteFrom('credit_packs').where('pack_id', 'in', ['live-1', 'live-2']).execute();
  });

  it('sends nothing of a transaction that rolled back', async () => {
    const stream = await follow('credit-packs');
    const at = new Date().toISOString();
    await expect(
      game()
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('credit_packs')
            .values({
              pack_id: 'never',
              name: 'Never',
              credits: 1,
              cost_usd: 1,
              available: 1,
              created_at: at,
              updated_at: at,
            })
            .execute();
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');
    expect((await stream.collect(300)).filter(changed('credit-packs', 'never'))).toEqual([]);
  });

  it('refuses unknown topics and empty lists with a clear message', async () => {
    const unknown = await follow('machines,weather');
    expect(unknown.status).toBe(400);
    expect((unknown.body as { error: { message: string } }).error.message).toMatch(/^"weather" is not a live topic/);
    expect((await follow(',')).status).toBe(400);
  });

  it('ends a session on every request of this instance the moment its row goes, whoever deletes it', async () => {
    const player = await signUpWithProfile(t.app, setKeys, { email: 'gone@example.com', displayName: 'Gone' });
    const call = () => t.app.inject({ url: '/api/account/credits', headers: { authorization: player.bearer } });
    expect((await call()).statusCode).toBe(200);
    // Not through the sign-out route (which forgets it itself): as another instance, or the auth
    // library's own revocation, would.
    await t.stores.identity.deleteFrom('auth_sessions').where('user_id', '=', player.userId).execute();
    await expect.poll(async () => (await call()).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);
  });

  it.runIf(dialect === 'postgres')('brings a change made on another instance through PostgreSQL', async () => {
    const secondStores: AppStores = await t.reopen();
    const second = await buildUnreadyTestApp({ ...t, stores: secondStores });
    try {
      await second.ready();
      const secondBase = await listen(second);
      const stream = await openSse(`${secondBase}/api/live?topics=episodes`);
      streams.push(stream);
      await stream.next((event) => event.event === 'ready');
      const startedAt = Date.now();
      // Written through the first instance.
      await game().updateTable('episodes').set({ title: 'Retitled' }).where('episode_id', '=', 's1e1').execute();
      expect((await stream.next(changed('episodes', 's1e1'))).data).toMatchObject({
        record: { kind: 'episode', episode: { episodeID: 's1e1', title: 'Retitled' } },
      });
      expect(Date.now() - startedAt).toBeLessThan(1_000);

      // A sign-out on the first instance ends the session the second holds in its cache.
      const player = await signUpWithProfile(t.app, setKeys, { email: 'both@example.com', displayName: 'Both' });
      const onSecond = () => second.inject({ url: '/api/account/credits', headers: { authorization: player.bearer } });
      expect((await onSecond()).statusCode).toBe(200);
      const signOut = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { authorization: player.bearer, origin: ORIGIN },
      });
      expect(signOut.statusCode).toBe(200);
      await expect.poll(async () => (await onSecond()).statusCode, { timeout: 1_000, interval: 20 }).toBe(401);
    } finally {
      await second.close();
      await secondStores.close();
    }
  });
});
