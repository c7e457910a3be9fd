import { USER_KEYS_MESSAGES, USER_SEARCH_MESSAGES, type UserSearchResult } from '@outpost/contracts/user-search';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../../ledger/ledger';
import { putTestMerchOrders } from '../../merch/testing';
import type { Dialect } from '../../platform/db/stores';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../../testing/test-stores';
import { type SignedIn, signUpRoles, signUpWithProfile } from '../testing';
import { USER_KEYS_ACTION } from './keys';

/** An account and profile written straight into the tables, as a bulk load or the operator would. */
async function addAccount(t: TestApp, dialect: Dialect, account: { id: string; email: string; name?: string }) {
  const now = new Date();
  await t.stores.identity
    .insertInto('auth_users')
    .values({
      id: account.id,
      name: account.name ?? 'player',
      email: account.email,
      email_verified: dialect === 'postgres' ? false : 0,
      image: null,
      created_at: dialect === 'postgres' ? now : now.toISOString(),
      updated_at: dialect === 'postgres' ? now : now.toISOString(),
    })
    .execute();
  if (account.name) {
    await t.stores.identity
      .insertInto('profiles')
      .values({
        user_id: account.id,
        display_name: account.name,
        display_name_key: account.name.toLowerCase(),
        created: now.toISOString(),
      })
      .execute();
  }
}

