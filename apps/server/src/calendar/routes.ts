import {
  CALENDAR_KIND_READS,
  CALENDAR_MESSAGES,
  type CalendarKind,
  calendarEntryParamsSchema,
  calendarQuerySchema,
  calendarSchema,
  cancelledCalendarEntrySchema,
  moveCalendarEntryInputSchema,
  movedCalendarEntrySchema,
} from '@outpost/contracts/calendar/schemas';
import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import { can } from '@outpost/contracts/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores } from '../database';
import type { CalendarSource } from '../domain';
import { signedInViewer } from '../platform/http/access';
import { FunctionError } from '../platform/http/errors';
import { readCalendar } from './read';

export interface CalendarRoutesOptions {
  stores: AppStores;
  /** Every domain's calendar sources, one per kind. */
  sources: readonly CalendarSource[];
}

/** One source per kind: two domains claiming one kind is a mistake the app refuses to start with. */
function sourcesByKind(sources: readonly CalendarSource[]): ReadonlyMap<CalendarKind, CalendarSource> {
  const byKind = new Map<CalendarKind, CalendarSource>();
  for (const source of sources) {
    if (byKind.has(source.kind)) throw new Error(`Two calendar sources bring the kind "${source.kind}".`);
    byKind.set(source.kind, source);
  }
  return byKind;
}

/**
 * The calendar's routes (docs/decisions/0139-the-calendar.md): anyone in the admin area reads it,
 * each kind's things shown only to those its own screen's reads let in (CALENDAR_KIND_READS); a
 * move or a cancel takes the capability of the thing's own screen, checked here since the route
 * table knows one policy per path, and then runs through the thing's own domain, whose refusals
 * (FunctionErrors and its contracts' ZodErrors) answer as its own screen's routes do.
 */
export function registerCalendarRoutes(app: FastifyInstance, options: CalendarRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const byKind = sourcesByKind(options.sources);

  /** The kind's source, once the viewer may change its things. */
  async function changing(request: FastifyRequest, kind: CalendarKind): Promise<CalendarSource> {
    const source = byKind.get(kind);
    if (!source) throw new FunctionError('not-found', CALENDAR_MESSAGES.unknownKind);
    const viewer = await signedInViewer(request);
    if (!can(viewer.profile?.keys, CALENDAR_KIND_READS[kind])) {
      throw new FunctionError('permission-denied', CALENDAR_MESSAGES.notShown(kind));
    }
    if (!can(viewer.profile?.keys, source.capability)) {
      throw new FunctionError('permission-denied', CALENDAR_MESSAGES.notAllowed(kind));
    }
    return source;
  }

  api.get(
    '/api/admin/:env/calendar',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: calendarQuerySchema,
        response: { 200: calendarSchema },
      },
    },
    async (request) => {
      const environment: Environment = request.params.env;
      const from = new Date(request.query.from);
      const to = new Date(request.query.to);
      const viewer = await signedInViewer(request);
      const entries = await readCalendar(
        options.sources,
        { ...storesOf(environment), environment },
        { from, to, now: new Date() },
        viewer.profile?.keys,
      );
      return { from: from.toISOString(), to: to.toISOString(), entries };
    },
  );

  const storesOf = (environment: Environment) => ({
    game: options.stores.game[environment],
    identity: options.stores.identity,
  });

  api.post(
    '/api/admin/:env/calendar/:kind/:entryID/move',
    {
      schema: {
        params: calendarEntryParamsSchema,
        body: moveCalendarEntryInputSchema,
        response: { 200: movedCalendarEntrySchema },
      },
    },
    async (request) => {
      const { env, kind, entryID } = request.params;
      const source = await changing(request, kind);
      if (!source.move) throw new FunctionError('invalid-argument', CALENDAR_MESSAGES.notMovable(kind));
      const startsAt = new Date(request.body.startsAt);
      if (Number.isNaN(startsAt.getTime())) throw new FunctionError('invalid-argument', CALENDAR_MESSAGES.startsAt);
      // Moved into the past, a thing would start at once: that is its own screen's "start now", not a move.
      if (startsAt.getTime() <= Date.now()) throw new FunctionError('invalid-argument', CALENDAR_MESSAGES.past);
      await source.move(storesOf(env), entryID, startsAt, await adminChangeOf(request, env));
      return { kind, entryID, startsAt: startsAt.toISOString() };
    },
  );

  api.post(
    '/api/admin/:env/calendar/:kind/:entryID/cancel',
    { schema: { params: calendarEntryParamsSchema, response: { 200: cancelledCalendarEntrySchema } } },
    async (request) => {
      const { env, kind, entryID } = request.params;
      const source = await changing(request, kind);
      if (!source.cancel) throw new FunctionError('invalid-argument', CALENDAR_MESSAGES.notCancellable(kind));
      await source.cancel(storesOf(env), entryID, await adminChangeOf(request, env));
      return { kind, entryID };
    },
  );
}
