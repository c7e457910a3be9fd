import { formatDate } from '../../admin/components/local-time';
import styles from './calendar.module.css';

/** A day's "+": starts a new thing on that day (every view's day heading has one for those who may create). */
export function NewOnDay({ day, onNew }: { day: Date; onNew: (day: Date) => void }) {
  return (
    <button
      type="button"
      className={styles.add}
      aria-label={`New on ${formatDate(day.toISOString())}`}
      onClick={() => onNew(day)}
    >
      +
    </button>
  );
}
