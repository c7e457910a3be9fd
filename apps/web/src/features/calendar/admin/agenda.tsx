import { daysOf, entriesOnDay, entryKey, formatDayTitle, sameDay, timeOnDay } from '../calendar-time';
import styles from './calendar.module.css';
import { EntryChip } from './entry-chip';
import { NewOnDay } from './new-on-day';
import type { CalendarViewProps } from './view-props';

/**
 * The month (its whole weeks, as the grid shows them) or the week as a list of its days that hold
 * something, for a phone's width: each day's entries in full, a window under every day it touches.
 */
export function Agenda({ place, entries, overlaps, today, onOpen, onNew }: CalendarViewProps) {
  const days = daysOf(place)
    .map((day) => ({ day, onDay: entriesOnDay(entries, day) }))
    .filter(({ onDay }) => onDay.length > 0);
  if (days.length === 0) return null;
  return (
    <ol className={styles.agenda}>
      {days.map(({ day, onDay }) => (
        <li key={day.getTime()} aria-current={sameDay(day, today) ? 'date' : undefined}>
          <div className={styles.agendaHead}>
            <h3>{formatDayTitle(day)}</h3>
            {onNew && <NewOnDay day={day} onNew={onNew} />}
          </div>
          <ul className={styles.dayEntries}>
            {onDay.map((entry) => (
              <li key={entryKey(entry)}>
                <EntryChip
                  entry={entry}
                  time={timeOnDay(entry, day)}
                  overlaps={overlaps.get(entryKey(entry)) ?? []}
                  size="full"
                  onOpen={onOpen}
                />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
