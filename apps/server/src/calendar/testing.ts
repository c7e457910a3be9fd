import type { Calendar, CalendarEntry, CalendarKind } from '@outpost/contracts/calendar/schemas';
import type { Environment } from '@outpost/contracts/environments';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SignedIn } from '../identity/testing';

const iso = (at: number | string) => new Date(at).toISOString();

/**
 * The calendar's routes for one kind of entry, as the tests of the domains that bring it call
 * them: the window's entries of that kind, and a move or cancel of one. Each asks as `as`, else as
 * `viewer()` (read when asked, so a test's beforeAll may sign the viewer up after this is made).
 */
export function calendarRoutes(
  app: () => FastifyInstance,
  kind: CalendarKind,
  viewer: () => SignedIn,
  environment: Environment = 'development',
) {
  const base = `/api/admin/${environment}/calendar`;
  const request = (method: 'GET' | 'POST', url: string, as: SignedIn, payload?: object) =>
    app().inject({ method, url, headers: { authorization: as.bearer }, ...(payload ? { payload } : {}) });
  return {
    /** The entries of `kind` from `from` to `to` (epoch ms or ISO 8601); throws unless the calendar answers 200. */
    async entries(from: number | string, to: number | string, as: SignedIn = viewer()): Promise<CalendarEntry[]> {
      const response = await request('GET', `${base}?from=${iso(from)}&to=${iso(to)}`, as);
      if (response.statusCode !== 200)
        throw new Error(`The calendar answered ${response.statusCode}: ${response.body}`);
      return (response.json() as Calendar).entries.filter((entry) => entry.kind === kind);
    },
    move: (entryID: string, startsAt: number | string, as: SignedIn = viewer()): Promise<LightMyRequestResponse> =>
      request('POST', `${base}/${kind}/${entryID}/move`, as, { startsAt: iso(startsAt) }),
    cancel: (entryID: string, as: SignedIn = viewer()): Promise<LightMyRequestResponse> =>
      request('POST', `${base}/${kind}/${entryID}/cancel`, as, {}),
  };
}
