import type { CalendarEntry, CalendarEntryState } from '@outpost/contracts/calendar/schemas';
import type { CSSProperties } from 'react';
import { entryKey, kindLabel, overlapText } from '../calendar-time';
import styles from './calendar.module.css';

export const STATE_LABELS: Record<CalendarEntryState, string> = {
  scheduled: 'Scheduled',
  'under-way': 'Under way',
  done: 'Done',
};

interface EntryChipProps {
  entry: CalendarEntry;
  /** Its time where it is shown ("3:00 PM", "until 6:00 PM", "all day"). */
  time: string;
  /** The entries it happens at once with. */
  overlaps: readonly CalendarEntry[];
  /** 'compact': a grid's cell, the overlap said short ("2 at once") and in full to a screen reader; 'full': a list, with its detail. */
  size: 'compact' | 'full';
  onOpen: (entry: CalendarEntry) => void;
  style?: CSSProperties;
}

/**
 * One entry: its kind in words and in its colour (data-kind), its time, its title, and what it
 * overlaps. A button that opens its details.
 */
export function EntryChip({ entry, time, overlaps, size, onOpen, style }: EntryChipProps) {
  const overlap = overlapText(overlaps);
  return (
    <button
      type="button"
      className={`${styles.entry} ${size === 'compact' ? styles.compact : styles.full}`}
      data-kind={entry.kind}
      data-state={entry.state}
      // Names the thing (kind/entryID) wherever it is drawn, for a test to find it by.
      data-entry={entryKey(entry)}
      style={style}
      onClick={() => onOpen(entry)}
    >
      <span className={styles.entryKind}>{kindLabel(entry)}</span>
      <span className={styles.entryLine}>
        <span className={styles.entryTime}>{time}</span> <span className={styles.entryTitle}>{entry.title}</span>
        {entry.state !== 'scheduled' && <span className={styles.entryState}> · {STATE_LABELS[entry.state]}</span>}
      </span>
      {size === 'full' && entry.detail && <span className={styles.entryDetail}>{entry.detail}</span>}
      {overlap &&
        (size === 'full' ? (
          <span className={styles.overlap}>{overlap}</span>
        ) : (
          <span className={styles.overlap}>
            <span aria-hidden="true">{overlaps.length + 1} at once</span>
            <span className="visually-hidden">{`, ${overlap}`}</span>
          </span>
        ))}
    </button>
  );
}
