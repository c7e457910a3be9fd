import { sql } from 'kysely';
import { expect } from 'vitest';
import type { SignedIn } from '../../identity/testing';
import { type CrashWorkload, call, playerRota } from './load';

const EVENTS_PER_BATCH = 20;

/**
 * The game's ingestion batches (playtime sessions) sent with the development service key: every
 * event of an acknowledged batch is stored, and the playtime total moved with exactly the sessions
 * stored.
 */
export function ingestionLoad(players: readonly SignedIn[], serviceKey: string, prefix: string): CrashWorkload {
  const next = playerRota(players);
  const events: string[] = [];
  let batches = 0;
  return {
    name: 'ingestion',
    async turn(server) {
      batches += 1;
      const player = next();
      const sent = Array.from({ length: EVENTS_PER_BATCH }, (_, index) => ({
        id: `${prefix}-${batches}-${index}`,
        type: 'playtime',
        userID: player.userId,
        seconds: 60 + index,
        at: new Date().toISOString(),
      }));
      const answer = await call(server, '/api/ingest/development/events', {
        method: 'POST',
        bearer: `Bearer ${serviceKey}`,
        body: { events: sent },
      });
      if (answer.status === 200 && (answer.body as { stored: number }).stored === sent.length) {
        events.push(...sent.map(({ id }) => id));
      }
    },
    underWay: () => events.length > 0,
    async check({ game }) {
      const stored = new Set(
        (await game.selectFrom('user_playtime').select('event_id').execute()).map((row) => row.event_id),
      );
      expect(
        events.filter((id) => !stored.has(id)),
        'acknowledged events missing',
      ).toEqual([]);
      const sessions = await sql<{
        total: string | number | null;
      }>`select sum(seconds) as total from user_playtime`.execute(game);
      const total = await game
        .selectFrom('game_totals')
        .select('value')
        .where('name', '=', 'playtime_seconds')
        .executeTakeFirst();
      expect(Number(total?.value ?? 0), 'playtime total against sessions stored').toBe(
        Number(sessions.rows[0]?.total ?? 0),
      );
      return new Map();
    },
  };
}
