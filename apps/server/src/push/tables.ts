import type { PushPlatform } from '@outpost/contracts/push';
import type { Selectable } from 'kysely';

/**
 * The devices players registered for push, in each environment's store: one row per token, so a
 * device belongs to one player at a time (the last one signed in on it).
 */
export interface PushDeviceTable {
  /**
   * Hex SHA-256 of the token: the key. A token may be 4 KB, and PostgreSQL's btree entries stop at
   * about 2.7 KB, so the unique index and the senders' keyset pagination use the digest.
   */
  token_hash: string;
  token: string;
  user_id: string;
  platform: PushPlatform;
  /** ISO 8601: when this player registered the device (a device that changed hands starts again). */
  registered_at: string;
  /** ISO 8601: the device's last registration, refreshed at most once per PUSH_SEEN_REFRESH_MS. */
  last_seen: string;
}

export type PushDeviceRow = Selectable<PushDeviceTable>;

export interface PushDeviceTables {
  push_devices: PushDeviceTable;
}
