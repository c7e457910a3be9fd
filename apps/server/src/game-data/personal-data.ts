import type { GameDatabase } from '../database';
import { anonymiseColumns, type PersonalDataPart } from '../platform/personal-data';

/**
 * What the game reported about a player: their play sessions, level, objectives and when they were
 * last seen. Sessions, objectives and the hours and days they were seen feed the totals and charts everyone
 * sees, so they stay under the anonymous id; their presence is theirs alone and goes.
 */
export const gameDataPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const [sessions, level, objectives, presence] = await Promise.all([
      db
        .selectFrom('user_playtime')
        .select(['seconds', 'played_at'])
        .where('user_id', '=', userId)
        .orderBy('played_at')
        .execute(),
      db.selectFrom('levels').select(['level', 'reached_at']).where('user_id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('objective_tracking')
        .select(['key', 'tracked_at'])
        .where('user_id', '=', userId)
        .orderBy('tracked_at')
        .execute(),
      db.selectFrom('user_presence').select('last_seen').where('user_id', '=', userId).executeTakeFirst(),
    ]);
    return {
      game: {
        playSessions: sessions.map((row) => ({ seconds: row.seconds, playedAt: row.played_at })),
        level: level ? { level: level.level, reachedAt: level.reached_at } : null,
        objectives: objectives.map((row) => ({ key: row.key, trackedAt: row.tracked_at })),
        lastSeen: presence?.last_seen ?? null,
      },
    };
  },
  async erase(trx, subject) {
    await trx.deleteFrom('user_presence').where('user_id', '=', subject.userId).execute();
    await anonymiseColumns(
      trx,
      {
        user_playtime: ['user_id'],
        objective_tracking: ['user_id'],
        presence_hours: ['user_id'],
        presence_days: ['user_id'],
        levels: ['user_id'],
      },
      subject,
    );
  },
};
