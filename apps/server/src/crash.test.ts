import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpPlayers } from './identity/testing';
import { betaInviteLoad, prepareBetaInvites } from './testing/crash/beta-invites';
import { claimCodeLoad, type PreparedCodes, prepareClaimCodes } from './testing/crash/claim-codes';
import { ingestionLoad } from './testing/crash/ingestion';
import { checkLedger, grantStartingCredits } from './testing/crash/ledger';
import { type CrashWorkload, loadUntilKilled } from './testing/crash/load';
import { merchLoad, prepareMerch } from './testing/crash/merch';
import { partnerInviteLoad, preparePartnerInvites } from './testing/crash/partner-invites';
import { prepareSpins, spinLoad, spinOnce } from './testing/crash/spins';
import { killServerProcesses, startServerProcess, storeProcessEnv } from './testing/server-process';
import { buildTestApp, TEST_DIALECTS, type TestApp } from './testing/test-stores';

const SERVICE_KEY = 'k'.repeat(40);
const CREDITS = 5_000;
/** Enough that per-player rate limits (redemptions, orders, invite claims) stay far off. */
const PLAYERS = 120;
const CLIENTS = 8;

afterEach(killServerProcesses);

/*
 * kill -9 of the real server process under a write load, from several clients at once: spins of one machine's
 * stock, the game's ingestion batches, merch orders of a limited drop paid in credits, code redemptions, and
 * beta and partner invite claims, several players at once on each code and invite. After the kill, every
 * write the server acknowledged is in the store and the invariants hold (testing/crash/: each workload checks
 * its own), and the ledger balances: each player's balance is the sum of their ledger rows and their starting
 * credits moved by exactly what the stored writes account for.
 */
describe.each(TEST_DIALECTS)('kill -9 under a write load on %s', (dialect) => {
  let t: TestApp;
  let players: SignedIn[];
  let codes: PreparedCodes;
  let betaInvites: string[];
  let partnerInvites: string[];
  const prefix = `crash-${dialect}`;

  beforeAll(async () => {
    // The set-up goes in through the app in this process, then it closes and the real process takes the stores.
    t = await buildTestApp(dialect);
    players = await signUpPlayers(t.app, t.stores.identity, prefix, PLAYERS);
    const db = t.stores.game.development;
    await grantStartingCredits(db, players, CREDITS);
    await prepareSpins(db);
    await prepareMerch(t.app, db, players);
    codes = await prepareClaimCodes(db);
    betaInvites = await prepareBetaInvites(db, prefix);
    partnerInvites = await preparePartnerInvites({ game: db, identity: t.stores.identity }, players, prefix);
    await t.app.close();
  }, 120_000);
  afterAll(async () => {
    await t.cleanup();
  });

  const serverEnv = (): Record<string, string> => ({
    ...storeProcessEnv(t),
    AUTH_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    PUBLIC_URL: 'http://localhost:3000',
    ATTESTATION_MODE: 'off',
    SEED_DEMO_DATA: 'false',
    INGEST_DEVELOPMENT_KEY: SERVICE_KEY,
  });

  it('keeps every acknowledged write and every invariant', { timeout: 240_000 }, async () => {
    const workloads: CrashWorkload[] = [
      spinLoad(players),
      ingestionLoad(players, SERVICE_KEY, prefix),
      merchLoad(players),
      claimCodeLoad(players, codes),
      betaInviteLoad(players, betaInvites),
      partnerInviteLoad(players, partnerInvites),
    ];
    // Killed in the thick of it: once every workload has a good share acknowledged.
    await loadUntilKilled(await startServerProcess(serverEnv()), workloads, CLIENTS);

    const left = await t.reopen();
    try {
      const stores = { game: left.game.development, identity: left.identity };
      const moved = [];
      for (const workload of workloads) moved.push(await workload.check(stores));
      await checkLedger(stores.game, players, CREDITS, moved);
    } finally {
      await left.close();
    }

    // And the server starts again on what the kill left, finishing what the kill cut short.
    const again = await startServerProcess(serverEnv());
    const restarted = await t.reopen();
    try {
      const stores = { game: restarted.game.development, identity: restarted.identity };
      for (const workload of workloads) await workload.checkAfterRestart?.(stores);
    } finally {
      await restarted.close();
    }
    expect((await fetch(new URL('/readyz', again.url))).status).toBe(200);
    expect((await spinOnce(again.url, players[0] as SignedIn)).status).toBe(200);
  });
});
