import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JWT } from 'google-auth-library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serviceAccountTokens } from './access-token';
import { readServiceAccount } from './service-account';
import { startTestFcmServer, type TestFcmServer } from './testing';

describe('a service account’s access tokens', () => {
  let fcm: TestFcmServer;
  let dir: string;
  beforeEach(async () => {
    fcm = await startTestFcmServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-token-'));
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    await fcm.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers the kept token without asking the library again until five minutes before it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-10T09:00:00.000Z'));
    const asked = vi.spyOn(JWT.prototype, 'getAccessToken');
    const tokens = serviceAccountTokens(readServiceAccount(fcm.writeServiceAccount(dir)));

    // Sixteen sends starting together share one request; every send after takes the kept token.
    const first = await Promise.all(Array.from({ length: 16 }, () => tokens.get()));
    for (let send = 0; send < 1_000; send += 1) expect(await tokens.get()).toBe(fcm.issued[0]);
    expect(new Set(first)).toEqual(new Set([fcm.issued[0]]));
    expect(asked).toHaveBeenCalledTimes(1);

    // Google's tokens live an hour (the server's expires_in): kept to 09:55, renewed after.
    vi.setSystemTime(new Date('2026-12-10T09:54:59.000Z'));
    expect(await tokens.get()).toBe(fcm.issued[0]);
    expect(asked).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date('2026-12-10T09:55:01.000Z'));
    expect(await tokens.get()).toBe(fcm.issued[1]);
    expect(await tokens.get()).toBe(fcm.issued[1]);
    expect(asked).toHaveBeenCalledTimes(2);
  });

  it('drops the kept token when FCM refuses it, and fetches another', async () => {
    const tokens = serviceAccountTokens(readServiceAccount(fcm.writeServiceAccount(dir)));
    expect(await tokens.get()).toBe(fcm.issued[0]);
    tokens.forget();
    expect(await tokens.get()).toBe(fcm.issued[1]);
    expect(await tokens.get()).toBe(fcm.issued[1]);
    expect(fcm.issued).toHaveLength(2);
  });
});
