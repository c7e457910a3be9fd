import fs from 'node:fs';
import path from 'node:path';
import type { AccountDataExport } from '@outpost/contracts/account-lifecycle';
import { ACCOUNT_LOG_ACTIONS } from '@outpost/contracts/account-lifecycle-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../testing/server-process';
import { buildTestApp, type TestApp } from '../testing/test-stores';
import { ORIGIN } from './testing';

/**
 * A test's time for several CLI runs: each is a process of its own that loads the server's code
 * (2 to 3 s alone, several times that on CI's two busy cores), so the server tests' 20 s is one
 * run's budget, not four's.
 */
const CLI_RUNS = (runs: number) => runs * 15_000;

describe('the operator CLI, while the server runs', () => {
  let t: TestApp;
  /** A CLI run's whole answer (its output trimmed), so a failure shows what the CLI said, not only that it failed. */
  const run = async (args: string[]) => {
    const { status, stdout, stderr } = await runAdminCommand(args, t.dataDir);
    return { status, stderr, stdout: stdout.trim() };
  };

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('creates the first admin, who can then sign in and holds the keys', async () => {
    expect(
      await run([
        'create-user',
        '--email',
        'Boss@Example.com',
        '--password',
        'correct horse battery',
        '--display-name',
        'Boss',
        '--keys',
        'admin,staff',
      ]),
    ).toEqual({ status: 0, stderr: '', stdout: 'Created boss@example.com with keys admin, staff.' });

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email: 'boss@example.com', password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(200);
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${signIn.headers['set-auth-token']}` },
    });
    expect(me.json().profile).toMatchObject({ displayName: 'Boss', keys: ['admin', 'staff'] });
  });

  it(
    'sets keys and lists users by key',
    async () => {
      expect(
        await run([
          'create-user',
          '--email',
          'mod@example.com',
          '--password',
          'correct horse battery',
          '--display-name',
          'Mod',
        ]),
      ).toEqual({ status: 0, stderr: '', stdout: 'Created mod@example.com.' });
      expect(await run(['set-keys', '--email', 'mod@example.com', '--keys', 'moderator'])).toEqual({
        status: 0,
        stderr: '',
        stdout: 'mod@example.com now has keys moderator.',
      });
      expect(await run(['list-users', '--key', 'moderator'])).toEqual({
        status: 0,
        stderr: '',
        stdout: 'mod@example.com\t@Mod\tmoderator',
      });
      expect(await run(['list-users', '--key', 'admin'])).toEqual({
        status: 0,
        stderr: '',
        stdout: 'boss@example.com\t@Boss\tadmin,staff',
      });
    },
    CLI_RUNS(4),
  );

  it(
    'exports an account to a file and deletes it, both in the admin log, while the player is signed in',
    async () => {
      expect(
        await run([
          'create-user',
          '--email',
          'leaving@example.com',
          '--password',
          'correct horse battery',
          '--display-name',
          'Leaving',
        ]),
      ).toEqual({ status: 0, stderr: '', stdout: 'Created leaving@example.com.' });
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        payload: { email: 'leaving@example.com', password: 'correct horse battery' },
      });
      const bearer = `Bearer ${signIn.headers['set-auth-token']}`;
      expect((await t.app.inject({ url: '/api/account/credits', headers: { authorization: bearer } })).statusCode).toBe(
        200,
      );

      const file = path.join(t.dataDir, 'leaving.json');
      expect(await run(['export-account', '--email', 'Leaving@example.com', '--out', file])).toEqual({
        status: 0,
        stderr: '',
        stdout: `Wrote the data of leaving@example.com to ${file}.`,
      });
      const data = JSON.parse(fs.readFileSync(file, 'utf8')) as AccountDataExport;
      expect(data.account).toMatchObject({ email: 'leaving@example.com', displayName: 'Leaving' });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);

      expect(await run(['delete-account', '--email', 'leaving@example.com'])).toEqual({
        status: 0,
        stderr: '',
        stdout: expect.stringMatching(
          /^Deleted leaving@example\.com; what others rely on now names deleted-[a-z0-9]{16}\. The server sweeps it once more after 2 minutes\.$/,
        ),
      });
      // The running server's cached session of the player stops counting at once.
      expect((await t.app.inject({ url: '/api/account/credits', headers: { authorization: bearer } })).statusCode).toBe(
        401,
      );
      const log = await t.stores.game.development
        .selectFrom('admin_log')
        .select(['action', 'admin'])
        .where('action', 'in', [ACCOUNT_LOG_ACTIONS.exported, ACCOUNT_LOG_ACTIONS.deleted])
        .orderBy('id')
        .execute();
      expect(log).toEqual([
        { action: ACCOUNT_LOG_ACTIONS.exported, admin: 'operator' },
        { action: ACCOUNT_LOG_ACTIONS.deleted, admin: 'operator' },
      ]);
      expect(await run(['delete-account', '--email', 'leaving@example.com'])).toEqual({
        status: 2,
        stderr: 'No account uses leaving@example.com.\n',
        stdout: '',
      });
    },
    CLI_RUNS(4),
  );

  it.each([
    [
      ['set-keys', '--email', 'mod@example.com', '--keys', 'admni'],
      'Unknown key "admni"; use admin, staff, moderator, partner.',
    ],
    [['set-keys', '--email', 'ghost@example.com', '--keys', 'admin'], 'No account uses ghost@example.com.'],
    [
      ['create-user', '--email', 'boss@example.com', '--password', 'correct horse battery', '--display-name', 'Boss2'],
      'An account already uses boss@example.com.',
    ],
    [
      ['create-user', '--email', 'x@example.com', '--password', 'correct horse battery', '--display-name', 'no spaces'],
      'Display names are 3 to 20 letters, digits, _ or -.',
    ],
    [['create-user', '--email', 'x@example.com', '--display-name', 'Someone'], '--password is required.'],
    [
      ['create-user', '--email', 'new@example.com', '--password', 'correct horse battery', '--display-name', 'BOSS'],
      'The display name "BOSS" is taken; choose another.',
    ],
  ])('refuses %j with a clear message', async (args, message) => {
    expect(await run(args)).toEqual({ status: 2, stderr: `${message}\n`, stdout: '' });
  });
});
