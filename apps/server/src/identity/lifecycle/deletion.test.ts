import type { AccountDataExport } from '@outpost/contracts/account-lifecycle';
import {
  ACCOUNT_DELETION_MESSAGES,
  ACCOUNT_LOG_ACTIONS,
  DELETION_BLOCKED_CODE,
} from '@outpost/contracts/account-lifecycle-text';
import { ENVIRONMENTS } from '@outpost/contracts/environments';
import { AUTH_MESSAGES, GUEST_USER_ID } from '@outpost/contracts/identity';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDatabase } from '../../database';
import { PERSONAL_DATA_PARTS } from '../../domains';
import { credit, getBalance } from '../../ledger/ledger';
import { insertMerchContact } from '../../merch/admin-queries';
import { notifyOpenedDrops } from '../../merch/drops';
import { payWithCredits, placeOrder, readyToShop, setOrderProfile, validOrderProfile } from '../../merch/testing';
import { JobRunner } from '../../platform/jobs/runner';
import { createMailer } from '../../platform/mail/mailer';
import type { PersonalDataPart } from '../../platform/personal-data';
import { seedDemoData } from '../../seed';
import { insertSegmentRegistration } from '../../site/queries';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../../testing/test-stores';
import { DEFAULT_AUTH_RATE_LIMITS } from '../index';
import { setProfileKeys } from '../queries';
import { deleteOwnAccount, ORIGIN, type SignedIn, signUp, signUpWithProfile, TEST_PASSWORD } from '../testing';
import {
  type AccountDataOptions,
  DELETION_LEASE_MS,
  DELETION_SWEEP_GRACE_MS,
  DeletionLeasedError,
  deleteAccount,
  deletionJobs,
  finishDeletion,
  sweepDeletions,
} from './deletion';

const quiet = { info: () => undefined, error: () => undefined };

