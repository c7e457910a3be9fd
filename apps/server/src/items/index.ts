/* What items-master offers other domains: checks that the items they name exist, and the item-use check they bring. */
export { findMissingItems, type ItemUseCheck, UnknownItemsError } from './queries';
