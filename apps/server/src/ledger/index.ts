/* What the ledger offers other domains: credits moved once per reference, and items granted to inventories. */
export { countItemClaims, grantAllItems, grantItems, type ItemGrant } from './inventory';
export { credit, getBalance, getBalances, InsufficientCreditsError, spend, takeBack } from './ledger';
export { SpendBatch } from './spend-batch';
