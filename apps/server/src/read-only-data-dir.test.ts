import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminEpisode } from '@outpost/contracts/theater';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpRoles } from './identity/testing';
import { dropSchemas } from './platform/db/stores';
import { storeTroubleMessage } from './platform/db/unavailable';
import { startLocalS3 } from './platform/storage/local-s3';
import { pngBytes } from './products/testing';
import { findEmailSignup } from './site/queries';
import { errorAnswer } from './testing/error-answer';
import {
  killServerProcesses,
  NOBODY,
  runServerProcess,
  startServerProcess,
  storeProcessEnv,
} from './testing/server-process';
import { buildTestApp, TEST_DIALECTS, type TestApp } from './testing/test-stores';
import { adminCall, imageUploadBody, newEpisodeInput, storedImages } from './theater/admin-testing';

/*
 * A DATA_DIR the server cannot write (docs/decisions/0113-a-data-dir-the-server-cannot-write.md). The tests run as
 * root, for whom file modes never bite, so the real server process runs as `nobody`: at start a folder it cannot
 * write stops it with one line and the stores untouched; a folder turning read-only while it runs
 * answers uploads 503 in words, leaves nothing half-written, and uploads work again once it is
 * writable.
 */

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const AUTH_SECRET = 'test-secret-that-is-at-least-32-characters-long';
const NOBODY_OWNER = `${NOBODY.uid}:${NOBODY.gid}`;
/** Each test starts the real server process, whose start takes several seconds on a loaded machine. */
const PROCESS_TEST = { timeout: 60_000 };

afterEach(killServerProcesses);

/** Every file and folder below `dir` with its bytes' digest: equal snapshots mean nothing was written, created or removed. */
function snapshot(dir: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    entries[path.relative(dir, full)] = entry.isDirectory()
      ? 'folder'
      : createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return entries;
}

/** A folder that is root's and closed to others' writes, as a restore or a copy run as root leaves it. */
function rootsFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

const notWritableLine = (dataDir: string, failed = dataDir) =>
  `Outpost could not start: DATA_DIR ${dataDir} is not writable by user nobody (uid 65534): EACCES on ${failed}. ` +
  `Give that user write access to the folder and everything in it (chown -R nobody ${dataDir}), or set DATA_DIR to a folder it can write.`;

const baseEnv = { AUTH_SECRET, SEED_DEMO_DATA: 'false', ATTESTATION_MODE: 'off', PUBLIC_URL: 'http://localhost:3000' };

describe('a server started on a DATA_DIR it cannot write (SQLite)', () => {
  let dataDir: string;
  beforeAll(async () => {
    // A store with a row in it, made beforehand and closed (its WAL folded into the file).
    const t = await buildTestApp('sqlite');
    await t.app.inject({ method: 'POST', url: '/api/callable/signupForEmails', payload: { data: 'kept@example.com' } });
    expect(await findEmailSignup(t.stores.game.development, 'kept@example.com')).toBeDefined();
    await t.app.close();
    await t.stores.close();
    dataDir = t.dataDir;
    fs.chmodSync(dataDir, 0o755);
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops with one line naming the folder and what to do, the store untouched', PROCESS_TEST, async () => {
    const before = snapshot(dataDir);
    expect(Object.keys(before)).toContain('game-development.sqlite');
    const { code, stderr } = await runServerProcess({ ...baseEnv, DATA_DIR: dataDir }, { user: NOBODY }).exit;
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(notWritableLine(dataDir));
    expect(snapshot(dataDir)).toEqual(before);
  });

  it(
    'stops the same way when the folder is the user’s but a store file is not (SQLite would open it read-only)',
    PROCESS_TEST,
    async () => {
      // As a restore run as root leaves it: the store files written back are root's.
      execFileSync('chown', ['-R', NOBODY_OWNER, dataDir]);
      fs.chownSync(path.join(dataDir, 'identity.sqlite'), 0, 0);
      try {
        const before = snapshot(dataDir);
        const { code, stderr } = await runServerProcess({ ...baseEnv, DATA_DIR: dataDir }, { user: NOBODY }).exit;
        expect(code).toBe(1);
        expect(stderr.trim()).toBe(notWritableLine(dataDir, path.join(dataDir, 'identity.sqlite')));
        expect(snapshot(dataDir)).toEqual(before);
      } finally {
        execFileSync('chown', ['-R', '0:0', dataDir]);
      }
    },
  );

  it(
    'stops with one line when DATA_DIR does not exist and cannot be created, creating nothing',
    PROCESS_TEST,
    async () => {
      const parent = rootsFolder('outpost-parent-');
      try {
        const missing = path.join(parent, 'data');
        const { code, stderr } = await runServerProcess({ ...baseEnv, DATA_DIR: missing }, { user: NOBODY }).exit;
        expect(code).toBe(1);
        expect(stderr.trim()).toBe(
          `Outpost could not start: DATA_DIR ${missing} does not exist and user nobody (uid 65534) cannot create it (EACCES on ${missing}). ` +
            `Create it for that user (install -d -o nobody ${missing}), or set DATA_DIR to a folder it can write.`,
        );
        expect(fs.readdirSync(parent)).toEqual([]);
      } finally {
        fs.rmSync(parent, { recursive: true, force: true });
      }
    },
  );
});

