import type { PlayerRecordPart } from '../domain';
import { instantCell, newestRows, recordSection, textCell } from '../platform/player-record';

/** A length of play in words: "2 h 05 min", "14 min", "40 s". */
export function playtimeInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60).toLocaleString('en-US')} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** Game data's part of the player page: their level, playtime and last seen as the game reports them, and their play sessions. */
export const gameDataPlayerRecord: PlayerRecordPart = async ({ game }, userId) => {
  const sessions = game.selectFrom('user_playtime').where('user_id', '=', userId);
  const [level, presence, played, recent] = await Promise.all([
    game.selectFrom('levels').select(['level', 'reached_at']).where('user_id', '=', userId).executeTakeFirst(),
    game.selectFrom('user_presence').select('last_seen').where('user_id', '=', userId).executeTakeFirst(),
    sessions.select((eb) => eb.fn.sum<number | string | null>('seconds').as('seconds')).executeTakeFirstOrThrow(),
    newestRows(sessions, sessions.select(['event_id', 'seconds', 'played_at']).orderBy('played_at', 'desc')),
  ]);
  return [
    recordSection(
      {
        key: 'game',
        title: 'In the game',
        facts: [
          { label: 'Level', value: level ? textCell(String(level.level)) : null },
          {
            label: 'Playtime',
            value: played.seconds === null ? null : textCell(playtimeInWords(Number(played.seconds))),
          },
          { label: 'Last seen', value: instantCell(presence?.last_seen) },
        ],
        columns: [
          { key: 'when', label: 'Played', primary: true },
          { key: 'length', label: 'Length' },
        ],
        empty: 'The game has reported no play session.',
      },
      recent.rows.map((row) => ({
        id: row.event_id,
        cells: { when: instantCell(row.played_at), length: textCell(playtimeInWords(row.seconds)) },
      })),
      recent.total,
    ),
  ];
};
