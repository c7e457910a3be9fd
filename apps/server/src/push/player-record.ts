import type { PushPlatform } from '@outpost/contracts/push';
import type { PlayerRecordPart } from '../domain';
import { instantCell, newestSection, textCell } from '../platform/player-record';

const PLATFORM_NAMES: Record<PushPlatform, string> = { ios: 'iOS', android: 'Android', web: 'Web' };

/** Push's part of the player page: the devices they registered for notifications (a test push reaches these). */
export const pushPlayerRecord: PlayerRecordPart = async ({ game }, userId) => {
  const devices = game.selectFrom('push_devices').where('user_id', '=', userId);
  return [
    await newestSection(
      {
        key: 'devices',
        title: 'Devices',
        columns: [
          { key: 'platform', label: 'Platform', primary: true },
          { key: 'registered', label: 'Registered' },
          { key: 'lastSeen', label: 'Last seen' },
        ],
        empty: 'No device registered for notifications.',
      },
      devices,
      devices
        .select(['token_hash', 'platform', 'registered_at', 'last_seen'])
        .orderBy('last_seen', 'desc')
        .orderBy('token_hash'),
      (row) => ({
        id: row.token_hash,
        cells: {
          platform: textCell(PLATFORM_NAMES[row.platform]),
          registered: instantCell(row.registered_at),
          lastSeen: instantCell(row.last_seen),
        },
      }),
    ),
  ];
};
