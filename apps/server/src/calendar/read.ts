import { CALENDAR_KIND_READS, CALENDAR_KINDS, type CalendarEntry } from '@outpost/contracts/calendar/schemas';
import type { Environment } from '@outpost/contracts/environments';
import { can } from '@outpost/contracts/permissions';
import type { CalendarRecord, CalendarSource, CalendarWindow, CountedStores } from '../domain';

/** Whether a thing touches the window [from, to): it starts before the end and ends (a moment: starts) at or after the start. */
export function touchesWindow(record: Pick<CalendarRecord, 'startsAt' | 'endsAt'>, window: CalendarWindow): boolean {
  const starts = Date.parse(record.startsAt);
  const ends = record.endsAt === null ? starts : Date.parse(record.endsAt);
  return starts < window.to.getTime() && ends >= window.from.getTime();
}

const kindOrder = (kind: CalendarEntry['kind']) => CALENDAR_KINDS.indexOf(kind);

/** By start, then kind (in the legend's order), then id: the same read answers the same order. */
export function byStart(a: CalendarEntry, b: CalendarEntry): number {
  return (
    Date.parse(a.startsAt) - Date.parse(b.startsAt) ||
    kindOrder(a.kind) - kindOrder(b.kind) ||
    (a.entryID < b.entryID ? -1 : a.entryID > b.entryID ? 1 : 0)
  );
}

/** Each instant spelled one way (UTC, milliseconds), whichever way its domain stores it. */
const utc = (instant: string) => new Date(instant).toISOString();

/**
 * The things in one environment that touch the window, of the kinds whose own screens the viewer
 * (by their profile's keys) may read (CALENDAR_KIND_READS: a moderator sees no pushes), with what
 * the viewer may do with each: move or cancel where the source can, the thing is still to come,
 * and the viewer holds the capability its own screen's writes take.
 */
export async function readCalendar(
  sources: readonly CalendarSource[],
  stores: CountedStores & { environment: Environment },
  window: CalendarWindow,
  keys: readonly string[] | undefined,
): Promise<CalendarEntry[]> {
  const read = await Promise.all(
    sources
      .filter((source) => can(keys, CALENDAR_KIND_READS[source.kind]))
      .map(async (source) => {
        const allowed = can(keys, source.capability);
        const records = await source.entries(stores, window);
        return records
          .filter((record) => touchesWindow(record, window))
          .map((record) => {
            const open = allowed && record.state === 'scheduled';
            return {
              ...record,
              startsAt: utc(record.startsAt),
              endsAt: record.endsAt === null ? null : utc(record.endsAt),
              canMove: open && source.move !== undefined,
              canCancel: open && source.cancel !== undefined,
            };
          });
      }),
  );
  return read.flat().sort(byStart);
}
