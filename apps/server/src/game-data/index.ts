/* What the game data offers: which of some player ids have no account, and its service keys. */
export { hasActiveIngestKey, useIngestKey } from './keys';