describe.each(TEST_DIALECTS)('admin user search on %s', (dialect) => {
  let t: TestApp;
  let roles: Record<'admin' | 'staff' | 'moderator' | 'player', SignedIn>;
  let jane: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    roles = await signUpRoles(t.app, t.stores.identity, {
      admin: ['admin'],
      staff: ['staff'],
      moderator: ['moderator'],
      player: [],
    });
    // Through sign-up and register, as a player joins: the index follows on its own.
    jane = await signUpWithProfile(t.app, async () => {}, { email: 'someone@example.com', displayName: 'Jane' });
    await addAccount(t, dialect, { id: 'u-janedoe', email: 'jane.doe@example.com', name: 'JaneDoe' });
    await addAccount(t, dialect, { id: 'u-maryjane', email: 'mj@example.com', name: 'MaryJane' });
    await addAccount(t, dialect, { id: 'u-zane', email: 'zane.w@example.com', name: 'Zane' });
    await addAccount(t, dialect, { id: 'u-jennifer', email: 'jl@mail.test', name: 'Jennifer_Lopez' });
    await addAccount(t, dialect, { id: 'u-rodriguez', email: 'ana.rodriguez@mail.test', name: 'Ana_R' });
    await addAccount(t, dialect, { id: 'u-noprofile', email: 'quiet.newcomer@mail.test' });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const search = (query: unknown, caller = roles.moderator, env = 'development', extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/${env}/user-search`,
      headers: { authorization: caller.bearer },
      payload: { query, ...extra },
    });
  const hitsOf = async (response: Promise<LightMyRequestResponse>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as UserSearchResult).hits;
  };
  const summary = async (query: string) =>
    (await hitsOf(search(query))).map((hit) => [hit.profile.displayName, hit.match]);

  it('ranks exact, then prefix, then contains, then typo', async () => {
    expect(await summary('  JANE ')).toEqual([
      ['Jane', 'exact'],
      ['JaneDoe', 'prefix'],
      ['MaryJane', 'contains'],
      ['Zane', 'typo'],
    ]);
  });

  it('finds by the start of a word, in the display name or the address', async () => {
    expect(await summary('rodri')).toEqual([['Ana_R', 'prefix']]);
    expect(await summary('lope')).toEqual([['Jennifer_Lopez', 'prefix']]);
    expect(await summary('doe@exa')).toEqual([['JaneDoe', 'prefix']]);
  });

  it('finds a whole address exactly, and an account that has no display name yet', async () => {
    expect(await summary('jane.doe@example.com')).toEqual([['JaneDoe', 'exact']]);
    const [hit] = await hitsOf(search('newcomer'));
    expect(hit).toMatchObject({
      profile: { userID: 'u-noprofile', displayName: null, email: 'quiet.newcomer@mail.test' },
      keys: [],
      match: 'prefix',
    });
  });

  it('tolerates typos: a letter missing, swapped or wrong', async () => {
    expect(await summary('jenifer')).toEqual([['Jennifer_Lopez', 'typo']]);
    expect(await summary('rodriguze')).toEqual([['Ana_R', 'typo']]);
    expect(await summary('maryjnae')).toEqual([['MaryJane', 'typo']]);
    expect(await summary('xyzzy')).toEqual([]);
  });

  it('follows a rename and a new address at once', async () => {
    await t.stores.identity
      .updateTable('profiles')
      .set({ display_name: 'Zephyr', display_name_key: 'zephyr' })
      .where('user_id', '=', 'u-zane')
      .execute();
    expect(await summary('zephyr')).toEqual([['Zephyr', 'exact']]);
    // Still found by the address, first; the other hits are typos of "zane" (jane).
    expect((await summary('zane'))[0]).toEqual(['Zephyr', 'prefix']);
    await t.stores.identity
      .updateTable('auth_users')
      .set({ email: 'breeze@mail.test' })
      .where('id', '=', 'u-zane')
      .execute();
    expect((await summary('zane')).map(([name]) => name)).not.toContain('Zephyr');
    expect(await summary('breeze')).toEqual([['Zephyr', 'prefix']]);
  });

  it('forgets a deleted account', async () => {
    await addAccount(t, dialect, { id: 'u-gone', email: 'gone@mail.test', name: 'Vanishing' });
    expect(await summary('vanish')).toEqual([['Vanishing', 'prefix']]);
    await t.stores.identity.deleteFrom('auth_users').where('id', '=', 'u-gone').execute();
    expect(await summary('vanish')).toEqual([]);
  });

  it("shows the named environment's credits, paid merch orders and shared invites", async () => {
    const beta = t.stores.game.beta;
    await credit(beta, { userId: jane.userId, amount: 250, reason: 'adjustment', reference: 'test:jane' });
    const at = new Date().toISOString();
    await putTestMerchOrders(
      beta,
      (['paid', 'paid', 'expired'] as const).map((status, index) => ({
        orderID: `m${index + 1}`,
        userID: jane.userId,
        at,
        status,
      })),
    );
    const invite = (inviteID: string, claimed: number) => ({
      invite_id: inviteID,
      source: jane.userId,
      created_by: jane.userId,
      claimed,
      expiration: '2999-01-01T00:00:00.000Z',
      created: at,
    });
    await beta
      .insertInto('invites')
      .values([invite('inv-1', 1), invite('inv-2', 0)])
      .execute();

    const account = await t.stores.identity
      .selectFrom('auth_users')
      .select('created_at')
      .where('id', '=', jane.userId)
      .executeTakeFirstOrThrow();
    const [inBeta] = await hitsOf(search('jane', roles.moderator, 'beta'));
    expect(inBeta).toEqual({
      profile: {
        userID: jane.userId,
        displayName: 'Jane',
        email: 'someone@example.com',
        created: new Date(account.created_at).toISOString(),
      },
      keys: [],
      match: 'exact',
      credits: 250,
      merchOrders: 2,
      invites: { shared: 2, claimed: 1 },
    });
    const [inDevelopment] = await hitsOf(search('jane'));
    expect(inDevelopment).toMatchObject({ credits: 0, merchOrders: 0, invites: { shared: 0, claimed: 0 } });
  });

  it('says when more accounts match than it shows', async () => {
    const answer = await search('example', roles.staff, 'development', { limit: 2 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ environment: 'development', query: 'example', more: true });
    expect((answer.json() as UserSearchResult).hits).toHaveLength(2);
  });

  it('refuses a query too short, too long or not text, with a message', async () => {
    for (const [query, message] of [
      ['ab', USER_SEARCH_MESSAGES.queryTooShort],
      ['x'.repeat(101), USER_SEARCH_MESSAGES.queryTooLong],
      [42, 'query must be text: part of a display name or email address.'],
    ] as const) {
      const answer = await search(query);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.message).toContain(message);
    }
    const answer = await search('jane', roles.moderator, 'development', { limit: 500 });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toContain(USER_SEARCH_MESSAGES.limit);
  });

  it('takes query syntax as text', async () => {
    for (const query of ['"jane', 'jane OR *', "j%n_e'"]) expect((await search(query)).statusCode).toBe(200);
  });

  it('is for the admin area: a player is refused', async () => {
    expect((await search('jane', roles.player)).statusCode).toBe(403);
    expect((await search('jane', roles.admin)).statusCode).toBe(200);
  });

  it('splits words as matching does, so look-alikes never crowd out a hit', async () => {
    // A full-text parser reads "1e0x" as the number 1e0 and a word x: these would pass for words
    // starting with x and 1, and, written first, fill the places of the one account that has them.
    for (const letter of ['a', 'b', 'c', 'd']) {
      await addAccount(t, dialect, { id: `u-${letter}1e0x`, email: `${letter}@mail.test`, name: `${letter}-1e0x` });
    }
    await addAccount(t, dialect, { id: 'u-xena', email: 'xena@mail.test', name: 'Xena-1' });
    const hits = await hitsOf(search('x 1', roles.moderator, 'development', { limit: 1 }));
    expect(hits.map((hit) => [hit.profile.displayName, hit.match])).toEqual([['Xena-1', 'prefix']]);
  });
});

describe.each(TEST_DIALECTS)("changing a user's keys on %s", (dialect) => {
  let t: TestApp;
  let roles: Record<'admin' | 'staff' | 'moderator' | 'player', SignedIn>;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    roles = await signUpRoles(t.app, t.stores.identity, {
      admin: ['admin'],
      staff: ['staff'],
      moderator: ['moderator'],
      player: [],
    });
    await addAccount(t, dialect, { id: 'u-noprofile', email: 'fresh@mail.test' });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const putKeys = (userID: string, keys: unknown, caller = roles.admin, env = 'beta') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/${env}/users/${encodeURIComponent(userID)}/keys`,
      headers: { authorization: caller.bearer },
      payload: { keys },
    });
  const logOf = async (env: 'beta' | 'development') =>
    (await t.stores.game[env].selectFrom('admin_log').selectAll().where('action', '=', USER_KEYS_ACTION).execute()).map(
      (row) => ({ admin: row.admin, data: JSON.parse(row.data) as Record<string, unknown> }),
    );
  const keysOf = async (userID: string) =>
    JSON.parse(
      (
        await t.stores.identity
          .selectFrom('profiles')
          .select('keys')
          .where('user_id', '=', userID)
          .executeTakeFirstOrThrow()
      ).keys,
    );

  it("saves the keys once each in the role table's order, logged in that environment's admin log", async () => {
    const answer = await putKeys(roles.player.userId, ['partner', 'moderator', 'partner']);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      userID: roles.player.userId,
      displayName: 'player-role',
      keys: ['moderator', 'partner'],
    });
    expect(await keysOf(roles.player.userId)).toEqual(['moderator', 'partner']);
    expect(await logOf('beta')).toEqual([
      {
        admin: roles.admin.userId,
        data: {
          userID: roles.player.userId,
          displayName: 'player-role',
          keys: ['moderator', 'partner'],
          previousKeys: [],
        },
      },
    ]);
    expect(await logOf('development')).toEqual([]);

    const search = await t.app.inject({
      method: 'POST',
      url: '/api/admin/beta/user-search',
      headers: { authorization: roles.admin.bearer },
      payload: { query: 'player-role' },
    });
    expect(search.json().hits[0].keys).toEqual(['moderator', 'partner']);
    // The new moderator is in the admin area at once.
    const access = await t.app.inject({
      method: 'GET',
      url: '/api/admin/beta/access',
      headers: { authorization: roles.player.bearer },
    });
    expect(access.statusCode).toBe(200);
  });

  it('refuses keys outside the role table, and changes nothing', async () => {
    for (const keys of [['superuser'], 'admin', [1]]) {
      const answer = await putKeys(roles.staff.userId, keys);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.message).toContain('keys must be a list of admin, staff, moderator, partner.');
    }
    expect(await keysOf(roles.staff.userId)).toEqual(['staff']);
  });

  it('refuses an admin removing their own admin key, and says why', async () => {
    const before = (await logOf('beta')).length;
    const answer = await putKeys(roles.admin.userId, ['staff']);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({
      message: USER_KEYS_MESSAGES.ownAdminKey,
      details: { code: 'own-admin-key' },
    });
    expect(await keysOf(roles.admin.userId)).toEqual(['admin']);
    expect(await logOf('beta')).toHaveLength(before);
    // Adding to their own keys is fine.
    expect((await putKeys(roles.admin.userId, ['admin', 'partner'])).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and an account without a profile', async () => {
    const unknown = await putKeys('nobody', ['partner']);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(USER_KEYS_MESSAGES.noUser('nobody'));
    const fresh = await putKeys('u-noprofile', ['partner']);
    expect(fresh.statusCode).toBe(404);
    expect(fresh.json().error.message).toBe(USER_KEYS_MESSAGES.noProfile('u-noprofile'));
  });

  it('is for admins only: moderators and staff are refused', async () => {
    for (const caller of [roles.moderator, roles.staff, roles.player]) {
      expect((await putKeys(roles.player.userId, [], caller)).statusCode).toBe(403);
    }
  });

  it('lets concurrent changes through one at a time: the log holds exactly the changes made', async () => {
    const target = roles.moderator.userId;
    const before = (await logOf('development')).length;
    const sets = [['moderator', 'partner'], ['staff'], ['partner'], ['moderator'], ['staff', 'partner']];
    const answers = await Promise.all(sets.map((keys) => putKeys(target, keys, roles.admin, 'development')));
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    const succeeded = answers.filter((answer) => answer.statusCode === 200);
    expect(succeeded.length).toBeGreaterThan(0);
    const log = (await logOf('development')).slice(before);
    expect(log).toHaveLength(succeeded.length);
    // Each logged change starts from the keys the one before it left.
    for (let index = 1; index < log.length; index += 1) {
      expect(log[index]?.data.previousKeys).toEqual(log[index - 1]?.data.keys);
    }
    expect(await keysOf(target)).toEqual(log.at(-1)?.data.keys);
  });
});
