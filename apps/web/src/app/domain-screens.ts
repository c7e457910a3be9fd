/*
 * The domains whose screens live in a feature folder of their own, one line each:
 * `export { nameScreens } from '../features/name/screens';` (`npm run new-domain` adds the line).
 * brought-screens.ts adds what each brings to the route tables and the Configuration screen.
 */
export { calendarScreens } from '../features/calendar/screens';
export { experimentsScreens } from '../features/experiments/screens';
export { remoteConfigScreens } from '../features/remote-config/screens';
export { segmentsScreens } from '../features/segments/screens';
export { subscriptionsScreens } from '../features/subscriptions/screens';
export {};
