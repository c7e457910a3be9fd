import type { CalendarEntry } from '@outpost/contracts/calendar/schemas';
import { CALENDAR_MAX_WINDOW_DAYS } from '@outpost/contracts/calendar/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  dayParam,
  daysOf,
  isLong,
  layoutBand,
  layoutDay,
  monthWeeks,
  overlapInTime,
  overlapsOf,
  overlapText,
  parseDayParam,
  placeFromParams,
  SHORTEST_DRAWN_MINUTES,
  shiftPlace,
  startFor,
  startOfWeek,
  timeOnDay,
  touchesDay,
  windowOf,
} from './calendar-time';

// Every date is made in the machine's own zone, as the screen makes them in the viewer's.
const at = (month: number, day: number, hour = 0, minute = 0) => new Date(2026, month - 1, day, hour, minute);

let made = 0;
function entry(title: string, startsAt: Date, endsAt: Date | null = null): CalendarEntry {
  made += 1;
  return {
    kind: endsAt ? 'machine-drop' : 'push',
    entryID: `${title}-${made}`,
    title,
    detail: '',
    startsAt: startsAt.toISOString(),
    endsAt: endsAt ? endsAt.toISOString() : null,
    state: 'scheduled',
    href: '/admin/shop/drops',
    canMove: true,
    canCancel: true,
  };
}

