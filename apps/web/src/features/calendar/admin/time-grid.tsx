import type { CalendarEntry } from '@outpost/contracts/calendar/schemas';
import { type CSSProperties, type MouseEvent, useLayoutEffect, useRef } from 'react';
import {
  daysOf,
  entriesOnDay,
  entryKey,
  formatDayTitle,
  isLong,
  layoutBand,
  layoutDay,
  periodTitle,
  sameDay,
  spanOf,
  timeOnDay,
} from '../calendar-time';
import styles from './calendar.module.css';
import { EntryChip } from './entry-chip';
import { NewOnDay } from './new-on-day';
import type { CalendarViewProps } from './view-props';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** The hour the grid opens scrolled to when nothing earlier is on it: the working day. */
const FIRST_SHOWN_HOUR = 8;

/**
 * Where an entry sits in its day's column: side by side with those it overlaps, each in its column,
 * all but the last reaching under their right-hand neighbour, so a narrow week still shows their words.
 */
const WIDER = 1.7;
function placedStyle(top: number, height: number, column: number, columns: number): CSSProperties {
  const left = (column / columns) * 100;
  const width = column < columns - 1 ? Math.min(100 - left, (WIDER * 100) / columns) : 100 / columns;
  return {
    top: `calc(var(--hour) * ${top / 60})`,
    height: `calc(var(--hour) * ${height / 60})`,
    left: `${left}%`,
    width: `${width}%`,
  };
}

const hourLabel = (hour: number) => new Date(2000, 0, 1, hour).toLocaleTimeString(undefined, { hour: 'numeric' });

/**
 * The week's or the day's hours: each day a column, its entries at their times, those that overlap
 * side by side; windows of a day or more in a band above the hours, spanning their days. The hours
 * scroll inside the grid, which opens at the day's first entry or at 8:00.
 */
export function TimeGrid({ place, entries, overlaps, today, onOpen, onNew, onShowDay }: CalendarViewProps) {
  const days = daysOf(place);
  const long = entries.filter(isLong);
  const timed = entries.filter((entry) => !isLong(entry));
  const band = layoutBand(long, days);
  const scroller = useRef<HTMLElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const hours = useRef<HTMLDivElement>(null);

  const firstHour = Math.min(
    FIRST_SHOWN_HOUR,
    ...days.flatMap((day) =>
      entriesOnDay(timed, day)
        .filter((entry) => spanOf(entry).start >= day.getTime())
        .map((entry) => new Date(entry.startsAt).getHours()),
    ),
  );
  const periodKey = `${place.view}/${days[0]?.getTime()}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: on arrival and for each new period only; a live refresh of the same period leaves the hours where the admin scrolled them
  useLayoutEffect(() => {
    if (!scroller.current || !hours.current) return;
    // The hour just below the days' heads, which stay at the top as the hours scroll.
    const hour = hours.current.offsetHeight / 24;
    scroller.current.scrollTop = hours.current.offsetTop + hour * firstHour - (head.current?.offsetHeight ?? 0);
  }, [periodKey]);

  // A click on an empty hour starts a new thing there; the keyboard's way is the day's "+" button.
  const newAt = (day: Date) => (event: MouseEvent<HTMLDivElement>) => {
    if (!onNew || event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    onNew(day, Math.min(23, Math.floor(((event.clientY - box.top) / box.height) * 24)));
  };

  const chip = (entry: CalendarEntry, day: Date) => (
    <EntryChip
      entry={entry}
      time={timeOnDay(entry, day)}
      overlaps={overlaps.get(entryKey(entry)) ?? []}
      size="compact"
      onOpen={onOpen}
    />
  );

  return (
    <section
      ref={scroller}
      className={styles.timeGrid}
      style={{ '--days': days.length } as CSSProperties}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region (the hours) must take focus to be scrolled by keyboard.
      tabIndex={0}
      aria-label={`Hours of ${periodTitle(place)}`}
    >
      <div ref={head} className={styles.gridTop}>
        <div className={styles.gridHead}>
          {days.map((day) => (
            <div
              key={day.getTime()}
              className={styles.columnHead}
              aria-current={sameDay(day, today) ? 'date' : undefined}
            >
              {place.view === 'week' ? (
                <button type="button" className={styles.columnDay} onClick={() => onShowDay(day)}>
                  <span aria-hidden="true">
                    {day.toLocaleDateString(undefined, { weekday: 'short' })} {day.getDate()}
                  </span>
                  <span className="visually-hidden">{formatDayTitle(day)}</span>
                </button>
              ) : (
                <span className={styles.columnDay}>{formatDayTitle(day)}</span>
              )}
              {onNew && <NewOnDay day={day} onNew={onNew} />}
            </div>
          ))}
        </div>
        {band.length > 0 && (
          <ul className={styles.band} aria-label="Across days">
            {band.map(({ entry, first, last, row }) => (
              <li key={entryKey(entry)} style={{ gridColumn: `${first + 2} / ${last + 3}`, gridRow: row + 1 }}>
                {chip(entry, days[first] ?? place.date)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div ref={hours} className={styles.hours}>
        <ol className={styles.hourLabels} aria-hidden="true">
          {HOURS.map((hour) => (
            <li key={hour}>{hourLabel(hour)}</li>
          ))}
        </ol>
        {days.map((day) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut; each day's "+" button does it by keyboard
          // biome-ignore lint/a11y/useKeyWithClickEvents: as above
          <div key={day.getTime()} className={styles.hourColumn} onClick={newAt(day)}>
            <ul className={styles.placed} aria-label={formatDayTitle(day)}>
              {layoutDay(entriesOnDay(timed, day), day).map(({ entry, top, height, column, columns }) => (
                <li key={entryKey(entry)} style={placedStyle(top, height, column, columns)}>
                  {chip(entry, day)}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
