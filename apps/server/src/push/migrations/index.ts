import type { Migration } from 'kysely';
import * as pushDevices from './2026-12-10-push-devices';
import * as pushMessages from './2026-12-10-push-messages';
import * as pushSegments from './2026-12-23-push-segments';
import * as pushDeliveriesWithoutToken from './2026-12-30-push-deliveries-without-token';
import * as pushDeviceCounts from './2027-01-01-push-device-counts';

/** The push domain's game-store migrations; never edit one that has shipped, add a new one. */
export const pushMigrations: Record<string, Migration> = {
  '2026-12-10-push-devices': pushDevices,
  '2026-12-10-push-messages': pushMessages,
  '2026-12-23-push-segments': pushSegments,
  '2026-12-30-push-deliveries-without-token': pushDeliveriesWithoutToken,
  '2027-01-01-push-device-counts': pushDeviceCounts,
};
