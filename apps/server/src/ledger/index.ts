/* What the ledger offers other domains: credits moved once per reference, and items granted to inventories. */
export { countItemClaims, grantAllItems, grantItems } from './inventory';
export { credit, getBalance, InsufficientCreditsError, spend } from './ledger';
