/* What push offers the sending of notifications: the audience's devices in batches, and dropping invalid tokens. */
export {
  audienceDeviceBatches,
  audienceDevicePage,
  countAudienceDevices,
  countAudiencePlayers,
  type DevicePage,
  dropDevices,
  listPlayersDevices,
  PUSH_CHOSEN_PLAYERS_MAX,
  type PushAudience,
  type PushDevice,
  type SegmentQuery,
} from './audience';
export { tokenKey } from './token-key';
