import type { SpinResult } from '@outpost/contracts/shop';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { GameDatabase } from '../../database';
import type { SignedIn } from '../../identity/testing';
import { putTestMachine, stockLeft } from '../../shop/testing';
import { addCredits, type CrashWorkload, type CreditsMoved, call, playerRota } from './load';

const MACHINE = 'crash';
const STOCK = 400;
const COST = 10;

export async function prepareSpins(db: Kysely<GameDatabase>): Promise<void> {
  await putTestMachine(db, {
    machineID: MACHINE,
    costCredits: COST,
    prizes: [
      { prizeID: 'common', weight: 3, stock: STOCK - 100 },
      { prizeID: 'rare', weight: 1, stock: 100 },
    ],
  });
}

/** One spin of the machine, as the shop's button sends it. */
export function spinOnce(server: URL, player: SignedIn) {
  return call(server, `/api/fn/spin-machine?machineID=${MACHINE}`, { bearer: player.bearer });
}

/**
 * Spins of one machine's stock: every acknowledged spin is stored, no prize below zero, the stock
 * gone equal to the spins stored, and each spin cost its player the machine's price.
 */
export function spinLoad(players: readonly SignedIn[]): CrashWorkload {
  const next = playerRota(players);
  const spins: string[] = [];
  return {
    name: 'spins',
    async turn(server) {
      const answer = await spinOnce(server, next());
      if (answer.status === 200) spins.push((answer.body as SpinResult).spinID);
    },
    // An eighth of the stock won: the machine is far from empty when the kill lands.
    underWay: () => spins.length >= STOCK / 8,
    async check({ game }) {
      const stored = await game
        .selectFrom('spins')
        .select(['spin_id', 'user_id'])
        .where('machine_id', '=', MACHINE)
        .execute();
      const ids = new Set(stored.map((row) => row.spin_id));
      expect(
        spins.filter((id) => !ids.has(id)),
        'acknowledged spins missing',
      ).toEqual([]);
      const prizes = await game
        .selectFrom('machine_prizes')
        .select('stock')
        .where('machine_id', '=', MACHINE)
        .execute();
      for (const prize of prizes) expect(prize.stock, 'prize stock').toBeGreaterThanOrEqual(0);
      expect(STOCK - (await stockLeft(game, MACHINE)), 'stock gone against spins stored').toBe(stored.length);
      const moved: CreditsMoved = new Map();
      for (const spin of stored) addCredits(moved, spin.user_id, -COST);
      return moved;
    },
  };
}
