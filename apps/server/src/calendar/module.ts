import type { Domain } from '../domain';
import { registerCalendarRoutes } from './routes';

/**
 * The calendar: one timeline per environment of every dated thing the back office runs, which the
 * other domains bring (their `calendar` sources) and move or cancel by their own rules. It keeps
 * nothing of its own: no table, no topic, no admin-log action.
 */
export const domain: Domain = {
  name: 'calendar',
  register(app, { stores, domains }) {
    registerCalendarRoutes(app, { stores, sources: domains.flatMap((domain) => domain.calendar ?? []) });
  },
};
