/* What the shop offers other domains: its credit packs, which the game's stores sell too. */
export { findCreditPack } from './admin-queries';
