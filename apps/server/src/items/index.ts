/* What items-master offers other domains: checks that the items they name exist, and their names. */
export { findMissingItems, itemNamesOf, namedItems, UnknownItemsError } from './queries';
