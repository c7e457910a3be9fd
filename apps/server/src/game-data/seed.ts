import { type GameEvent, gameEventSchema } from '@outpost/contracts/game-data';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { BatchEvent } from '../domain';
import { storeEvents } from './ingest';
import { GAME_DATA_KINDS } from './kinds';

/*
 * The demo game data: a fortnight of the game's reports from three demo players (`demo-player-*`,
 * not accounts: the game's own ids, as a game server would name players the site never saw), so
 * the live stats have figures, a chart and maps to show. They go through the kinds that store the
 * game's events, under fixed ids, so the aggregates agree with their rows and a second seeding
 * stores nothing twice. Every map with presence has its data.
 */

const HOUR_MS = 3_600_000;
const PLAYERS = ['demo-player-1', 'demo-player-2', 'demo-player-3'] as const;

function demoEvents(now: Date): unknown[] {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS).toISOString();
  const events: unknown[] = [];
  for (let day = 13; day >= 0; day -= 1) {
    PLAYERS.forEach((userID, player) => {
      if ((day + player) % 3 === 2) return;
      const at = ago(day * 24 + 2 + player * 3);
      events.push({
        id: `demo:playtime:${day}:${userID}`,
        type: 'playtime',
        at,
        userID,
        seconds: 900 + player * 600 + day * 45,
      });
      events.push({ id: `demo:objective:login:${day}:${userID}`, type: 'objective', at, userID, key: 'login' });
      if (player !== 2) {
        events.push({ id: `demo:objective:chat:${day}:${userID}`, type: 'objective', at, userID, key: 'lobby-chat' });
      }
      events.push({ id: `demo:presence:${day}:${userID}`, type: 'presence', at, userID });
    });
  }
  PLAYERS.forEach((userID, player) => {
    events.push({ id: `demo:level:${userID}`, type: 'level', at: ago(30 + player), userID, level: 12 + player * 7 });
    events.push({ id: `demo:presence:now:${userID}`, type: 'presence', at: ago(player === 2 ? 2 : 0.02), userID });
    events.push({
      id: `demo:taco:${userID}`,
      type: 'item-claimed',
      at: ago(20),
      userID,
      itemID: 'taco',
      quantity: player + 1,
    });
  });
  events.push({ id: 'demo:boba:1', type: 'item-claimed', at: ago(6), userID: PLAYERS[0], itemID: 'boba-tea' });
  for (const [mapID, activeNow] of [
    ['plaza', 42],
    ['harbor', 17],
    ['racetrack', 6],
  ] as const) {
    events.push({ id: `demo:map-presence:${mapID}`, type: 'map-presence', at: ago(0.05), mapID, activeNow });
  }
  // Every map with presence has its data: a live stats read logs an error for one without (docs/product.md §8.5),
  // which the demo would write on every read.
  for (const [mapID, data] of [
    ['plaza', { name: 'Central Plaza', region: 'north', capacity: 120 }],
    ['harbor', { name: 'Old Harbor', region: 'east', capacity: 60 }],
    ['racetrack', { name: 'Sunset Racetrack', region: 'south', capacity: 40 }],
  ] as const) {
    events.push({ id: `demo:map-data:${mapID}`, type: 'map-data', at: ago(1), mapID, data });
  }
  return events;
}

export async function seedGameData(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  const events: BatchEvent[] = demoEvents(now).map((raw, index) => ({
    index,
    event: gameEventSchema.parse(raw) as GameEvent,
  }));
  await storeEvents(db, events, new Map(GAME_DATA_KINDS.map((kind) => [kind.type, kind])), now);
}
