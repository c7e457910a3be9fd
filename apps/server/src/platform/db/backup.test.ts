import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppStores } from '../../database';
import { signUp } from '../../identity/testing';
import { countEmailSignups, findEmailSignup } from '../../site/queries';
import { runAdminCommand as admin } from '../../testing/server-process';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../../testing/test-stores';
import { BackupError, backupStores, restoreStores } from './backup';

const signupForEmails = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/callable/signupForEmails', payload: { data: email } });

const accountEmails = async (stores: AppStores) =>
  (await stores.identity.selectFrom('auth_users').select('email').orderBy('email').execute()).map((row) => row.email);

/** What the drill writes and checks: an account, a signup in a game store, an uploaded file. */
async function writeState(t: TestApp, name: string): Promise<void> {
  await signUp(t.app, { email: `${name}@example.com` });
  expect((await signupForEmails(t, `${name}-news@example.com`)).statusCode).toBe(200);
  const folder = path.join(t.dataDir, 'files', 'drill');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, `${name}.txt`), `the file of ${name}`);
}

async function expectState(stores: AppStores, dataDir: string, present: string[], absent: string[]): Promise<void> {
  const emails = await accountEmails(stores);
  for (const name of present) {
    expect(emails).toContain(`${name}@example.com`);
    expect(await findEmailSignup(stores.game.development, `${name}-news@example.com`)).toBeDefined();
    expect(fs.readFileSync(path.join(dataDir, 'files', 'drill', `${name}.txt`), 'utf8')).toBe(`the file of ${name}`);
  }
  for (const name of absent) {
    expect(emails).not.toContain(`${name}@example.com`);
    expect(await findEmailSignup(stores.game.development, `${name}-news@example.com`)).toBeUndefined();
    expect(fs.existsSync(path.join(dataDir, 'files', 'drill', `${name}.txt`))).toBe(false);
  }
}

describe.each(TEST_DIALECTS)('the backup and restore drill on %s', (dialect) => {
  let t: TestApp;
  let work: string;
  const target = () => ({ stores: t.stores, dataDir: t.dataDir, fileRoot: path.join(t.dataDir, 'files') });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-backup-'));
  });
  afterAll(async () => {
    await t.cleanup();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('takes a backup while the app runs, and a restore brings back exactly that moment', async () => {
    await writeState(t, 'before');
    const backup = path.join(work, 'nightly');
    const manifest = await backupStores(target(), backup);
    expect(manifest).toMatchObject({ dialect, stores: ['identity', 'development', 'beta', 'production'], files: 1 });
    expect(fs.existsSync(`${backup}.partial`)).toBe(false);

    // Life goes on after the backup: another player, a signup, a file; the first file deleted.
    await writeState(t, 'after');
    fs.rmSync(path.join(t.dataDir, 'files', 'drill', 'before.txt'));
    await t.app.close();

    await restoreStores(target(), backup);
    const restored = await t.reopen();
    try {
      await expectState(restored, t.dataDir, ['before'], ['after']);
      // The demo data and every store's migrations came back with the rows.
      expect(await countEmailSignups(restored.game.development)).toBe(1);
    } finally {
      await restored.close();
    }
  });

  it('refuses a folder that is taken, one that is no backup, and a damaged backup, changing nothing', async () => {
    const taken = path.join(work, 'taken');
    fs.mkdirSync(taken);
    await expect(backupStores(target(), taken)).rejects.toThrow(`${taken} already exists: name a new folder`);
    await expect(restoreStores(target(), taken)).rejects.toThrow(`${taken} is not an Outpost backup`);

    const damaged = path.join(work, 'damaged');
    fs.cpSync(path.join(work, 'nightly'), damaged, { recursive: true });
    const part = dialect === 'sqlite' ? 'game-beta.sqlite' : 'postgres.dump';
    fs.writeFileSync(path.join(damaged, part), 'not a database at all, but long enough to be read as one'.repeat(100));
    const refused = await restoreStores(target(), damaged).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(
      dialect === 'sqlite' ? /game-beta\.sqlite in the backup is damaged/ : /pg_restore failed/,
    );
    const stores = await t.reopen();
    try {
      await expectState(stores, t.dataDir, ['before'], ['after']);
    } finally {
      await stores.close();
    }
  });
});

describe('npm run admin -- backup and restore (SQLite)', () => {
  it('backs up under a running app, then restores after it stops', { timeout: 90_000 }, async () => {
    const t = await buildTestApp('sqlite');
    const backup = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-cli-backup-')), 'copy');
    try {
      await writeState(t, 'kept');
      const made = await admin(['backup', '--out', backup], t.dataDir);
      expect(made.stderr).toBe('');
      expect(made.stdout.trim()).toBe(
        `Backed up the SQLite stores identity, development, beta, production and 1 uploaded file to ${backup}.`,
      );
      await writeState(t, 'lost');
      await t.app.close();

      const restored = await admin(['restore', '--from', backup], t.dataDir);
      expect(restored.stderr).toBe('');
      expect(restored.status).toBe(0);
      expect(restored.stdout).toMatch(
        /^Restored the SQLite stores identity, development, beta, production and 1 uploaded file from the backup of \d{4}-/,
      );
      const stores = await t.reopen();
      try {
        await expectState(stores, t.dataDir, ['kept'], ['lost']);
      } finally {
        await stores.close();
      }

      const missing = await admin(['restore'], t.dataDir);
      expect(missing).toMatchObject({ status: 2, stderr: '--from is required.\n' });
    } finally {
      await t.cleanup();
      fs.rmSync(path.dirname(backup), { recursive: true, force: true });
    }
  });
});
