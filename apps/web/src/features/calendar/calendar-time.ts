import {
  CALENDAR_KIND_LABELS,
  CALENDAR_VIEWS,
  type CalendarEntry,
  type CalendarView,
} from '@outpost/contracts/calendar/schemas';
import { formatDate } from '../admin/components/local-time';

/*
 * The calendar's days, periods and layout as pure functions of dates in the viewer's time zone.
 * Days are made with the local Date constructor (year, month, day), never by adding 24 hours, so a
 * day that changes clocks is still one day. Weeks start on Monday (ISO 8601).
 */

const HOUR_MS = 3_600_000;

/** What a link or a reload of the calendar keeps: the view, and a day in its period. */
export interface CalendarPlace {
  view: CalendarView;
  /** Local midnight of the day the period holds. */
  date: Date;
}

/** Local midnight of `date`'s day. */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** `date`'s day moved by `days` (local midnight). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** The Monday (local midnight) of `date`'s week. */
export function startOfWeek(date: Date): Date {
  // getDay: Sunday 0 … Saturday 6; Monday starts the week.
  return addDays(date, -((date.getDay() + 6) % 7));
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A day as the address holds it ("2026-12-04"), in the viewer's zone. */
export function dayParam(date: Date): string {
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** The day a `date` parameter names, or null for one that names none ("2026-02-30", "soon"). */
export function parseDayParam(text: string | null): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(year, month, day);
  return date.getFullYear() === year && date.getMonth() === month && date.getDate() === day ? date : null;
}

const isView = (text: string | null): text is CalendarView =>
  (CALENDAR_VIEWS as readonly (string | null)[]).includes(text);

/** The view and day the address asks for; a missing or wrong one is the month of today. */
export function placeFromParams(params: URLSearchParams, today: Date): CalendarPlace {
  const view = params.get('view');
  return {
    view: isView(view) ? view : 'month',
    date: parseDayParam(params.get('date')) ?? startOfDay(today),
  };
}

/** The address's query for `place` (without the "?"). */
export function placeParams(place: CalendarPlace): URLSearchParams {
  return new URLSearchParams({ view: place.view, date: dayParam(place.date) });
}

/** The days a view shows: one, a week from Monday, or the month's whole weeks (Monday to Sunday). */
export function daysOf({ view, date }: CalendarPlace): Date[] {
  if (view === 'day') return [startOfDay(date)];
  const first = view === 'week' ? startOfWeek(date) : startOfWeek(new Date(date.getFullYear(), date.getMonth(), 1));
  const end =
    view === 'week' ? addDays(first, 7) : addDays(startOfWeek(new Date(date.getFullYear(), date.getMonth() + 1, 0)), 7);
  const days: Date[] = [];
  for (let day = first; day < end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The month view's rows: its days, seven to a week. */
export function monthWeeks(date: Date): Date[][] {
  const days = daysOf({ view: 'month', date });
  const weeks: Date[][] = [];
  for (let index = 0; index < days.length; index += 7) weeks.push(days.slice(index, index + 7));
  return weeks;
}

/** The instants a view asks the server for: from its first day's midnight to the midnight after its last. */
export function windowOf(place: CalendarPlace): { from: Date; to: Date } {
  const days = daysOf(place);
  const first = days[0] ?? startOfDay(place.date);
  return { from: first, to: addDays(days.at(-1) ?? first, 1) };
}

/** The period before or after (`step` -1 or 1): the day, the week, the month (its first day). */
export function shiftPlace({ view, date }: CalendarPlace, step: -1 | 1): CalendarPlace {
  if (view === 'day') return { view, date: addDays(date, step) };
  if (view === 'week') return { view, date: addDays(date, 7 * step) };
  return { view, date: new Date(date.getFullYear(), date.getMonth() + step, 1) };
}

/** A day with its weekday, in the back office's date format ("Friday, Dec 4, 2026"). */
export function formatDayTitle(date: Date): string {
  return `${date.toLocaleDateString(undefined, { weekday: 'long' })}, ${formatDate(date.toISOString())}`;
}

/** The time of day of an instant: the time half of the back office's instants (formatInstant). */
export function formatTime(date: Date): string {
  return date.toLocaleTimeString(undefined, { timeStyle: 'short' });
}

/** The period a view shows, as its heading says it. */
export function periodTitle(place: CalendarPlace): string {
  if (place.view === 'day') return formatDayTitle(place.date);
  if (place.view === 'month') {
    return place.date.toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
  }
  const days = daysOf(place);
  const [first, last] = [days[0] ?? place.date, days.at(-1) ?? place.date];
  return `${formatDate(first.toISOString())} – ${formatDate(last.toISOString())}`;
}

/** An entry's instants: a moment's end is its start. */
export function spanOf(entry: Pick<CalendarEntry, 'startsAt' | 'endsAt'>): { start: number; end: number } {
  const start = Date.parse(entry.startsAt);
  const end = entry.endsAt === null ? start : Date.parse(entry.endsAt);
  return { start, end: Math.max(start, end) };
}

type Timed = Pick<CalendarEntry, 'startsAt' | 'endsAt'>;

/**
 * Whether two entries happen at once: windows that share time, a moment inside a window (its
 * opening included, its closing not: the window has ended), or two moments at the same instant.
 */
export function overlapInTime(a: Timed, b: Timed): boolean {
  const [x, y] = [spanOf(a), spanOf(b)];
  return x.start === y.start || (x.start < y.end && y.start < x.end);
}

/** Which entries each entry happens at once with, by its key. */
export function overlapsOf<Entry extends CalendarEntry>(entries: readonly Entry[]): Map<string, Entry[]> {
  const overlaps = new Map<string, Entry[]>(entries.map((entry) => [entryKey(entry), []]));
  for (const [index, entry] of entries.entries()) {
    for (const other of entries.slice(index + 1)) {
      if (!overlapInTime(entry, other)) continue;
      overlaps.get(entryKey(entry))?.push(other);
      overlaps.get(entryKey(other))?.push(entry);
    }
  }
  return overlaps;
}

/** What an entry's overlap badge says ("Overlaps with Summer drop", "Overlaps with Summer drop and 2 more"); null for none. */
export function overlapText(others: readonly Pick<CalendarEntry, 'title'>[]): string | null {
  const [first, ...rest] = others;
  if (!first) return null;
  return rest.length === 0 ? `Overlaps with ${first.title}` : `Overlaps with ${first.title} and ${rest.length} more`;
}

/** An entry's key in lists: its kind and its id (the calendar's own routes name it so). */
export function entryKey(entry: Pick<CalendarEntry, 'kind' | 'entryID'>): string {
  return `${entry.kind}/${entry.entryID}`;
}

/** Whether an entry touches `day`: it starts that day, or it is a window open during some of it. */
export function touchesDay(entry: Timed, day: Date): boolean {
  const { start, end } = spanOf(entry);
  const [from, to] = [startOfDay(day).getTime(), addDays(day, 1).getTime()];
  return (start >= from && start < to) || (start < to && end > from);
}

/** The entries touching `day`, in their order. */
export function entriesOnDay<Entry extends Timed>(entries: readonly Entry[], day: Date): Entry[] {
  return entries.filter((entry) => touchesDay(entry, day));
}

/**
 * A window lasting a day or more: the week and day views put it in the band above the hours,
 * spanning its days, rather than filling whole columns of the hour grid.
 */
export function isLong(entry: Timed): boolean {
  const { start, end } = spanOf(entry);
  return end - start >= 24 * HOUR_MS;
}

/** The shortest an entry is drawn in the hour grid: a moment still needs room for its words. */
export const SHORTEST_DRAWN_MINUTES = 60;

/** The minutes of the hour grid's day: 24 hours of the clock, whatever the day's length. */
const DAY_MINUTES = 24 * 60;

/**
 * Where an instant sits in the hour grid: minutes on the wall clock since midnight (0 to under 1440),
 * not minutes elapsed. The grid draws the clock's 24 hours (time-grid.tsx), so on a day the clocks
 * change (23 or 25 hours long) an entry stays at the hour its time says; in the repeated hour of
 * autumn's change, both of its instants share their place.
 */
function wallMinutes(instant: number): number {
  const date = new Date(instant);
  return date.getHours() * 60 + date.getMinutes() + date.getSeconds() / 60;
}

/** One entry placed in a day's hour grid: where (minutes on the clock) and in which of the columns its group shares. */
export interface Placed<Entry> {
  entry: Entry;
  /** Where it is drawn from, in minutes on the clock from midnight (0 to 1440), and how long it is drawn. */
  top: number;
  height: number;
  column: number;
  columns: number;
}

/**
 * Places `entries` in `day`'s hour grid: each clipped to the day, drawn at least
 * SHORTEST_DRAWN_MINUTES long, and entries whose drawn times overlap side by side: a group of
 * entries that overlap one another (directly or through others) shares the width in as many
 * columns as it needs at once, each entry in the first column free when it starts.
 */
export function layoutDay<Entry extends Timed>(entries: readonly Entry[], day: Date): Placed<Entry>[] {
  const [from, to] = [startOfDay(day).getTime(), addDays(day, 1).getTime()];
  const drawn = entries
    .map((entry) => {
      const { start, end } = spanOf(entry);
      const top = start <= from ? 0 : wallMinutes(start);
      const bottom = end >= to ? DAY_MINUTES : wallMinutes(end);
      const height = Math.max(bottom - top, SHORTEST_DRAWN_MINUTES);
      // A short entry late in the day is drawn ending at midnight rather than below it.
      return { entry, top: Math.min(top, DAY_MINUTES - height), height, column: 0, columns: 1 };
    })
    .sort((a, b) => a.top - b.top || b.height - a.height);

  const placed: Placed<Entry>[] = [];
  let group: (typeof drawn)[number][] = [];
  let groupEnd = Number.NEGATIVE_INFINITY;
  const closeGroup = () => {
    const columns = Math.max(1, ...group.map((item) => item.column + 1));
    for (const item of group) placed.push({ ...item, columns });
    group = [];
  };
  for (const item of drawn) {
    if (item.top >= groupEnd) {
      closeGroup();
      groupEnd = Number.NEGATIVE_INFINITY;
    }
    const columnEnds: number[] = [];
    for (const other of group)
      columnEnds[other.column] = Math.max(columnEnds[other.column] ?? 0, other.top + other.height);
    let column = 0;
    while ((columnEnds[column] ?? Number.NEGATIVE_INFINITY) > item.top) column += 1;
    item.column = column;
    group.push(item);
    groupEnd = Math.max(groupEnd, item.top + item.height);
  }
  closeGroup();
  return placed;
}

/** One long entry in the band above the week's hours: the first and last of the shown days it touches (0-based). */
export interface Banded<Entry> {
  entry: Entry;
  first: number;
  last: number;
  /** Its row in the band: entries whose days meet take different rows. */
  row: number;
}

/** Lays the long entries over `days`, each in the first row where its days are free. */
export function layoutBand<Entry extends Timed>(entries: readonly Entry[], days: readonly Date[]): Banded<Entry>[] {
  const rows: number[] = [];
  const banded: Banded<Entry>[] = [];
  for (const entry of entries) {
    const touched = days.flatMap((day, index) => (touchesDay(entry, day) ? [index] : []));
    const [first, last] = [touched[0], touched.at(-1)];
    if (first === undefined || last === undefined) continue;
    let row = 0;
    while ((rows[row] ?? -1) >= first) row += 1;
    rows[row] = last;
    banded.push({ entry, first, last, row });
  }
  return banded;
}

/** When an entry is, in words: "Dec 4, 2026, 3:00 PM", or a window's start and end (the end's day said when it differs). */
export function whenText(entry: Timed, formatInstant: (iso: string) => string): string {
  if (entry.endsAt === null) return formatInstant(entry.startsAt);
  const [start, end] = [new Date(entry.startsAt), new Date(entry.endsAt)];
  return `${formatInstant(entry.startsAt)} – ${sameDay(start, end) ? formatTime(end) : formatInstant(entry.endsAt)}`;
}

/** The short time an entry shows on a day: its start that day, "until" its end, or "all day" between. */
export function timeOnDay(entry: Timed, day: Date): string {
  const { start, end } = spanOf(entry);
  const [from, to] = [startOfDay(day).getTime(), addDays(day, 1).getTime()];
  if (start >= from) return formatTime(new Date(start));
  if (end < to) return `until ${formatTime(new Date(end))}`;
  return 'all day';
}

/** An entry's kind as the legend and the entry say it. */
export const kindLabel = (entry: Pick<CalendarEntry, 'kind'>) => CALENDAR_KIND_LABELS[entry.kind];

/**
 * Where a new thing starts when created from a day: the hour given (a slot of the hour grid), else
 * the next whole hour when the day is today, else 9:00.
 */
export function startFor(day: Date, now: Date, hour?: number): Date {
  if (hour !== undefined) return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour);
  if (sameDay(day, now)) return new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours() + 1);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), 9);
}
