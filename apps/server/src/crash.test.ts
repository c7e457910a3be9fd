import type { SpinResult } from '@outpost/contracts/shop';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpPlayers } from './identity/testing';
import { credit, getBalance } from './ledger/index';
import { putTestMachine, stockLeft } from './shop/testing';
import { killServerProcesses, startServerProcess, storeProcessEnv } from './testing/server-process';
import { buildTestApp, TEST_DIALECTS, type TestApp } from './testing/test-stores';

const SERVICE_KEY = 'k'.repeat(40);
const STOCK = 400;
const COST = 10;
const CREDITS = 5_000;

afterEach(killServerProcesses);

/*
 * kill -9 of the real server process under a write load (issue 25 point 3): spins on one
 * machine's stock and the game's ingestion batches, from several clients at once. After the
 * kill, every write the server acknowledged is in the store and the invariants hold: the stock
 * never below zero and equal to what was won, each player's ledger equal to their balance and
 * their spending to their spins, the playtime total equal to the sessions stored.
 */
describe.each(TEST_DIALECTS)('kill -9 under a write load on %s', (dialect) => {
  let t: TestApp;
  let players: SignedIn[];

  beforeAll(async () => {
    // The set-up goes in through the app in this process, then it closes and the real process takes the stores.
    t = await buildTestApp(dialect);
    players = await signUpPlayers(t.app, t.stores.identity, `crash-${dialect}`, 12);
    const db = t.stores.game.development;
    for (const player of players) {
      await credit(db, {
        userId: player.userId,
        amount: CREDITS,
        reason: 'reward',
        reference: `crash:${player.userId}`,
      });
    }
    await putTestMachine(db, {
      machineID: 'crash',
      costCredits: COST,
      prizes: [
        { prizeID: 'common', weight: 3, stock: STOCK - 100 },
        { prizeID: 'rare', weight: 1, stock: 100 },
      ],
    });
    await t.app.close();
  });
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

  it('keeps every acknowledged write and every invariant', { timeout: 120_000 }, async () => {
    const server = await startServerProcess(serverEnv());
    const spins: string[] = [];
    const events: { id: string; seconds: number }[] = [];
    let killed = false;

    const spin = async (player: SignedIn) => {
      const response = await fetch(new URL('/api/fn/spin-machine?machineID=crash', server.url), {
        headers: { authorization: player.bearer },
      });
      if (response.status === 200) spins.push(((await response.json()) as SpinResult).spinID);
      else await response.body?.cancel();
    };
    let batch = 0;
    const ingest = async (player: SignedIn) => {
      batch += 1;
      const sent = Array.from({ length: 20 }, (_, index) => ({
        id: `crash-${dialect}-${batch}-${index}`,
        type: 'playtime',
        userID: player.userId,
        seconds: 60 + index,
        at: new Date().toISOString(),
      }));
      const response = await fetch(new URL('/api/ingest/development/events', server.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${SERVICE_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events: sent }),
      });
      if (response.status === 200 && ((await response.json()) as { stored: number }).stored === sent.length) {
        events.push(...sent.map(({ id, seconds }) => ({ id, seconds })));
      } else await response.body?.cancel();
    };
    // Eight clients, each spinning and reporting in turn until the process is gone.
    const clients = Array.from({ length: 8 }, async (_, client) => {
      for (let round = 0; !killed; round += 1) {
        const player = players[(client + round) % players.length] as SignedIn;
        // A request cut by the kill was never acknowledged: nothing is expected of it.
        await (round % 2 === 0 ? spin(player) : ingest(player)).catch(() => undefined);
      }
    });
    // Killed in the thick of it: once a good share of the stock is gone.
    while (spins.length < STOCK / 4) await new Promise((resolve) => setTimeout(resolve, 20));
    server.child.kill('SIGKILL');
    killed = true;
    await server.exit;
    await Promise.all(clients);
    expect(spins.length).toBeGreaterThan(0);
    expect(events.length).toBeGreaterThan(0);

    const stores = await t.reopen();
    try {
      const db = stores.game.development;
      // Every acknowledged spin and event is there.
      const storedSpins = await db
        .selectFrom('spins')
        .select(['spin_id', 'prize_id'])
        .where('machine_id', '=', 'crash')
        .execute();
      const spinIds = new Set(storedSpins.map((row) => row.spin_id));
      expect(spins.filter((id) => !spinIds.has(id))).toEqual([]);
      const storedEvents = new Set(
        (await db.selectFrom('user_playtime').select('event_id').execute()).map((row) => row.event_id),
      );
      expect(events.filter(({ id }) => !storedEvents.has(id))).toEqual([]);
      // The stock: never below zero, and what is gone was won.
      const prizes = await db
        .selectFrom('machine_prizes')
        .select(['prize_id', 'stock'])
        .where('machine_id', '=', 'crash')
        .execute();
      for (const prize of prizes) expect(prize.stock).toBeGreaterThanOrEqual(0);
      expect(STOCK - (await stockLeft(db, 'crash'))).toBe(storedSpins.length);
      // Each player's ledger is their balance, and what all spent is what the spins cost.
      let spent = 0;
      for (const player of players) {
        const ledger = await db
          .selectFrom('credit_ledger')
          .select('amount')
          .where('user_id', '=', player.userId)
          .execute();
        const balance = await getBalance(db, player.userId);
        expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(balance);
        spent += CREDITS - balance;
      }
      expect(spent).toBe(storedSpins.length * COST);
      // The playtime total moved with exactly the sessions stored.
      const sessions = await sql<{
        total: string | number | null;
      }>`select sum(seconds) as total from user_playtime`.execute(db);
      const total = await db
        .selectFrom('game_totals')
        .select('value')
        .where('name', '=', 'playtime_seconds')
        .executeTakeFirst();
      expect(Number(total?.value ?? 0)).toBe(Number(sessions.rows[0]?.total ?? 0));
    } finally {
      await stores.close();
    }

    // And the server starts again on what the kill left.
    const again = await startServerProcess(serverEnv());
    expect((await fetch(new URL('/readyz', again.url))).status).toBe(200);
    const after = await fetch(new URL('/api/fn/spin-machine?machineID=crash', again.url), {
      headers: { authorization: (players[0] as SignedIn).bearer },
    });
    expect(after.status).toBe(200);
  });
});
