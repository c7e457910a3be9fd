import { formatDate } from '../../admin/components/local-time';
import { entriesOnDay, entryKey, formatDayTitle, monthWeeks, periodTitle, sameDay, timeOnDay } from '../calendar-time';
import styles from './calendar.module.css';
import { EntryChip } from './entry-chip';
import { NewOnDay } from './new-on-day';
import type { CalendarViewProps } from './view-props';

/** How many entries a day of the month shows before "+N more" (which opens the day). */
export const MONTH_DAY_ENTRIES = 3;

/**
 * The month as a table of its weeks, Monday first: each day its entries (a window on every day it
 * touches), the rest behind "+N more", and a button to start a new thing that day.
 */
export function MonthView({ place, entries, overlaps, today, onOpen, onNew, onShowDay }: CalendarViewProps) {
  const weeks = monthWeeks(place.date);
  return (
    <table className={styles.month}>
      <caption className="visually-hidden">{periodTitle(place)}</caption>
      <thead>
        <tr>
          {(weeks[0] ?? []).map((day) => (
            <th key={day.getDay()} scope="col" abbr={day.toLocaleDateString(undefined, { weekday: 'long' })}>
              {day.toLocaleDateString(undefined, { weekday: 'short' })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]?.getTime()}>
            {week.map((day) => {
              const onDay = entriesOnDay(entries, day);
              const more = onDay.length - MONTH_DAY_ENTRIES;
              const inMonth = day.getMonth() === place.date.getMonth();
              return (
                <td
                  key={day.getTime()}
                  className={inMonth ? styles.day : `${styles.day} ${styles.otherMonth}`}
                  aria-current={sameDay(day, today) ? 'date' : undefined}
                >
                  <div className={styles.dayHead}>
                    <button
                      type="button"
                      className={styles.dayNumber}
                      aria-label={formatDayTitle(day)}
                      onClick={() => onShowDay(day)}
                    >
                      {day.getDate()}
                    </button>
                    {onNew && <NewOnDay day={day} onNew={onNew} />}
                  </div>
                  {onDay.length > 0 && (
                    <ul className={styles.dayEntries}>
                      {onDay.slice(0, MONTH_DAY_ENTRIES).map((entry) => (
                        <li key={entryKey(entry)}>
                          <EntryChip
                            entry={entry}
                            time={timeOnDay(entry, day)}
                            overlaps={overlaps.get(entryKey(entry)) ?? []}
                            size="compact"
                            onOpen={onOpen}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                  {more > 0 && (
                    <button type="button" className={styles.more} onClick={() => onShowDay(day)}>
                      +{more} more<span className="visually-hidden"> on {formatDate(day.toISOString())}</span>
                    </button>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
