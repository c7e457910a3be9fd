import type { PlayerRecordPart } from '../domain';
import { instantCell, newestSection, textCell } from '../platform/player-record';

const iso = (at: string | Date) => new Date(at).toISOString();

/**
 * Identity's part of the player page: the sessions the player is signed in with (every environment
 * shares them), newest first; staff end one or all of them from the page.
 */
export const identityPlayerRecord: PlayerRecordPart = async ({ identity }, userId) => {
  const sessions = identity
    .selectFrom('auth_sessions')
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date().toISOString());
  return [
    await newestSection(
      {
        key: 'sessions',
        title: 'Sessions',
        columns: [
          { key: 'device', label: 'Device', primary: true },
          { key: 'address', label: 'Address' },
          { key: 'started', label: 'Signed in' },
          { key: 'active', label: 'Last active' },
          { key: 'expires', label: 'Expires' },
        ],
        empty: 'Not signed in anywhere.',
      },
      sessions,
      sessions
        .select(['id', 'created_at', 'updated_at', 'expires_at', 'ip_address', 'user_agent'])
        .orderBy('updated_at', 'desc')
        .orderBy('id'),
      (row) => ({
        id: row.id,
        cells: {
          device: textCell(row.user_agent ?? 'Unknown device'),
          address: textCell(row.ip_address),
          started: instantCell(iso(row.created_at)),
          active: instantCell(iso(row.updated_at)),
          expires: instantCell(iso(row.expires_at)),
        },
      }),
    ),
  ];
};
