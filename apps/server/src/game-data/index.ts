/* What the game data offers: its service keys. */
export { hasActiveIngestKey, useIngestKey } from './keys';
