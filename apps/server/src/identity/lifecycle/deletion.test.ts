import type { AccountDataExport } from '@outpost/contracts/account-lifecycle';
import {
  ACCOUNT_DELETION_MESSAGES,
  ACCOUNT_LOG_ACTIONS,
  DELETION_BLOCKED_CODE,
} from '@outpost/contracts/account-lifecycle-text';
import { ENVIRONMENTS } from '@outpost/contracts/environments';
import { AUTH_MESSAGES } from '@outpost/contracts/identity';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_DATA_PARTS } from '../../domains';
import { credit, getBalance } from '../../ledger/ledger';
import { payWithCredits, placeOrder, readyToShop } from '../../merch/testing';
import type { PersonalDataPart } from '../../platform/personal-data';
import { seedDemoData } from '../../seed';
import type { GameDatabase } from '../../stores';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../../testing/test-stores';
import { setProfileKeys } from '../queries';
import { ORIGIN, type SignedIn, signUp, signUpWithProfile } from '../testing';
import { DELETION_SWEEP_GRACE_MS, deleteAccount, sweepDeletions } from './deletion';

const PASSWORD = 'correct horse battery';

describe.each(TEST_DIALECTS)('account deletion and data download on %s', (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let staff: SignedIn;
  const game = () => t.stores.game.development;
  const setKeys = (userId: string, keys: string[]) => setProfileKeys(t.stores.identity, userId, keys);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, 'development');
    admin = await signUpWithProfile(t.app, setKeys, {
      email: 'boss@example.com',
      displayName: 'Boss',
      keys: ['admin'],
    });
    staff = await signUpWithProfile(t.app, setKeys, {
      email: 'crew@example.com',
      displayName: 'Crew',
      keys: ['staff'],
    });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who ? { authorization: who.bearer } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (response: Promise<LightMyRequestResponse>) => {
    const answered = await response;
    expect(answered.statusCode, `${answered.statusCode} ${answered.body}`).toBe(200);
    return answered;
  };
  const deleteOwn = (who: SignedIn, password = PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/deletion',
      headers: { cookie: who.cookie, origin: ORIGIN },
      payload: { password },
    });
  const signIn = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email, password: PASSWORD },
    });

  /**
   * A player who has used every part of the product that keeps something about players, through
   * the routes players, staff and the game use.
   */
  let busyPlayers = 0;
  async function busyPlayer(name: string): Promise<SignedIn> {
    busyPlayers += 1;
    // Ids the admin types name no player: the checks below look for the player's name.
    const inviteID = `invite-${busyPlayers}`;
    const email = `${name.toLowerCase()}@example.com`;
    const player = await signUpWithProfile(t.app, setKeys, { email, displayName: name });
    await readyToShop(t.app, game(), player, 20_000);
    await ok(call(null, 'POST', '/api/callable/signupForEmails', { data: email }));
    await ok(
      call(player, 'POST', '/api/fn/register-for-email-segment', {
        segmentID: 'launch',
        email,
        userID: player.userId,
      }),
    );
    await ok(call(player, 'GET', '/api/fn/spin-machine?machineID=scrapyard'));
    await ok(call(player, 'POST', '/api/account/redeem-code', { code: 'welcome-to-the-outpost' }));
    await ok(call(player, 'GET', '/api/fn/favourite-episode?videoID=s1e1'));
    await ok(call(player, 'POST', '/api/push/devices', { token: `${name}-phone`, platform: 'ios' }));
    await ok(call(player, 'GET', `/api/fn/claim-avatar?avatarID=neon-medic&userID=${player.userId}`));
    await ok(
      call(player, 'POST', '/api/lighting-presets', {
        name: `${name}'s dusk`,
        public: true,
        settings: { timeOfDay: 19.25, sunIntensity: 0.3, ambient: 0.3, fogDensity: 0.15, tint: '#ff9966' },
      }),
    );
    const paid = await ok(
      placeOrder(t.app, player, {
        lines: [{ productID: 'outpost-hoodie', varietyID: 'm', quantity: 1 }],
        payment: 'credits',
      }),
    );
    await ok(payWithCredits(t.app, player, paid.json().orderID));
    const given = await ok(
      placeOrder(t.app, player, {
        lines: [{ productID: 'outpost-hoodie', varietyID: 's', quantity: 1 }],
        payment: 'credits',
      }),
    );
    await ok(call(player, 'POST', `/api/shop/merch/orders/${given.json().orderID}/cancel`, {}));
    await ok(call(player, 'GET', `/api/fn/subscribe-to-drop?drop=radio-season&email=${encodeURIComponent(email)}`));
    await ok(call(player, 'POST', '/api/shop/merch/contact', { email, name, subject: 'Sizes', message: 'Small?' }));
    await ok(call(player, 'PUT', '/api/account/beta/request', { data: { platform: 'ios', heardFrom: name } }));
    await ok(call(staff, 'POST', `/api/admin/development/beta-requests/${player.userId}/accept`));
    await ok(
      call(player, 'POST', '/api/account/feedback', { category: 'gameplay', sentiment: 'positive', text: 'Pets!' }),
    );
    await ok(call(player, 'POST', '/api/account/reports', { category: 'cheating', target: '@Speedy', text: 'Flies.' }));
    await ok(
      call(admin, 'POST', '/api/callable/development-admin-distributereward', {
        data: { requestID: `thanks-${busyPlayers}`, userIDs: [player.userId], credits: 10, reason: 'Thanks' },
      }),
    );
    await ok(call(admin, 'POST', '/api/admin/development/partner-invites', { inviteID }));
    await ok(call(player, 'POST', `/api/account/partner-invites/${inviteID}/claim`));
    await ok(call(player, 'GET', '/api/account/referral-link'));
    await ok(
      call(admin, 'PUT', `/api/admin/development/users/${player.userId}/keys`, { keys: ['partner', 'moderator'] }),
    );
    await ok(
      call(staff, 'POST', `/api/admin/development/users/${player.userId}/suspension`, {
        reason: 'Cooling off',
        endsAt: null,
      }),
    );
    await ok(
      call(staff, 'POST', `/api/admin/development/users/${player.userId}/suspension/lift`, { note: 'Calm now' }),
    );
    // A password reset leaves its token and its mail behind.
    await ok(
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: ORIGIN },
        payload: { email },
      }),
    );
    const again = await signIn(email);
    return {
      ...player,
      cookie: again.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
      bearer: `Bearer ${again.headers['set-auth-token']}`,
    };
  }

  const dataOptions = () => ({
    identity: t.stores.identity,
    game: t.stores.game,
    parts: PERSONAL_DATA_PARTS,
    logEnvironment: 'development' as const,
  });
  /** The sweep as it runs once a deletion's grace period (and any lease) has passed. */
  const sweepLater = () => sweepDeletions(dataOptions(), new Date(Date.now() + DELETION_SWEEP_GRACE_MS + 6 * 60_000));

  /** Every row of every table of every store that mentions one of `needles`, as `table: row`. */
  async function mentionsOf(needles: readonly string[]): Promise<string[]> {
    const stores = [
      ['identity', t.stores.identity],
      ...ENVIRONMENTS.map((environment) => [environment, t.stores.game[environment]] as const),
    ] as const;
    const found: string[] = [];
    for (const [store, db] of stores) {
      for (const { name: table } of await db.introspection.getTables()) {
        const rows = await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
          .selectFrom(table)
          .selectAll()
          .execute();
        for (const row of rows) {
          const text = JSON.stringify(row).toLowerCase();
          if (needles.some((needle) => text.includes(needle.toLowerCase()))) found.push(`${store}.${table}: ${text}`);
        }
      }
    }
    return found;
  }

  it('deletes an account: every trace of the player goes, what others rely on stays anonymous', async () => {
    const player = await busyPlayer('Zephyrine');
    const signups = async () =>
      Number((await game().selectFrom('email_signup_count').select('total').executeTakeFirstOrThrow()).total);
    const signupsBefore = await signups();
    const ledgerBefore = await game()
      .selectFrom('credit_ledger')
      .select('amount')
      .where('user_id', '=', player.userId)
      .orderBy('id')
      .execute();

    const wrong = await deleteOwn(player, 'not my password at all');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      message: ACCOUNT_DELETION_MESSAGES.wrongPassword,
      details: { field: 'password' },
    });
    expect((await call(player, 'GET', '/api/account/credits')).statusCode).toBe(200);

    const deleted = await deleteOwn(player);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, message: ACCOUNT_DELETION_MESSAGES.deleted });
    // This browser's cookie is cleared; every other session of the player has ended.
    expect(deleted.cookies.find((cookie) => cookie.name.endsWith('session_token'))?.value).toBe('');
    expect((await call(player, 'GET', '/api/account/credits')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: player.cookie } })).json().user).toBeNull();
    const signedIn = await signIn('zephyrine@example.com');
    expect(signedIn.statusCode).toBe(401);
    expect(signedIn.json().error.message).toBe(AUTH_MESSAGES['user-not-found']);

    // Until the sweep after the grace period, only the marker still knows who it was.
    const paidOrder = (row: string) => row.startsWith('development.merch_orders:') && row.includes('"paid_at":"');
    const [pending] = await t.stores.identity.selectFrom('account_deletions').selectAll().execute();
    const anonymousId = pending?.anonymous_id as string;
    expect(anonymousId).toMatch(/^deleted-[a-z0-9]{16}$/);
    expect(pending).toMatchObject({ user_id: player.userId, completed_at: null });
    // Until the sweep, the marker and the changes the live streams were sent (their profile and
    // sessions, their order profile) still name the player.
    expect(
      (await mentionsOf([player.userId, 'zephyrine'])).filter((row) => !paidOrder(row) && !/^\w+\.changes:/.test(row)),
    ).toEqual([expect.stringMatching(/^identity\.account_deletions:/)]);
    // A request the player had under way writes after the first pass: the sweep catches it.
    await credit(game(), { userId: player.userId, amount: 5, reason: 'reward', reference: `late:${player.userId}` });
    await game()
      .insertInto('referral_links')
      .values({
        link_id: `partner_${player.userId}`,
        creator: player.userId,
        referral_id: 'recreatedlinkid',
        type: 'partner',
        reward_id: 'standard-partner-reward',
        created: new Date().toISOString(),
      })
      .execute();
    expect(await sweepDeletions(dataOptions())).toBe(0);
    expect(await sweepLater()).toBe(1);

    // Nothing anywhere names the player, their address or their name, but the paid order (kept as
    // the law asks of sales, with the address it went to).
    expect((await mentionsOf([player.userId, 'zephyrine'])).filter((row) => !paidOrder(row))).toEqual([]);
    const [marker] = await t.stores.identity.selectFrom('account_deletions').selectAll().execute();
    expect(marker).toMatchObject({
      anonymous_id: anonymousId,
      user_id: null,
      email: null,
      display_name: null,
      requested_by: 'player',
      environment: 'development',
    });
    expect(marker?.completed_at).not.toBeNull();
    expect(await sweepLater()).toBe(0);
    // The ledger stays whole under the anonymous id, and its balance with it.
    const ledgerAfter = await game()
      .selectFrom('credit_ledger')
      .select('amount')
      .where('user_id', '=', anonymousId)
      .orderBy('id')
      .execute();
    expect(ledgerAfter).toEqual([...ledgerBefore, { amount: 5 }]);
    expect(await getBalance(game(), anonymousId)).toBe(ledgerBefore.reduce((sum, row) => sum + row.amount, 5));
    const orders = await game().selectFrom('merch_orders').selectAll().where('user_id', '=', anonymousId).execute();
    expect(orders.map((order) => order.status).sort()).toEqual(['cancelled', 'paid']);
    expect(JSON.parse(orders.find((order) => order.status === 'cancelled')?.shipping ?? '{}').address.line1).toBe('');
    expect(JSON.parse(orders.find((order) => order.status === 'paid')?.shipping ?? '{}').address.line1).not.toBe('');
    const reports = await game().selectFrom('reports').select('reporter').where('target', '=', '@Speedy').execute();
    expect(reports).toEqual([{ reporter: anonymousId }]);
    // Counts kept beside their rows still equal them.
    expect(await signups()).toBe(signupsBefore - 1);
    const episode = await game()
      .selectFrom('episodes')
      .select('favourite_count')
      .where('episode_id', '=', 's1e1')
      .executeTakeFirstOrThrow();
    expect(episode.favourite_count).toBe(0);
    const avatar = await game()
      .selectFrom('avatars')
      .select('claimed_count')
      .where('avatar_id', '=', 'neon-medic')
      .executeTakeFirstOrThrow();
    expect(avatar.claimed_count).toBe(0);
    // The admin log of the player's environment records it, naming no one.
    const logged = await game()
      .selectFrom('admin_log')
      .selectAll()
      .where('action', '=', ACCOUNT_LOG_ACTIONS.deleted)
      .execute();
    expect(logged.map((entry) => [entry.admin, JSON.parse(entry.data)])).toEqual([
      [anonymousId, { anonymousID: anonymousId, requestedBy: 'player' }],
    ]);
    // The suspension's entries keep the anonymous id where the player was.
    const suspended = await game()
      .selectFrom('admin_log')
      .select('data')
      .where('action', '=', ACCOUNT_LOG_ACTIONS.suspended)
      .execute();
    expect(suspended.map((entry) => JSON.parse(entry.data))).toContainEqual(
      expect.objectContaining({ userID: anonymousId, displayName: null }),
    );
  });

  it('gives a player all their data as one file, and logs it', async () => {
    const player = await busyPlayer('Quillon');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/data-export',
      headers: { cookie: player.cookie, origin: ORIGIN },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="outpost-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json() as AccountDataExport;
    expect(data.account).toMatchObject({ userID: player.userId, email: 'quillon@example.com', displayName: 'Quillon' });
    expect(data.account.keys.sort()).toEqual(['moderator', 'partner']);
    expect(data.suspensions).toEqual([
      expect.objectContaining({ state: 'lifted', reason: 'Cooling off', endsAt: null, liftedAt: expect.any(String) }),
    ]);
    expect(JSON.stringify(data.suspensions)).not.toContain(staff.userId);
    const development = data.environments.development as Record<string, unknown[] & Record<string, unknown>>;
    expect(development.credits).toMatchObject({ balance: expect.any(Number) });
    expect((development.credits as unknown as { history: unknown[] }).history.length).toBeGreaterThanOrEqual(4);
    expect(development.merchOrders).toHaveLength(2);
    expect(development.invitesShared).toHaveLength(2);
    expect(development.feedback).toEqual([expect.objectContaining({ text: 'Pets!', category: 'gameplay' })]);
    expect(development.reportsFiled).toEqual([expect.objectContaining({ target: '@Speedy' })]);
    expect(development.orderProfile).toMatchObject({ firstName: 'Rae' });
    expect(development.lightingPresets).toEqual([expect.objectContaining({ name: "Quillon's dusk" })]);
    expect(development.favouriteEpisodes).toEqual([expect.objectContaining({ episodeID: 's1e1' })]);
    expect(development.pushDevices).toEqual([expect.objectContaining({ token: 'Quillon-phone', platform: 'ios' })]);
    expect(development.avatarsClaimed).toEqual([expect.objectContaining({ avatarID: 'neon-medic' })]);
    expect(development.referralLink).toMatchObject({ creator: player.userId });
    expect(development.emailSignup).toMatchObject({ email: 'quillon@example.com' });
    expect(development.rewardsReceived).toEqual([expect.objectContaining({ credits: 10, reason: 'Thanks' })]);
    expect(development.codesRedeemed).toEqual([expect.objectContaining({ code: 'welcome-to-the-outpost' })]);
    // The other environments have the same sections, empty for this player.
    expect(Object.keys(data.environments.beta).sort()).toEqual(Object.keys(development).sort());
    const logged = await game()
      .selectFrom('admin_log')
      .selectAll()
      .where('action', '=', ACCOUNT_LOG_ACTIONS.exported)
      .execute();
    expect(logged.map((entry) => [entry.admin, JSON.parse(entry.data)])).toContainEqual([
      player.userId,
      { userID: player.userId, requestedBy: 'player' },
    ]);
  });

  it('refuses a deletion while a merch order waits for payment, changing nothing', async () => {
    const player = await signUpWithProfile(t.app, setKeys, { email: 'waiting@example.com', displayName: 'Waiting' });
    await readyToShop(t.app, game(), player, 10_000);
    const order = await ok(
      placeOrder(t.app, player, {
        lines: [{ productID: 'outpost-hoodie', varietyID: 'l', quantity: 1 }],
        payment: 'credits',
      }),
    );
    const refused = await deleteOwn(player);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      status: 'ABORTED',
      message: ACCOUNT_DELETION_MESSAGES.openMerchOrder(order.json().orderID),
      details: { code: DELETION_BLOCKED_CODE },
      requestId: expect.any(String),
    });
    expect((await call(player, 'GET', '/api/account/orders')).statusCode).toBe(200);
    expect(
      await t.stores.identity
        .selectFrom('account_deletions')
        .selectAll()
        .where('user_id', '=', player.userId)
        .execute(),
    ).toEqual([]);
    // Once it is cancelled, the account can go.
    await ok(call(player, 'POST', `/api/shop/merch/orders/${order.json().orderID}/cancel`, {}));
    expect((await deleteOwn(player)).statusCode).toBe(200);
  });

  it('finishes a deletion cut short, under the same anonymous id, and signs in no one meanwhile', async () => {
    // The deletions of the tests before are finished first: the sweep below is this one's.
    await sweepLater();
    const player = await signUpWithProfile(t.app, setKeys, { email: 'halfway@example.com', displayName: 'Halfway' });
    await credit(game(), { userId: player.userId, amount: 50, reason: 'reward', reference: `grant:${player.userId}` });
    const crash: PersonalDataPart<GameDatabase> = {
      export: async () => ({}),
      erase: async () => {
        throw new Error('the store went away');
      },
    };
    const options = { identity: t.stores.identity, game: t.stores.game, logEnvironment: 'development' as const };
    await expect(
      deleteAccount({ ...options, parts: [...PERSONAL_DATA_PARTS, crash] }, player.userId, { kind: 'player' }),
    ).rejects.toThrow('the store went away');
    // Under way: the account counts as gone, its sessions have ended, and the first store rolled back.
    expect((await signIn('halfway@example.com')).json().error.message).toBe(AUTH_MESSAGES['user-not-found']);
    expect((await call(player, 'GET', '/api/account/credits')).statusCode).toBe(401);
    expect(await getBalance(game(), player.userId)).toBe(50);

    expect(await sweepLater()).toBe(1);
    const marker = await t.stores.identity
      .selectFrom('account_deletions')
      .selectAll()
      .where('requested_at', 'is not', null)
      .orderBy('requested_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(marker.completed_at).not.toBeNull();
    expect(await getBalance(game(), marker.anonymous_id)).toBe(50);
    expect(await mentionsOf([player.userId, 'halfway@example.com'])).toEqual([]);
    expect(await sweepLater()).toBe(0);
  });

  it('leaves no trace of a staff member who suspended players, then deleted their own account', async () => {
    const crew = await signUpWithProfile(t.app, setKeys, {
      email: 'temp-crew@example.com',
      displayName: 'TempCrew',
      keys: ['staff'],
    });
    const target = await signUpWithProfile(t.app, setKeys, { email: 'target@example.com', displayName: 'Target' });
    await ok(
      call(crew, 'POST', `/api/admin/development/users/${target.userId}/suspension`, { reason: 'Spam', endsAt: null }),
    );
    await ok(call(crew, 'POST', `/api/admin/development/users/${target.userId}/suspension/lift`, { note: 'Sorry' }));
    expect((await deleteOwn(crew)).statusCode).toBe(200);
    await sweepLater();
    expect(await mentionsOf([crew.userId, 'temp-crew@example.com', 'tempcrew'])).toEqual([]);
    const history = await t.stores.identity
      .selectFrom('account_suspensions')
      .select(['suspended_by', 'lifted_by'])
      .where('user_id', '=', target.userId)
      .execute();
    expect(history).toEqual([
      { suspended_by: expect.stringMatching(/^deleted-/), lifted_by: expect.stringMatching(/^deleted-/) },
    ]);
  });

  it('lets one of two deletions at once through', async () => {
    const player = await signUp(t.app, { email: 'twice@example.com', password: PASSWORD });
    const answers = await Promise.all([deleteOwn(player), deleteOwn(player), deleteOwn(player)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const status of statuses.filter((code) => code !== 200)) expect([401, 404]).toContain(status);
    expect(
      await t.stores.identity.selectFrom('auth_users').selectAll().where('email', '=', 'twice@example.com').execute(),
    ).toEqual([]);
    const logged = await game()
      .selectFrom('admin_log')
      .select('data')
      .where('action', '=', ACCOUNT_LOG_ACTIONS.deleted)
      .execute();
    expect(new Set(logged.map((entry) => entry.data)).size).toBe(logged.length);
  });

  it('refuses a deletion or a download from another site', async () => {
    const player = await signUp(t.app, { email: 'lured@example.com', password: PASSWORD });
    for (const url of ['/api/account/deletion', '/api/account/data-export']) {
      const forged = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: player.cookie, origin: 'https://evil.example' },
        payload: { password: PASSWORD },
      });
      expect(forged.statusCode).toBe(403);
    }
    expect((await call(player, 'GET', '/api/account/credits')).statusCode).toBe(200);
  });
});
