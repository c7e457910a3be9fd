/* What items-master offers other domains: checks that the items they name exist, their names, and the item-use check they bring. */
export { findMissingItems, type ItemUseCheck, itemNamesOf, namedItems, UnknownItemsError } from './queries';