describe('the calendar’s days and periods', () => {
  it('reads the view and the day from the address, and falls back to the month of today', () => {
    const today = at(12, 4, 15, 30);
    expect(placeFromParams(new URLSearchParams('view=week&date=2026-11-02'), today)).toEqual({
      view: 'week',
      date: at(11, 2),
    });
    expect(placeFromParams(new URLSearchParams('view=year&date=2026-02-30'), today)).toEqual({
      view: 'month',
      date: at(12, 4),
    });
    expect(parseDayParam('2026-13-01')).toBeNull();
    expect(parseDayParam('soon')).toBeNull();
    expect(dayParam(at(3, 9))).toBe('2026-03-09');
  });

  it('starts weeks on Monday', () => {
    // 4 December 2026 is a Friday; the 6th a Sunday, the 7th a Monday.
    expect(startOfWeek(at(12, 4))).toEqual(at(11, 30));
    expect(startOfWeek(at(12, 6))).toEqual(at(11, 30));
    expect(startOfWeek(at(12, 7))).toEqual(at(12, 7));
    expect(daysOf({ view: 'week', date: at(12, 4) }).map(dayParam)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
  });

  it('draws a month as its whole weeks: four, five or six of them', () => {
    // February 2027 starts on a Monday and ends on a Sunday.
    const february = monthWeeks(new Date(2027, 1, 10));
    expect(february).toHaveLength(4);
    expect(dayParam(february[0]?.[0] ?? new Date(0))).toBe('2027-02-01');
    // December 2026: Tuesday the 1st to Thursday the 31st.
    const december = monthWeeks(at(12, 20));
    expect(december).toHaveLength(5);
    expect(december.map((week) => week.length)).toEqual([7, 7, 7, 7, 7]);
    expect(dayParam(december[0]?.[0] ?? new Date(0))).toBe('2026-11-30');
    expect(dayParam(december[4]?.[6] ?? new Date(0))).toBe('2027-01-03');
    // August 2026: Saturday the 1st to Monday the 31st.
    expect(monthWeeks(at(8, 1))).toHaveLength(6);
  });

  it('asks the server for the view’s window, from midnight to midnight, within the longest window allowed', () => {
    expect(windowOf({ view: 'day', date: at(12, 4) })).toEqual({ from: at(12, 4), to: at(12, 5) });
    expect(windowOf({ view: 'week', date: at(12, 4) })).toEqual({ from: at(11, 30), to: at(12, 7) });
    const august = windowOf({ view: 'month', date: at(8, 15) });
    expect(august).toEqual({ from: at(7, 27), to: at(9, 7) });
    const days = (august.to.getTime() - august.from.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(42);
    expect(days).toBeLessThanOrEqual(CALENDAR_MAX_WINDOW_DAYS);
  });

  it('steps a day, a week, or a month to its first day (31 January to February, not March)', () => {
    expect(shiftPlace({ view: 'day', date: at(12, 31) }, 1)).toEqual({ view: 'day', date: new Date(2027, 0, 1) });
    expect(shiftPlace({ view: 'week', date: at(12, 4) }, -1)).toEqual({ view: 'week', date: at(11, 27) });
    expect(shiftPlace({ view: 'month', date: at(1, 31) }, 1)).toEqual({ view: 'month', date: at(2, 1) });
  });
});

describe('entries in time', () => {
  it('tells which entries happen at once', () => {
    const drop = entry('Summer drop', at(12, 4, 12), at(12, 4, 18));
    expect(overlapInTime(drop, entry('Push inside', at(12, 4, 15)))).toBe(true);
    expect(overlapInTime(drop, entry('Push at its opening', at(12, 4, 12)))).toBe(true);
    // A window is over at its closing.
    expect(overlapInTime(drop, entry('Push at its closing', at(12, 4, 18)))).toBe(false);
    expect(overlapInTime(drop, entry('Next drop', at(12, 4, 18), at(12, 4, 20)))).toBe(false);
    expect(overlapInTime(entry('A', at(12, 4, 9)), entry('B', at(12, 4, 9)))).toBe(true);
    expect(overlapInTime(entry('A', at(12, 4, 9)), entry('B', at(12, 4, 9, 10)))).toBe(false);
  });

  it('names what each entry overlaps', () => {
    const drop = entry('Summer drop', at(12, 4, 12), at(12, 4, 18));
    const push = entry('Sale push', at(12, 4, 15));
    const publish = entry('New prices', at(12, 4, 15));
    const alone = entry('Alone', at(12, 5, 9));
    const overlaps = overlapsOf([drop, push, publish, alone]);
    expect(overlapText(overlaps.get(`push/${push.entryID}`) ?? [])).toBe('Overlaps with Summer drop and 1 more');
    expect(overlaps.get(`machine-drop/${drop.entryID}`)?.map((other) => other.title)).toEqual([
      'Sale push',
      'New prices',
    ]);
    expect(overlapText(overlaps.get(`push/${alone.entryID}`) ?? [])).toBeNull();
    expect(overlapText([drop])).toBe('Overlaps with Summer drop');
  });

  it('puts an entry on each day it touches, a window ending at midnight not on the next', () => {
    const drop = entry('Weekend drop', at(12, 5, 18), at(12, 7, 0));
    expect([4, 5, 6, 7].map((day) => touchesDay(drop, at(12, day)))).toEqual([false, true, true, false]);
    expect(touchesDay(entry('Midnight push', at(12, 7)), at(12, 7))).toBe(true);
    expect(timeOnDay(drop, at(12, 6))).toBe('all day');
    expect(timeOnDay(entry('Over night', at(12, 5, 22), at(12, 6, 2)), at(12, 6))).toMatch(/^until /);
    expect(isLong(drop)).toBe(true);
    expect(isLong(entry('Evening', at(12, 5, 18), at(12, 5, 23)))).toBe(false);
  });

  it('lays entries that overlap side by side in a day’s hours, each group as wide as it needs', () => {
    const a = entry('A', at(12, 4, 10), at(12, 4, 12));
    const b = entry('B', at(12, 4, 11), at(12, 4, 13));
    const c = entry('C', at(12, 4, 12), at(12, 4, 14));
    const d = entry('D', at(12, 4, 15));
    const placed = new Map(layoutDay([d, c, b, a], at(12, 4)).map((item) => [item.entry.title, item]));
    expect(placed.get('A')).toMatchObject({ top: 600, height: 120, column: 0, columns: 2 });
    expect(placed.get('B')).toMatchObject({ top: 660, height: 120, column: 1, columns: 2 });
    // A has closed when C opens: C takes its column.
    expect(placed.get('C')).toMatchObject({ top: 720, column: 0, columns: 2 });
    // A moment alone is drawn long enough to read, across the whole width.
    expect(placed.get('D')).toMatchObject({ top: 900, height: SHORTEST_DRAWN_MINUTES, column: 0, columns: 1 });
  });

  it('clips windows to the day and keeps a late moment inside it', () => {
    const overnight = entry('Overnight', at(12, 3, 20), at(12, 4, 2));
    const late = entry('Late push', at(12, 4, 23, 50));
    const placed = new Map(layoutDay([overnight, late], at(12, 4)).map((item) => [item.entry.title, item]));
    expect(placed.get('Overnight')).toMatchObject({ top: 0, height: 120 });
    expect(placed.get('Late push')).toMatchObject({ top: 24 * 60 - SHORTEST_DRAWN_MINUTES, column: 0 });
  });

  it('bands windows over the days they touch, in rows where they meet', () => {
    const days = daysOf({ view: 'week', date: at(12, 4) });
    const first = entry('Week drop', at(11, 30, 9), at(12, 3, 9));
    const second = entry('Weekend drop', at(12, 2, 9), at(12, 8, 9));
    const third = entry('Friday drop', at(12, 4, 9), at(12, 5, 10));
    expect(layoutBand([first, second, third], days).map(({ entry, ...place }) => [entry.title, place])).toEqual([
      ['Week drop', { first: 0, last: 3, row: 0 }],
      ['Weekend drop', { first: 2, last: 6, row: 1 }],
      ['Friday drop', { first: 4, last: 5, row: 0 }],
    ]);
  });

  it('starts a new thing at the slot’s hour, the next hour today, or 9:00', () => {
    const now = at(12, 4, 15, 20);
    expect(startFor(at(12, 4), now, 7)).toEqual(at(12, 4, 7));
    expect(startFor(at(12, 4), now)).toEqual(at(12, 4, 16));
    expect(startFor(at(12, 10), now)).toEqual(at(12, 10, 9));
  });
});

/*
 * Days the clocks change, in a zone that changes them: the hour grid draws the clock's 24 hours
 * (admin/time-grid.tsx), so entries sit at the hour their time says, and nothing runs below it, on
 * a day of 23 hours and on one of 25. The zone is set for these tests alone (Node reads TZ again
 * when it is assigned) and given back after.
 */
describe('the hour grid on days the clocks change (Europe/Berlin)', () => {
  const HOUR_MS = 3_600_000;
  const DAY_MINUTES = 24 * 60;
  let machineZone: string | undefined;
  beforeAll(() => {
    machineZone = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
  });
  afterAll(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  const placedOn = (day: Date, entries: CalendarEntry[]) => {
    const placed = layoutDay(entries, day);
    // Nothing is drawn below the grid's last hour.
    for (const item of placed) expect(item.top + item.height).toBeLessThanOrEqual(DAY_MINUTES);
    return new Map(placed.map((item) => [item.entry.title, item]));
  };

  it('places entries at their clock time on 29 March 2026, a day of 23 hours', () => {
    const day = at(3, 29);
    // The zone took: at 2:00 the clocks went forward to 3:00.
    expect(addDays(day, 1).getTime() - day.getTime()).toBe(23 * HOUR_MS);
    const placed = placedOn(day, [
      entry('Morning push', at(3, 29, 10)),
      entry('Across the change', at(3, 29, 1), at(3, 29, 4)),
      entry('Evening drop', at(3, 29, 22), at(3, 30)),
      entry('Late push', at(3, 29, 23, 30)),
    ]);
    expect(placed.get('Morning push')).toMatchObject({ top: 10 * 60, height: SHORTEST_DRAWN_MINUTES });
    // Two hours elapsed, drawn from 1:00 to 4:00 as the clock's rows say.
    expect(placed.get('Across the change')).toMatchObject({ top: 60, height: 3 * 60 });
    expect(placed.get('Evening drop')).toMatchObject({ top: 22 * 60, height: 2 * 60 });
    expect(placed.get('Late push')).toMatchObject({ top: DAY_MINUTES - SHORTEST_DRAWN_MINUTES });
  });

  it('places entries at their clock time on 25 October 2026, a day of 25 hours, none below midnight', () => {
    const day = at(10, 25);
    // At 3:00 the clocks went back to 2:00.
    expect(addDays(day, 1).getTime() - day.getTime()).toBe(25 * HOUR_MS);
    const firstHalfPast2 = at(10, 25, 2, 30);
    const placed = placedOn(day, [
      entry('Morning push', at(10, 25, 10)),
      entry('Evening drop', at(10, 25, 22), at(10, 26)),
      entry('Late push', at(10, 25, 23, 30)),
      entry('First 2:30', firstHalfPast2),
      entry('Second 2:30', new Date(firstHalfPast2.getTime() + HOUR_MS)),
    ]);
    expect(placed.get('Morning push')).toMatchObject({ top: 10 * 60, height: SHORTEST_DRAWN_MINUTES });
    expect(placed.get('Evening drop')).toMatchObject({ top: 22 * 60, height: 2 * 60 });
    expect(placed.get('Late push')).toMatchObject({ top: DAY_MINUTES - SHORTEST_DRAWN_MINUTES });
    // The hour that happens twice: both of its 2:30s at 2:30, side by side.
    expect(placed.get('First 2:30')).toMatchObject({ top: 150, columns: 2 });
    expect(placed.get('Second 2:30')).toMatchObject({ top: 150, columns: 2 });
  });
});
