import type { PushPlatform } from '@outpost/contracts/push';
import type { PushMessageState, PushRecipientCategory, PushSendSchedule } from '@outpost/contracts/push-messages';
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

/**
 * Each player holding a device, with how many, kept by the store's triggers on push_devices
 * (migrations/2027-01-01-push-device-counts.ts): a player's row goes with their last device.
 */
export interface PushDevicePlayerTable {
  user_id: string;
  devices: number;
}

/**
 * Changes whose sums are how many players hold a device and how many devices there are, kept by the
 * same triggers: a row per statement that moves a count on PostgreSQL, folded by a periodic job
 * (device-totals.ts); one row on SQLite.
 */
export interface PushDeviceTotalTable {
  players: number | string;
  devices: number | string;
}

/**
 * One push message an admin sent or scheduled ('{env}-push-sendbatch'; a test notification is in
 * the admin log only), with its state, its counts and the sending job's checkpoint:
 * the job first gathers a segment's players into push_recipients (`recipients_after`, the last
 * player id gathered), then sends to their devices in key order (`devices_after`, the last device
 * key of the last chunk handed to the push service).
 */
export interface PushMessageTable {
  message_id: string;
  /** The composer's name for the send: a retry with it is the same message. */
  request_id: string | null;
  title: string;
  body: string;
  recipient_category: PushRecipientCategory;
  /** Players seen since (ISO 8601), for 'active'. */
  active_since: string | null;
  /** JSON array of the chosen players, for 'users'. */
  user_ids: string | null;
  /** The segment whose players it goes to, for 'segment'. */
  segment_id: string | null;
  send_schedule: PushSendSchedule;
  /** When it is (or was) due (ISO 8601, UTC). */
  send_at: string;
  state: PushMessageState;
  /** Where the job is: gathering the recipients, or sending to their devices. */
  phase: 'recipients' | 'devices';
  recipients_after: string | null;
  devices_after: string | null;
  /** Devices handed to the push service, and how they fared. */
  sent_count: number;
  failed_count: number;
  /** Devices the push service said are gone: forgotten. */
  pruned_count: number;
  /** The admin's user id. */
  created_by: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  last_error: string | null;
}

/** The players of a segment message, gathered once when its sending starts (they may span stores). */
export interface PushRecipientTable {
  message_id: string;
  user_id: string;
}

/**
 * Each device a message was handed to, once: 'sending' is written and committed before the chunk
 * goes to the push service, so a chunk a crash interrupted is never sent again (no device gets a
 * message twice); its devices are counted failed when the job resumes.
 */
export interface PushDeliveryTable {
  message_id: string;
  /**
   * The token's SHA-256 (push_devices' key): a token may be 4 KB, too long for an index entry. The
   * token itself is not kept with the history (push/migrations/2026-12-30-push-deliveries-without-token.ts).
   */
  token_hash: string;
  user_id: string;
  status: 'sending' | 'sent' | 'failed' | 'unregistered';
  /** The push service's message id, or why it failed. */
  detail: string | null;
}

export interface PushTables {
  push_devices: PushDeviceTable;
  push_device_players: PushDevicePlayerTable;
  push_device_totals: PushDeviceTotalTable;
  push_messages: PushMessageTable;
  push_recipients: PushRecipientTable;
  push_deliveries: PushDeliveryTable;
}

export type PushMessageRow = Selectable<PushMessageTable>;

declare module '../database' {
  interface GameDatabase extends PushTables {}
}
