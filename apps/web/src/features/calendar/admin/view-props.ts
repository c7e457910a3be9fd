import type { CalendarEntry } from '@outpost/contracts/calendar/schemas';
import type { CalendarPlace } from '../calendar-time';

/** What each view of the calendar is drawn from and does. */
export interface CalendarViewProps {
  place: CalendarPlace;
  /** The period's entries, by start. */
  entries: readonly CalendarEntry[];
  /** Each entry's overlapping entries, by entryKey. */
  overlaps: ReadonlyMap<string, readonly CalendarEntry[]>;
  today: Date;
  onOpen: (entry: CalendarEntry) => void;
  /** Starts a new thing on a day (at an hour of it, from the hour grid); null when the viewer may create none. */
  onNew: ((day: Date, hour?: number) => void) | null;
  /** Shows one day in the day view. */
  onShowDay: (day: Date) => void;
}
