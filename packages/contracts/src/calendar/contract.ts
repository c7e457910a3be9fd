import type { DomainContract } from '../domain-contract';
import type { Environment } from '../environments';
import { CALENDAR_PATHS } from './paths';

/*
 * What the calendar brings to the shared tables (domain-contract.ts): its routes' policies and its
 * screen's path. It has no topic and no admin-log actions of its own: it shows other domains'
 * things, whose topics name its query key (live-topics.ts) and whose changes log as their own
 * screens' do. Registered by its line in domain-contracts.ts.
 */

/** The web app's cached reads of the calendar: one environment's, whatever window. */
export const CALENDAR_QUERY_KEYS = {
  admin: (environment: Environment) => ['admin', environment, 'calendar'] as const,
} as const;

export const calendarContract = {
  apiPolicies: {
    // Each kind's things only to those its own screen's reads let in (CALENDAR_KIND_READS, schemas.ts).
    'GET /api/admin/:env/calendar': { access: 'adminArea' },
    // Each kind takes its own screen's capability (the kind's calendar source names it), checked by the route.
    'POST /api/admin/:env/calendar/:kind/:entryID/move': { access: 'adminArea' },
    'POST /api/admin/:env/calendar/:kind/:entryID/cancel': { access: 'adminArea' },
  },
  screenPaths: [CALENDAR_PATHS.admin],
} as const satisfies DomainContract;