describe.each(TEST_DIALECTS)('account deletion and data download on %s', (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let staff: SignedIn;
  const game = () => t.stores.game.development;
  const setKeys = (userId: string, keys: string[]) => setProfileKeys(t.stores.identity, userId, keys);

  beforeAll(async () => {
    // The players here are many, all from one address: the limits per address they reach are lifted.
    const many = { windowSeconds: 3600, max: 1_000 };
    // The tests run the deletions' jobs themselves (runJobsAt); the app's own runner, polling meanwhile, would take some of them.
    t = await buildTestApp(dialect, {
      rateLimits: {
        auth: { ...DEFAULT_AUTH_RATE_LIMITS, signUp: many, passwordReset: many },
        merchContact: { max: 1_000, windowMs: 600_000 },
      },
      jobPollMs: 60 * 60_000,
    });
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
  const deleteOwn = (who: SignedIn, password = TEST_PASSWORD) => deleteOwnAccount(t.app, who, password);
  const requestPasswordReset = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email },
    });
  const signIn = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email, password: TEST_PASSWORD },
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
    await ok(requestPasswordReset(email));
    const again = await signIn(email);
    return {
      ...player,
      cookie: again.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
      bearer: `Bearer ${again.headers['set-auth-token']}`,
    };
  }

  /** The deletion's options as the app has them, on a clock that reads `at` when given. */
  const dataOptions = (at?: Date): AccountDataOptions => ({
    identity: t.stores.identity,
    game: t.stores.game,
    parts: PERSONAL_DATA_PARTS,
    logEnvironment: 'development',
    ...(at ? { now: () => at } : {}),
  });
  /** The sweep as it runs once a deletion's grace period has passed. */
  const sweepLater = () => sweepDeletions(dataOptions(new Date(Date.now() + DELETION_SWEEP_GRACE_MS)));
  /** What the app's job runner does with the deletions' jobs when it polls at `at`; answers how many runs it ran. */
  const runJobsAt = (at: Date, parts = PERSONAL_DATA_PARTS) =>
    new JobRunner({
      db: t.stores.identity,
      definitions: deletionJobs({ ...dataOptions(at), parts }, quiet),
      log: quiet,
      now: () => at,
    }).runDue();
  const markerOf = (anonymousId: string) =>
    t.stores.identity
      .selectFrom('account_deletions')
      .selectAll()
      .where('anonymous_id', '=', anonymousId)
      .executeTakeFirstOrThrow();
  const cleanUpRunOf = (anonymousId: string) =>
    t.stores.identity
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', 'accounts.finish-deletion')
      .where('key', '=', anonymousId)
      .orderBy('id')
      .execute();
  /** Deletes the player's account from /account; answers its marker as the deletion left it. */
  async function deletedThroughAccount(player: SignedIn) {
    const deleted = await deleteOwn(player);
    expect(deleted.statusCode, deleted.body).toBe(200);
    return t.stores.identity
      .selectFrom('account_deletions')
      .selectAll()
      .where('user_id', '=', player.userId)
      .executeTakeFirstOrThrow();
  }

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
      message: ACCOUNT_DELETION_MESSAGES.openMerchOrder(`#${order.json().orderNumber}`),
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

    // Its clean-up, due two minutes after, finishes it.
    const cutShort = await t.stores.identity
      .selectFrom('account_deletions')
      .selectAll()
      .where('user_id', '=', player.userId)
      .executeTakeFirstOrThrow();
    await runJobsAt(new Date(Date.parse(cutShort.requested_at) + DELETION_SWEEP_GRACE_MS));
    const marker = await markerOf(cutShort.anonymous_id);
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
    const player = await signUp(t.app, { email: 'twice@example.com', password: TEST_PASSWORD });
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

  it('leaves a new account with the same address whole when the old one is cleaned up, two minutes after its deletion', async () => {
    const email = 'phoenixa@example.com';
    const mailer = createMailer({
      identity: t.stores.identity,
      from: 'Outpost <no-reply@outpost.test>',
      logger: quiet,
    });
    /** Every feature that keeps an address or a name, used by `player` and, signed out, by anyone. */
    async function useEverything(player: SignedIn, word: string) {
      await ok(call(null, 'POST', '/api/callable/signupForEmails', { data: email }));
      await ok(
        call(null, 'POST', '/api/fn/register-for-email-segment', {
          segmentID: `${word}-news`,
          email,
          userID: GUEST_USER_ID,
        }),
      );
      await ok(
        call(player, 'POST', '/api/fn/register-for-email-segment', {
          segmentID: 'launch',
          email,
          userID: player.userId,
        }),
      );
      await ok(call(player, 'GET', `/api/fn/subscribe-to-drop?drop=radio-season&email=${encodeURIComponent(email)}`));
      const contact = { email, name: 'Phoenixa', subject: word };
      await ok(call(null, 'POST', '/api/shop/merch/contact', { ...contact, message: `${word}, signed out` }));
      await ok(call(player, 'POST', '/api/shop/merch/contact', { ...contact, message: `${word}, signed in` }));
      await ok(setOrderProfile(t.app, player, validOrderProfile({ email })));
      await ok(call(player, 'PUT', '/api/account/beta/request', { data: { platform: 'ios', heardFrom: word } }));
      await ok(requestPasswordReset(email));
      await mailer.send({ to: email, subject: `${word}: to the address, for no account`, text: 'Hello.' });
      await ok(call(admin, 'PUT', `/api/admin/development/users/${player.userId}/keys`, { keys: ['moderator'] }));
      await ok(call(staff, 'POST', '/api/account/reports', { category: 'cheating', target: '@Phoenixa', text: word }));
    }

    const old = await signUpWithProfile(t.app, setKeys, { email, displayName: 'Phoenixa' });
    await useEverything(old, 'Before');
    const marker = await deletedThroughAccount(old);
    const deletedAt = Date.parse(marker.requested_at);

    // At once, the address and the name are another account's, which uses everything again.
    const again = await signUpWithProfile(t.app, setKeys, { email, displayName: 'Phoenixa' });
    await useEverything(again, 'After');
    await readyToShop(t.app, game(), again, 20_000);
    await ok(setOrderProfile(t.app, again, validOrderProfile({ email })));
    const order = await ok(
      placeOrder(t.app, again, {
        lines: [{ productID: 'outpost-hoodie', varietyID: 'm', quantity: 1 }],
        payment: 'credits',
      }),
    );
    await ok(payWithCredits(t.app, again, order.json().orderID));
    // Another account registers the address for itself: the registration is that account's.
    await ok(
      call(staff, 'POST', '/api/fn/register-for-email-segment', {
        segmentID: 'staff-picks',
        email,
        userID: staff.userId,
      }),
    );
    // The drop opens: its mail goes to the new account's subscription.
    const dropOpen = new Date(Date.now() + 8 * 86_400_000);
    expect(await notifyOpenedDrops(game(), mailer, { shopUrl: `${ORIGIN}/shop`, now: dropOpen })).toBeGreaterThan(0);

    /** Every row naming the new account, the address or the name (the old marker aside: it forgets them). */
    const theirs = async () =>
      (await mentionsOf([again.userId, email, 'phoenixa']))
        .filter((row) => !row.startsWith('identity.account_deletions:'))
        .sort();
    const whole = await theirs();
    const rowsIn = (table: string) => whole.filter((row) => row.startsWith(`${table}:`)).length;
    expect({
      signups: rowsIn('development.email_signups'),
      segments: rowsIn('development.email_segment_registrations'),
      drops: rowsIn('development.merch_drop_subscriptions'),
      contacts: rowsIn('development.merch_contacts'),
      orderProfile: rowsIn('development.user_order_settings'),
      orders: rowsIn('development.merch_orders'),
      beta: rowsIn('development.beta_requests'),
      keysLogged: whole.filter((row) => row.startsWith('development.admin_log:') && row.includes('user.keys')).length,
      reports: rowsIn('development.reports'),
      mail: rowsIn('identity.mail_outbox'),
    }).toEqual({
      signups: 1,
      segments: 3,
      drops: 1,
      contacts: 2,
      orderProfile: 1,
      orders: 1,
      beta: 1,
      keysLogged: 1,
      reports: 1,
      mail: 3,
    });

    // Requests the old account had under way land after the first pass: one under its id, and a
    // message sent signed out before it asked to go.
    await insertSegmentRegistration(game(), {
      segmentId: 'late',
      email,
      userId: old.userId,
      createdAt: new Date().toISOString(),
    });
    await insertMerchContact(
      game(),
      { email, name: 'Phoenixa', subject: 'Late', message: 'Sent before the deletion' },
      null,
      new Date(deletedAt - 1_000),
    );

    // The clean-up is due when the grace period ends, not a moment before, and runs then.
    await runJobsAt(new Date(deletedAt + DELETION_SWEEP_GRACE_MS - 1));
    expect((await markerOf(marker.anonymous_id)).completed_at).toBeNull();
    await runJobsAt(new Date(deletedAt + DELETION_SWEEP_GRACE_MS));
    expect(await cleanUpRunOf(marker.anonymous_id)).toEqual([
      expect.objectContaining({ status: 'done', run_at: new Date(deletedAt + DELETION_SWEEP_GRACE_MS).toISOString() }),
    ]);
    expect((await markerOf(marker.anonymous_id)).completed_at).not.toBeNull();

    // Every row of the new account is as it was; nothing of the old one is left.
    expect(await theirs()).toEqual(whole);
    expect(await mentionsOf([old.userId, 'Sent before the deletion', 'Before, signed', 'before-news'])).toEqual([]);
    expect(
      await t.stores.identity.selectFrom('mail_outbox').select('subject').where('to_address', '=', email).execute(),
    ).not.toContainEqual({ subject: 'Before: to the address, for no account' });
    const reports = await game()
      .selectFrom('reports')
      .select(['target', 'text'])
      .where('reporter', '=', staff.userId)
      .orderBy('text')
      .execute();
    expect(reports).toEqual([
      { target: '@Phoenixa', text: 'After' },
      { target: marker.anonymous_id, text: 'Before' },
    ]);

    // The new account's download reads by the same rule: what it wrote, and what was written to its
    // address signed out, not another account's registration of it.
    const download = await t.app.inject({
      method: 'POST',
      url: '/api/account/data-export',
      headers: { cookie: again.cookie, origin: ORIGIN },
    });
    expect(download.statusCode, download.body).toBe(200);
    const sections = (download.json() as AccountDataExport).environments.development as Record<string, unknown>;
    expect(sections.emailSignup).toEqual({ email, signedUpAt: expect.any(String) });
    expect((sections.emailSegments as { segmentID: string }[]).map((row) => row.segmentID).sort()).toEqual([
      'After-news',
      'launch',
    ]);
    expect((sections.contactMessages as { message: string }[]).map((row) => row.message)).toEqual([
      'After, signed out',
      'After, signed in',
    ]);
    expect((sections.dropSubscriptions as { dropID: string }[]).map((row) => row.dropID)).toEqual(['radio-season']);
  });

  it('has another instance finish a clean-up whose instance stopped, once its lease runs out', async () => {
    const player = await signUp(t.app, { email: 'stopped@example.com', password: TEST_PASSWORD });
    const marker = await deletedThroughAccount(player);
    const due = Date.parse(marker.requested_at) + DELETION_SWEEP_GRACE_MS;
    // What an instance leaves when it stops in the middle of the clean-up it took when due: the
    // run and the deletion held under leases it never renews.
    const heldUntil = new Date(due + DELETION_LEASE_MS).toISOString();
    await t.stores.identity
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: 1,
        locked_by: 'a-stopped-instance',
        started_at: new Date(due).toISOString(),
        lease_until: heldUntil,
      })
      .where('name', '=', 'accounts.finish-deletion')
      .where('key', '=', marker.anonymous_id)
      .execute();
    await t.stores.identity
      .updateTable('account_deletions')
      .set({ lease_until: heldUntil })
      .where('anonymous_id', '=', marker.anonymous_id)
      .execute();

    await runJobsAt(new Date(due + DELETION_LEASE_MS - 1));
    expect((await markerOf(marker.anonymous_id)).completed_at).toBeNull();
    await runJobsAt(new Date(due + DELETION_LEASE_MS + 1));
    expect((await markerOf(marker.anonymous_id)).completed_at).not.toBeNull();
    expect(await cleanUpRunOf(marker.anonymous_id)).toEqual([
      expect.objectContaining({
        status: 'done',
        attempts: 2,
        locked_by: expect.not.stringMatching('a-stopped-instance'),
      }),
    ]);
    expect(await mentionsOf([player.userId, 'stopped@example.com'])).toEqual([]);
  });

  it('stops a clean-up whose lease another process took over meanwhile, leaving it to that one', async () => {
    const player = await signUp(t.app, { email: 'overtaken@example.com', password: TEST_PASSWORD });
    const marker = await deletedThroughAccount(player);
    const at = new Date(Date.parse(marker.requested_at) + DELETION_SWEEP_GRACE_MS);
    const theirs = new Date(at.getTime() + 5 * DELETION_LEASE_MS).toISOString();
    let storesErased = 0;
    // While this process erases the first store, another takes the deletion over.
    const overtaken: PersonalDataPart<GameDatabase> = {
      export: async () => ({}),
      erase: async () => {
        storesErased += 1;
        await t.stores.identity
          .updateTable('account_deletions')
          .set({ lease_until: theirs })
          .where('anonymous_id', '=', marker.anonymous_id)
          .execute();
      },
    };
    await expect(
      finishDeletion({ ...dataOptions(at), parts: [...PERSONAL_DATA_PARTS, overtaken] }, marker.anonymous_id),
    ).rejects.toThrow(DeletionLeasedError);
    // It stopped before the next store, and left the other process's lease as it was.
    expect(storesErased).toBe(1);
    expect(await markerOf(marker.anonymous_id)).toMatchObject({
      user_id: player.userId,
      lease_until: theirs,
      completed_at: null,
    });
  });

  it('queues a clean-up again once its runs are given up, and finishes it', async () => {
    const player = await signUp(t.app, { email: 'unlucky@example.com', password: TEST_PASSWORD });
    const marker = await deletedThroughAccount(player);
    const storeGone: PersonalDataPart<GameDatabase> = {
      export: async () => ({}),
      erase: async () => {
        throw new Error('the store went away');
      },
    };
    // Every attempt fails, after the runner's pauses (10 s, doubling), until the fifth is given up.
    let at = Date.parse(marker.requested_at) + DELETION_SWEEP_GRACE_MS;
    for (const pause of [10_000, 20_000, 40_000, 80_000]) {
      await runJobsAt(new Date(at), [...PERSONAL_DATA_PARTS, storeGone]);
      at += pause;
    }
    await runJobsAt(new Date(at), [...PERSONAL_DATA_PARTS, storeGone]);
    expect(await cleanUpRunOf(marker.anonymous_id)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 5, last_error: 'Error: the store went away' }),
    ]);
    expect((await markerOf(marker.anonymous_id)).completed_at).toBeNull();

    // Within the minute, the check finds the deletion with no clean-up waiting and queues one, which runs.
    await runJobsAt(new Date(at + 60_000));
    expect((await cleanUpRunOf(marker.anonymous_id)).map((run) => run.status)).toEqual(['failed', 'done']);
    expect((await markerOf(marker.anonymous_id)).completed_at).not.toBeNull();
  });

  it('refuses a deletion or a download from another site', async () => {
    const player = await signUp(t.app, { email: 'lured@example.com', password: TEST_PASSWORD });
    for (const url of ['/api/account/deletion', '/api/account/data-export']) {
      const forged = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: player.cookie, origin: 'https://evil.example' },
        payload: { password: TEST_PASSWORD },
      });
      expect(forged.statusCode).toBe(403);
    }
    expect((await call(player, 'GET', '/api/account/credits')).statusCode).toBe(200);
  });
});
