/*
 * The domains whose contracts live in a folder of their own, one line each:
 * `export { nameContract } from './name/contract';` (`npm run new-domain` adds the line).
 * domain-contract.ts adds what each brings to the shared tables.
 */
export { calendarContract } from './calendar/contract';
export { experimentsContract } from './experiments/contract';
export { remoteConfigContract } from './remote-config/contract';
export { segmentsContract } from './segments/contract';
export { storePurchasesContract } from './store-purchases/contract';
export { subscriptionsContract } from './subscriptions/contract';
export {};
