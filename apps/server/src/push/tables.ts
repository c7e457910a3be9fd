/**
 * A device registered for push in one environment's store: its messaging token (kept once: a
 * device that changes hands moves to its new player), whose it is, and its platform.
 */
export interface PushDeviceTable {
  token: string;
  user_id: string;
  platform: 'ios' | 'android' | 'web' | 'unknown';
  registered_at: string;
  /** When the device last registered or called with its token. */
  seen_at: string;
}

export interface PushDeviceTables {
  push_devices: PushDeviceTable;
}
