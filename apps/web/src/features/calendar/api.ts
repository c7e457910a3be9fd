import { CALENDAR_QUERY_KEYS } from '@outpost/contracts/calendar/contract';
import {
  type CalendarEntry,
  calendarSchema,
  cancelledCalendarEntrySchema,
  movedCalendarEntrySchema,
} from '@outpost/contracts/calendar/schemas';
import type { Environment } from '@outpost/contracts/environments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../lib/api';

/*
 * The calendar's requests. Every window's read sits under the environment's calendar key, which the
 * topics of the things it shows refresh (their backOfficeKeys): a drop made in another tab shows here.
 */

const base = (environment: Environment) => `/api/admin/${environment}/calendar`;
const entryPath = (environment: Environment, entry: Pick<CalendarEntry, 'kind' | 'entryID'>) =>
  `${base(environment)}/${entry.kind}/${encodeURIComponent(entry.entryID)}`;

/** GET /api/admin/:env/calendar?from=&to=: the entries touching the window; the last window's stay, marked, while the next loads. */
export function useCalendar(environment: Environment, window: { from: Date; to: Date }) {
  const [from, to] = [window.from.toISOString(), window.to.toISOString()];
  return useQuery({
    queryKey: [...CALENDAR_QUERY_KEYS.admin(environment), from, to],
    queryFn: () => requestJson(`${base(environment)}?${new URLSearchParams({ from, to })}`, calendarSchema),
    placeholderData: keepPreviousData,
  });
}

export type CalendarChange =
  | { kind: 'move'; entry: CalendarEntry; startsAt: string }
  | { kind: 'cancel'; entry: CalendarEntry };

/** Moves or cancels an entry with its own screen's rules; every cached window refetches. */
export function useChangeEntry(environment: Environment) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: CalendarChange) =>
      change.kind === 'move'
        ? requestJson(`${entryPath(environment, change.entry)}/move`, movedCalendarEntrySchema, {
            method: 'POST',
            body: { startsAt: change.startsAt },
          })
        : requestJson(`${entryPath(environment, change.entry)}/cancel`, cancelledCalendarEntrySchema, {
            method: 'POST',
          }),
    onSettled: () => client.invalidateQueries({ queryKey: CALENDAR_QUERY_KEYS.admin(environment) }),
  });
}