describe.skipIf(!TEST_DATABASE_URL)('a server started on a DATA_DIR it cannot write (PostgreSQL)', () => {
  const databaseUrl = TEST_DATABASE_URL as string;
  const schemaPrefix = `readonly_${process.pid}_${Date.now().toString(36)}_`;
  let dataDir: string;
  beforeAll(() => {
    // The local file store's uploads, made beforehand.
    dataDir = rootsFolder('outpost-readonly-pg-');
    fs.mkdirSync(path.join(dataDir, 'files', 'development'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', 'development', 'kept.png'), 'an upload');
  });
  afterAll(async () => {
    await dropSchemas(databaseUrl, schemaPrefix);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const schemasMade = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select schema_name from information_schema.schemata where schema_name like $1',
        [`${schemaPrefix}%`],
      );
      return rows.length;
    } finally {
      await client.end();
    }
  };
  const env = { ...baseEnv, DATABASE_URL: databaseUrl, DATABASE_SCHEMA_PREFIX: schemaPrefix };

  it(
    'stops with the same line when its uploads live in DATA_DIR, before touching the database',
    PROCESS_TEST,
    async () => {
      const before = snapshot(dataDir);
      const { code, stderr } = await runServerProcess({ ...env, DATA_DIR: dataDir }, { user: NOBODY }).exit;
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(notWritableLine(dataDir));
      expect(snapshot(dataDir)).toEqual(before);
      expect(await schemasMade()).toBe(0);
    },
  );

  it(
    'starts when it keeps nothing in DATA_DIR (uploads in a bucket, AUTH_SECRET set), leaving the folder as it was',
    PROCESS_TEST,
    async () => {
      const s3 = await startLocalS3('readonly-data-dir');
      try {
        const before = snapshot(dataDir);
        const server = await startServerProcess(
          {
            ...env,
            DATA_DIR: dataDir,
            FILE_STORE: 's3',
            S3_BUCKET: s3.bucket,
            S3_REGION: 'us-east-1',
            S3_ENDPOINT: s3.endpoint,
            S3_ACCESS_KEY_ID: 'S3RVER',
            S3_SECRET_ACCESS_KEY: 'S3RVER',
            S3_FORCE_PATH_STYLE: 'true',
            S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}/`,
          },
          { user: NOBODY },
        );
        expect((await fetch(new URL('/readyz', server.url))).status).toBe(200);
        server.child.kill('SIGTERM');
        expect((await server.exit).code).toBe(0);
        expect(snapshot(dataDir)).toEqual(before);
      } finally {
        await s3.close();
      }
    },
  );
});

describe.each(TEST_DIALECTS)('DATA_DIR turning read-only while the server runs on %s', (dialect) => {
  let t: TestApp;
  let staff: SignedIn;
  const episodeID = 's1e1';
  const episodeRow = (id: string) =>
    t.stores.game.development.selectFrom('episodes').selectAll().where('episode_id', '=', id).executeTakeFirst();
  const pending = () => fs.readdirSync(path.join(t.dataDir, 'files', '.tmp'));

  beforeAll(async () => {
    // The set-up goes in through the app in this process; then the real process, as nobody, takes the stores.
    t = await buildTestApp(dialect);
    ({ staff } = await signUpRoles(t.app, t.stores.identity, { staff: ['staff'] }));
    const created = await adminCall(t.app, staff, 'POST', '/episodes', newEpisodeInput({ episodeID }));
    expect(created.statusCode, created.body).toBe(200);
    await t.app.close();
    execFileSync('chown', ['-R', NOBODY_OWNER, t.dataDir]);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it(
    'answers an upload 503 in words, stores nothing of it, keeps other writes going, and uploads again once writable',
    PROCESS_TEST,
    async () => {
      const server = await startServerProcess({ ...baseEnv, ...storeProcessEnv(t) }, { user: NOBODY });
      const api = (url: string) => new URL(`/api/admin/development/theater${url}`, server.url);
      const upload = async () => {
        const body = await imageUploadBody(await pngBytes());
        return fetch(api(`/episodes/${episodeID}/banner`), {
          method: 'PUT',
          headers: { authorization: staff.bearer, ...body.headers },
          body: body.payload,
        });
      };
      const createEpisode = (input: Parameters<typeof newEpisodeInput>[0]) =>
        fetch(api('/episodes'), {
          method: 'POST',
          headers: { authorization: staff.bearer, 'content-type': 'application/json' },
          body: JSON.stringify(newEpisodeInput(input)),
        });

      const first = await upload();
      expect(first.status, await first.clone().text()).toBe(200);
      const kept = await episodeRow(episodeID);
      expect(kept?.banner_key).toEqual(expect.any(String));
      const keptFiles = storedImages(t.dataDir, 'episodes', episodeID);
      expect(keptFiles).toHaveLength(2);

      // DATA_DIR and everything in it turn read-only under the running server.
      execFileSync('chmod', ['-R', 'a-w', t.dataDir]);
      const refused = await upload();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual(errorAnswer('unavailable', storeTroubleMessage('read-only')));
      // Nothing half-written: the row still names the banner it had, whose files are all there is.
      expect((await episodeRow(episodeID))?.banner_key).toBe(kept?.banner_key);
      expect((await episodeRow(episodeID))?.version).toBe(kept?.version);
      expect(storedImages(t.dataDir, 'episodes', episodeID)).toEqual(keptFiles);
      expect(pending()).toEqual([]);
      // The operator's log says what could not be written, and where.
      const failed = await server.line((entry) => entry.msg === 'request failed');
      expect(failed.err?.message).toContain('EACCES');
      expect(failed.err?.message).toContain(path.join(t.dataDir, 'files'));
      // The store's writes go on: SQLite writes through the files it holds open, whatever the folder's mode.
      const other = await createEpisode({ episodeID: 's1e2', episode: 2 });
      expect(other.status, await other.clone().text()).toBe(200);
      expect(await episodeRow('s1e2')).toBeDefined();

      // Writable again: the next upload is stored, replaces the old banner, and is served.
      execFileSync('chmod', ['-R', 'u+w', t.dataDir]);
      const again = await upload();
      expect(again.status, await again.clone().text()).toBe(200);
      const replaced = await episodeRow(episodeID);
      expect(replaced?.banner_key).not.toBe(kept?.banner_key);
      const newFiles = storedImages(t.dataDir, 'episodes', episodeID);
      expect(newFiles).toHaveLength(2);
      expect(newFiles.some((name) => keptFiles.includes(name))).toBe(false);
      // The URL names PUBLIC_URL; the file is asked of the process itself.
      const bannerPath = new URL(((await again.json()) as AdminEpisode).bannerUrl ?? '').pathname;
      const served = await fetch(new URL(bannerPath, server.url));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');

      server.child.kill('SIGTERM');
      expect((await server.exit).code).toBe(0);
      if (dialect === 'sqlite') {
        const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(t.stores.game.development);
        expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
      }
    },
  );
});
