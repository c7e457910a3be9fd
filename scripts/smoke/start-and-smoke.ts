/*
 * Starts the built server as `npm start` does (apps/server/dist/main.js) under the Node.js running
 * this script, on a fresh data folder with the demo data, and walks a new player's first minutes:
 * the pages, a sign-up, a redeemed code and a spin (SQLite writes through this runtime's driver),
 * and a push to the player's phone through FCM (a local server speaking its protocol), which the
 * built server sends from its FCM thread (the bundle's own entry); then stops it and expects a
 * clean exit. `npm run test:smoke` runs it under every older runtime
 * the README supports; the whole suite runs under the recommended one (`npm test`).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { OWN_PAGE_HEADER } from '@outpost/contracts/callable';
import { IDEMPOTENCY_KEY_HEADER } from '@outpost/contracts/idempotency';
import { startTestFcmServer, type TestFcmServer } from '../../apps/server/src/platform/push-transport/testing';

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('No free port.');
  return address.port;
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`Smoke check failed: ${what}`);
  console.log(`  ok  ${what}`);
}

async function waitUntilReady(origin: string, server: ChildProcess): Promise<void> {
  const giveUpAt = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < giveUpAt) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode} before it was ready.`);
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server was not ready within ${START_TIMEOUT_MS / 1000} s.`);
}

function stopped(server: ChildProcess): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The server did not stop after SIGTERM.')), STOP_TIMEOUT_MS);
    server.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    server.kill('SIGTERM');
  });
}

/** The built server as a whole: its origin, its data folder (the admin CLI's too) and its FCM server. */
interface Started {
  origin: string;
  env: NodeJS.ProcessEnv;
  fcm: TestFcmServer;
}

/**
 * The player registers a phone, an admin made with the built CLI sends it a test notification, and
 * the FCM server receives it: the built server's FCM thread started from its own bundle entry.
 */
async function pushToThePlayer({ origin, env, fcm }: Started, player: { userID: string; headers: HeadersInit }) {
  const token = `smoke-phone-${process.pid}`;
  const device = await fetch(`${origin}/api/push/devices`, {
    method: 'POST',
    headers: player.headers,
    body: JSON.stringify({ token, platform: 'android' }),
  });
  check(device.status === 200, 'the player registers a phone for pushes');
  const admin = { email: `smoke-admin-${process.pid}@example.com`, password: 'smoke admin password' };
  execFileSync(
    process.execPath,
    [
      'apps/server/dist/admin.js',
      'create-user',
      '--email',
      admin.email,
      '--password',
      admin.password,
      '--display-name',
      `smokeadmin${process.pid}`,
      '--keys',
      'admin',
    ],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const own = { origin, [OWN_PAGE_HEADER]: '1', 'content-type': 'application/json' };
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: own,
    body: JSON.stringify(admin),
  });
  check(signIn.status === 200, 'an admin made with the built CLI signs in');
  const pushed = await fetch(`${origin}/api/fn/development-push-sendtestnotificatio`, {
    method: 'POST',
    headers: { ...own, authorization: `Bearer ${signIn.headers.get('set-auth-token')}` },
    body: JSON.stringify({ userID: player.userID }),
  });
  const result = (await pushed.json()) as { outcomes?: { status: string }[] };
  check(
    pushed.status === 200 &&
      result.outcomes?.[0]?.status === 'sent' &&
      fcm.received.some((push) => push.token === token),
    'the admin’s test notification reaches the phone through FCM, sent from the server’s FCM thread',
  );
}

async function walk(started: Started): Promise<void> {
  const { origin } = started;
  const page = await fetch(`${origin}/`);
  check(page.status === 200 && (await page.text()).includes('Outpost'), 'the landing page answers');
  check((await fetch(`${origin}/shop/`)).status === 200, 'the shop page answers');
  const shop = (await (await fetch(`${origin}/api/shop`)).json()) as { machines: { machineID: string }[] };
  check(
    shop.machines.some((machine) => machine.machineID === 'scrapyard'),
    'the shop lists the demo machines',
  );

  const own = { origin, [OWN_PAGE_HEADER]: '1', 'content-type': 'application/json' };
  const email = `smoke-${process.pid}@example.com`;
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: own,
    body: JSON.stringify({ email, password: 'smoke test password', name: 'smoke' }),
  });
  check(signUp.status === 200, 'a player signs up');
  const { user } = (await signUp.json()) as { user: { id: string } };
  const bearer = `Bearer ${signUp.headers.get('set-auth-token')}`;
  const asPlayer = { ...own, authorization: bearer };
  const register = await fetch(`${origin}/api/fn/register`, {
    method: 'POST',
    headers: asPlayer,
    body: JSON.stringify({ email, displayName: `smoke${process.pid}` }),
  });
  check(register.status === 200, 'the player registers a profile');
  const redeemed = await fetch(`${origin}/api/account/redeem-code`, {
    method: 'POST',
    headers: { ...asPlayer, [IDEMPOTENCY_KEY_HEADER]: `smoke-redeem-${process.pid}` },
    body: JSON.stringify({ code: 'welcome-to-the-outpost' }),
  });
  check(redeemed.status === 200, 'the player redeems the demo code');
  const spin = await fetch(`${origin}/api/fn/spin-machine?machineID=scrapyard`, {
    headers: { ...asPlayer, [IDEMPOTENCY_KEY_HEADER]: `smoke-spin-${process.pid}` },
  });
  const spun = (await spin.json()) as { balance?: number };
  check(spin.status === 200 && typeof spun.balance === 'number', 'the player spins a machine');
  await pushToThePlayer(started, { userID: user.id, headers: asPlayer });
}

async function main(): Promise<void> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-smoke-'));
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-smoke-keys-'));
  const fcm = await startTestFcmServer();
  console.log(`Start and smoke under Node.js ${process.version}`);
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    FCM_DEVELOPMENT_SERVICE_ACCOUNT: fcm.writeServiceAccount(keyDir),
    FCM_DEVELOPMENT_API_URL: fcm.apiUrl,
  };
  // As `npm start` runs it (package.json).
  const server = spawn(process.execPath, ['--enable-source-maps', '--expose-gc', 'apps/server/dist/main.js'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitUntilReady(origin, server);
    check(true, 'the built server starts and migrates a new data folder');
    await walk({ origin, env, fcm });
    check((await stopped(server)) === 0, 'the server stops cleanly on SIGTERM');
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
    await fcm.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(keyDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
